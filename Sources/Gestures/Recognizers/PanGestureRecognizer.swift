/// Dragging (UIKit's `UIPanGestureRecognizer`), continuous. Translation is relative to the original touch
/// point(s): `base + (centroid − ref)`, re-based whenever the tracked set changes so it never jumps. It
/// begins on a moving frame once the translation reaches `minimumTranslation` with an allowed touch
/// count, and ends when fewer than `minimumNumberOfTouches` remain.
package class PanGestureRecognizer: GestureRecognizer {
    package var minimumNumberOfTouches: Int
    /// nil: unlimited.
    package var maximumNumberOfTouches: Int?
    package var minimumTranslation: Double

    @exclusivity(unchecked) private(set) var translation = TouchPoint.zero
    @exclusivity(unchecked) private var base = TouchPoint.zero
    @exclusivity(unchecked) private var reference: TouchPoint?
    @exclusivity(unchecked) private var location: TouchPoint?
    @exclusivity(unchecked) private var velocity = VelocitySampler()
    @exclusivity(unchecked) private var velocityXY = TouchPoint.zero

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), minimumNumberOfTouches: Int = 1,
                maximumNumberOfTouches: Int? = nil, minimumTranslation: Double = 0.02) {
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.minimumTranslation = minimumTranslation
        super.init(name: name, sides: sides)
    }

    override var isDiscrete: Bool { false }

    override func accepts(_ touch: TrackedTouch) -> Bool {
        guard state.isActive, let maximum = maximumNumberOfTouches else { return true }
        return tracked.count < maximum
    }

    override func update(now: Double) -> GestureProposal {
        // Values reported with `cancelled` are the last ones computed before it.
        if tracked.contains(where: \.cancelled) { return state.isActive ? .cancel : .fail }
        let moved = tracked.contains { $0.moved && !$0.isNew }
        let setChanged = tracked.contains { $0.isNew || $0.isLeaving }
        if let reference, let current = startOfFrameCentroid {
            translation = base + (current - reference)
            location = current
        } else if reference == nil {
            // The attempt's first touch-down: translation 0, velocity sampled from here.
            velocity.start(at: now)
        }
        if moved, let sample = velocity.sample(TouchPoint(x: translation.x, y: translation.y), at: now) {
            velocityXY = sample
        }
        let count = remainingCount
        let ending = state.isActive && count < minimumNumberOfTouches
        if setChanged, !ending, let after = endOfFrameCentroid {
            base = translation
            reference = after
            location = after
        }
        if state.isActive {
            if ending { return .end }
            return moved || setChanged ? .change : .none
        }
        if let maximum = maximumNumberOfTouches, count > maximum { return .fail }
        if count == 0 { return .fail }
        if moved, count >= minimumNumberOfTouches, Tolerance.reaches(translation.length, minimumTranslation) { return .begin }
        return .none
    }

    override func didIgnore(_ touch: TrackedTouch, now: Double) -> GestureProposal {
        // The ignored touch leaves the set: re-base so the translation does not jump.
        if let after = centroid(where: { _ in true }) {
            base = translation
            reference = after
            location = after
        }
        if state.isActive { return tracked.count < minimumNumberOfTouches ? .end : .none }
        return tracked.isEmpty ? .fail : .none
    }

    /// Re-bases the translation (UIKit `setTranslation`); velocity restarts at 0.
    package func setTranslation(_ value: TouchPoint, atMs now: Double) {
        translation = value
        base = value
        reference = centroid { _ in true }
        velocityXY = .zero
        velocity.restart(at: now, value: value)
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.location = location
        values.translation = translation
        values.velocityXY = velocityXY
        values.numberOfTouches = tracked.count
        return values
    }

    override func resetGesture() {
        translation = .zero
        base = .zero
        reference = nil
        location = nil
        velocityXY = .zero
        velocity.restart(at: 0, value: .zero)
    }
}
