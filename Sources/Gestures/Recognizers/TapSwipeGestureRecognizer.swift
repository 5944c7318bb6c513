/// FingerBlade's `UITapSwipeGestureRecognizer` (and its `Documents/Documentation.md`), discrete: 0, 1 or 2 tap
/// strokes, then one swipe stroke ("two short strokes and the rest"). A stroke runs from a first
/// touch-down until all its touches are up; strokes must follow each other within
/// `maximumStrokeGapMs`. The swipe latches once its centroid has been `minimumSwipeDistance` from the
/// stroke's start and is recognized when the stroke ends. Direction is free: the app classifies it.
package final class TapSwipeGestureRecognizer: GestureRecognizer {
    package var numberOfTapsRequired: Int
    package var numberOfTapTouchesRequired: Int
    package var numberOfSwipeTouchesRequired: Int
    package var minimumSwipeDistance: Double
    package var maximumStrokeGapMs: Double
    package var tapAllowableMovement: Double
    /// nil: no limit (FingerBlade has none).
    package var maximumTapDurationMs: Double?
    /// Record the swipe stroke's centroid path (FingerBlade's trail); off by default to stay cheap.
    package var recordsPath = false

    /// The recorded swipe path when `recordsPath` is on, reported with the recognition.
    package private(set) var path: [TouchPoint] = []

    @exclusivity(unchecked) private var completedStrokes = 0
    @exclusivity(unchecked) private var inStroke = false
    @exclusivity(unchecked) private var strokeTouches = 0
    @exclusivity(unchecked) private var strokeMaximum = 0
    @exclusivity(unchecked) private var swipeStart: TouchPoint?
    @exclusivity(unchecked) private var swipeEnd: TouchPoint?
    @exclusivity(unchecked) private var latched = false

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), numberOfTapsRequired: Int = 1,
                numberOfTapTouchesRequired: Int = 1, numberOfSwipeTouchesRequired: Int = 1,
                minimumSwipeDistance: Double = 0.25, maximumStrokeGapMs: Double = 500,
                tapAllowableMovement: Double = 0.02, maximumTapDurationMs: Double? = nil) {
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTapTouchesRequired = numberOfTapTouchesRequired
        self.numberOfSwipeTouchesRequired = numberOfSwipeTouchesRequired
        self.minimumSwipeDistance = minimumSwipeDistance
        self.maximumStrokeGapMs = maximumStrokeGapMs
        self.tapAllowableMovement = tapAllowableMovement
        self.maximumTapDurationMs = maximumTapDurationMs
        super.init(name: name, sides: sides)
    }

    /// The stroke under way is a tap stroke (strokes 1…N), else the swipe stroke (N+1).
    private var isTapStroke: Bool { completedStrokes < numberOfTapsRequired }

    override func update(now: Double) -> GestureProposal {
        if tracked.contains(where: \.cancelled) { return .fail }
        if !inStroke, tracked.contains(where: \.isNew) {
            // A stroke starts.
            disarm()
            if completedStrokes >= numberOfTapsRequired + 1 { return .fail }
            inStroke = true
            strokeTouches = 0
            strokeMaximum = 0
            if isTapStroke, let limit = maximumTapDurationMs { arm(at: now + limit) }
        }
        let required = isTapStroke ? numberOfTapTouchesRequired : numberOfSwipeTouchesRequired
        strokeTouches = tracked.count
        strokeMaximum = max(strokeMaximum, strokeTouches)
        if strokeTouches > required { return .fail }
        if isTapStroke {
            for touch in tracked where Tolerance.exceeds(touch.position.distance(to: touch.down), tapAllowableMovement) { return .fail }
        } else {
            trackSwipe()
        }
        guard remainingCount == 0 else { return .none }
        // The stroke ended.
        inStroke = false
        if strokeMaximum < required { return .fail }
        let wasSwipe = !isTapStroke
        completedStrokes += 1
        if wasSwipe && latched { return .recognize }
        arm(at: now + maximumStrokeGapMs)
        return .none
    }

    private func trackSwipe() {
        guard let current = centroid(where: { _ in true }) else { return }
        if swipeStart == nil {
            guard tracked.count == numberOfSwipeTouchesRequired, let start = endOfFrameCentroid ?? Optional(current)
            else { return }
            swipeStart = start
            swipeEnd = start
            if recordsPath { path = [start] }
            return
        }
        guard let start = swipeStart, tracked.count == numberOfSwipeTouchesRequired else { return }
        swipeEnd = current
        if recordsPath { path.append(current) }
        if Tolerance.reaches(current.distance(to: start), minimumSwipeDistance) { latched = true }
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.taps = numberOfTapsRequired
        values.location = swipeStart
        if let start = swipeStart, let end = swipeEnd { values.swipe = end - start }
        values.numberOfTouches = tracked.count
        return values
    }

    override func resetGesture() {
        completedStrokes = 0
        inStroke = false
        strokeTouches = 0
        strokeMaximum = 0
        swipeStart = nil
        swipeEnd = nil
        latched = false
        path.removeAll()
    }
}
