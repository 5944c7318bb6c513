/// Taps × touches (UIKit's `UITapGestureRecognizer`), discrete. A tap runs from the first touch-down
/// (none of its touches down) until all its touches are up; each tap must be shorter than
/// `maximumTapDurationMs` (a timer, so exactly the limit fails), each next tap must start within
/// `maximumTapIntervalMs` of the previous lift and `maximumTapSeparation` of the first tap. Fuffr's
/// double tap is this with `numberOfTapsRequired = 2`.
package final class TapGestureRecognizer: GestureRecognizer {
    package var numberOfTapsRequired: Int
    package var numberOfTouchesRequired: Int
    package var maximumTapDurationMs: Double
    package var maximumTapIntervalMs: Double
    /// Per touch, from its own down point (u).
    package var allowableMovement: Double
    /// A later tap's first down point vs the first tap's location (u).
    package var maximumTapSeparation: Double

    @exclusivity(unchecked) private var tapsCounted = 0
    @exclusivity(unchecked) private var touchesInTap = 0
    @exclusivity(unchecked) private var downPointsInTap: [TouchPoint] = []
    @exclusivity(unchecked) private var firstTapLocation: TouchPoint?

    /// Defaults: the project's (docs/gestures.md, "Recognizers and their defaults").
    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), numberOfTapsRequired: Int = 1,
                numberOfTouchesRequired: Int = 1, maximumTapDurationMs: Double = 350,
                maximumTapIntervalMs: Double = 300, allowableMovement: Double = 0.03,
                maximumTapSeparation: Double = 0.08) {
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.maximumTapDurationMs = maximumTapDurationMs
        self.maximumTapIntervalMs = maximumTapIntervalMs
        self.allowableMovement = allowableMovement
        self.maximumTapSeparation = maximumTapSeparation
        super.init(name: name, sides: sides)
    }

    /// Fuffr's `FFRDoubleTapGestureRecognizer` as a configured tap (its own distance and time rule is not
    /// kept).
    package static func fuffrDoubleTap(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases)) -> TapGestureRecognizer {
        TapGestureRecognizer(name: name, sides: sides, numberOfTapsRequired: 2)
    }

    override func update(now: Double) -> GestureProposal {
        var downBefore = tracked.reduce(0) { $0 + ($1.isNew ? 0 : 1) }
        for touch in tracked {
            if touch.cancelled { return .fail }
            if touch.isNew {
                if downBefore == 0 {
                    // A new tap starts.
                    if let first = firstTapLocation {
                        if Tolerance.exceeds(touch.down.distance(to: first), maximumTapSeparation) { return .fail }
                    }
                    touchesInTap = 0
                    downPointsInTap.removeAll(keepingCapacity: true)
                    arm(at: now + maximumTapDurationMs)
                }
                downBefore += 1
                touchesInTap += 1
                downPointsInTap.append(touch.down)
                if touchesInTap > numberOfTouchesRequired { return .fail }
            }
            if Tolerance.exceeds(touch.position.distance(to: touch.down), allowableMovement) { return .fail }
        }
        guard remainingCount == 0 else { return .none }
        // The tap's last touch lifted.
        guard touchesInTap >= numberOfTouchesRequired, !downPointsInTap.isEmpty else { return .fail }
        tapsCounted += 1
        if firstTapLocation == nil {
            var sum = TouchPoint.zero
            for point in downPointsInTap { sum = sum + point }
            firstTapLocation = TouchPoint(x: sum.x / Double(downPointsInTap.count), y: sum.y / Double(downPointsInTap.count))
        }
        if tapsCounted >= numberOfTapsRequired {
            disarm()
            return .recognize
        }
        arm(at: now + maximumTapIntervalMs)
        return .none
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.location = firstTapLocation ?? downPointsInTap.first
        values.numberOfTouches = touchesInTap
        values.tapCount = tapsCounted
        return values
    }

    override func resetGesture() {
        tapsCounted = 0
        touchesInTap = 0
        downPointsInTap.removeAll(keepingCapacity: true)
        firstTapLocation = nil
    }

    /// A tap never prevents a tap that needs more taps (as the JavaScript GestureRecognizer's
    /// `canBePreventedByGestureRecognizer`), so a single and a double tap can coexist.
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return true
    }
}
