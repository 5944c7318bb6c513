/// Press and hold (UIKit's `UILongPressGestureRecognizer`), continuous as in UIKit. While possible the
/// touches must stay within `allowableMovement` and down; `minimumPressDurationMs` after the required
/// count is reached it begins. Once active, movement is free (`changed`), surplus touches are refused,
/// and it ends when the count drops below the required one.
///
/// With `numberOfTapsRequired` > 0 the press must follow that many quick taps of the same touch count
/// (UIKit's optional feature). UIKit gives no tap limits; a tap here must lift before
/// `minimumPressDurationMs` and the next must start within `maximumTapIntervalMs` (a project choice).
package final class LongPressGestureRecognizer: GestureRecognizer {
    package var minimumPressDurationMs: Double
    package var allowableMovement: Double
    package var numberOfTouchesRequired: Int
    package var numberOfTapsRequired: Int
    package var maximumTapIntervalMs: Double

    @exclusivity(unchecked) private var tapsDone = 0
    @exclusivity(unchecked) private var pressArmed = false
    @exclusivity(unchecked) private var location: TouchPoint?

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), minimumPressDurationMs: Double = 500,
                allowableMovement: Double = 0.03, numberOfTouchesRequired: Int = 1, numberOfTapsRequired: Int = 0,
                maximumTapIntervalMs: Double = 300) {
        self.minimumPressDurationMs = minimumPressDurationMs
        self.allowableMovement = allowableMovement
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.numberOfTapsRequired = numberOfTapsRequired
        self.maximumTapIntervalMs = maximumTapIntervalMs
        super.init(name: name, sides: sides)
    }

    override var isDiscrete: Bool { false }

    override func accepts(_ touch: TrackedTouch) -> Bool {
        !(state.isActive && tracked.count >= numberOfTouchesRequired)
    }

    override func update(now: Double) -> GestureProposal {
        if state.isActive {
            if tracked.contains(where: \.cancelled) { return .cancel }
            location = centroid { _ in true }
            if remainingCount < numberOfTouchesRequired { return .end }
            return tracked.contains(where: \.moved) ? .change : .none
        }
        location = endOfFrameCentroid ?? centroid { _ in true }
        if pending != nil {
            // The press fired but waits for a failure requirement: movement is free, as once active.
            if tracked.contains(where: \.cancelled) || tracked.count > numberOfTouchesRequired { return .fail }
            location = centroid { _ in true }
            return remainingCount < numberOfTouchesRequired ? .fail : .none
        }
        for touch in tracked {
            if touch.cancelled { return .fail }
            if Tolerance.exceeds(touch.position.distance(to: touch.down), allowableMovement) { return .fail }
        }
        if tracked.count > numberOfTouchesRequired { return .fail }
        if tracked.contains(where: \.lifted) {
            // Lifting before the press fires: a completed tap if taps are still owed, else a failure.
            guard tapsDone < numberOfTapsRequired, pressArmed else { return .fail }
            guard remainingCount == 0 else { return .none }
            pressArmed = false
            tapsDone += 1
            arm(at: now + maximumTapIntervalMs)
            return .none
        }
        if !pressArmed && tracked.count == numberOfTouchesRequired {
            pressArmed = true
            arm(at: now + minimumPressDurationMs)
        }
        return .none
    }

    /// An ignored touch leaves the tracked set like a lift: below the required count an
    /// active press ends; an armed press (or one with nothing left) fails.
    override func didIgnore(_ touch: TrackedTouch, now: Double) -> GestureProposal {
        if state.isActive { return tracked.count < numberOfTouchesRequired ? .end : .none }
        return pressArmed || tracked.isEmpty ? .fail : .none
    }

    override func timerFired(now: Double) -> GestureProposal {
        // An interval timer between taps, or the press timer before the last taps were done: fail.
        guard pressArmed, tapsDone >= numberOfTapsRequired else { return .fail }
        location = centroid { _ in true }
        return .begin
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.location = location
        values.numberOfTouches = tracked.count
        return values
    }

    override func resetGesture() {
        tapsDone = 0
        pressArmed = false
        location = nil
    }
}
