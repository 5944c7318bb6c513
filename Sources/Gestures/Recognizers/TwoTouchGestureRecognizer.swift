/// What pinch and rotation share (UIKit's `UIPinchGestureRecognizer`, `UIRotationGestureRecognizer`):
/// they track the first two touches they receive and refuse the rest; the reference is taken in the frame
/// the pair forms (and dropped if one lifts while still possible); they begin on a moving frame once the
/// value passes the threshold, change while both are down, freeze when the first lifts (no event) and end
/// when both have lifted. Subclasses say how the value is measured.
package class TwoTouchGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) private var paired = false
    @exclusivity(unchecked) private var frozen = false
    @exclusivity(unchecked) private var location: TouchPoint?
    @exclusivity(unchecked) private var velocitySampler = VelocitySampler()
    @exclusivity(unchecked) private(set) var velocity = 0.0

    override var isDiscrete: Bool { false }

    // MARK: Measure (subclass)

    /// The value when the pair forms (pinch 1, rotation 0).
    var identity: Double { 0 }
    var threshold: Double { 0 }
    var value: Double { identity }
    /// Takes the reference from the pair; false when it cannot be one yet (e.g. zero distance).
    func formPair(_ first: TouchPoint, _ second: TouchPoint) -> Bool { true }
    /// Updates the value from the pair's current positions.
    func measure(_ first: TouchPoint, _ second: TouchPoint) {}
    func clearMeasure() {}

    // MARK: Lifecycle

    override func accepts(_ touch: TrackedTouch) -> Bool {
        state == .possible && tracked.count < 2
    }

    override func update(now: Double) -> GestureProposal {
        let cancelled = tracked.contains(where: \.cancelled)
        let moved = tracked.contains { $0.moved && !$0.isNew }
        let lifted = tracked.contains(where: \.lifted)
        if state.isActive {
            if cancelled { return .cancel }
            if !frozen, tracked.count == 2 {
                measure(tracked[0].position, tracked[1].position)
                location = centroid { _ in true }
                if moved, let sample = velocitySampler.sample(TouchPoint(x: value, y: 0), at: now) { velocity = sample.x }
                if lifted {
                    frozen = true
                    return remainingCount == 0 ? .end : .none
                }
                return moved ? .change : .none
            }
            return remainingCount == 0 ? .end : .none
        }
        if cancelled || remainingCount == 0 { return .fail }
        if paired, tracked.count == 2, !tracked[0].isNew, !tracked[1].isNew {
            measure(tracked[0].position, tracked[1].position)
            location = centroid { _ in true }
            if moved, let sample = velocitySampler.sample(TouchPoint(x: value, y: 0), at: now) { velocity = sample.x }
            if lifted {
                // A pending pinch (waiting for a failure) has lost its pair: it cannot begin any more.
                if pending != nil { return .fail }
                paired = false
                clearMeasure()
                velocity = 0
                return .none
            }
            if moved, Tolerance.exceeds(abs(value - identity), threshold) { return .begin }
            return .none
        }
        location = endOfFrameCentroid
        if !paired, remainingCount == 2 {
            let pair = tracked.filter { !$0.isLeaving }
            if pair.count == 2, formPair(pair[0].position, pair[1].position) {
                paired = true
                velocity = 0
                velocitySampler.start(at: now, value: TouchPoint(x: identity, y: 0))
            }
        }
        return .none
    }

    /// An ignored touch leaves like a lift: once active the value freezes and the gesture
    /// ends when no tracked touch is left; while possible the pair is dropped, and nothing left fails.
    override func didIgnore(_ touch: TrackedTouch, now: Double) -> GestureProposal {
        if state.isActive {
            frozen = true
            return tracked.isEmpty ? .end : .none
        }
        if pending != nil, paired { return .fail }
        paired = false
        clearMeasure()
        velocity = 0
        return tracked.isEmpty ? .fail : .none
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.location = location
        values.velocity = velocity
        values.numberOfTouches = tracked.count
        return values
    }

    override func resetGesture() {
        paired = false
        frozen = false
        location = nil
        velocity = 0
        clearMeasure()
    }
}
