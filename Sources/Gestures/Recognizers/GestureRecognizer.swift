/// The UIKit-style recognizer every concrete recognizer builds on (`UIGestureRecognizer`). It holds what the
/// pipeline arbitrates with — state, the attempt's touches, exclusions, the one timer, the pending
/// transition — and the public knobs: side and touch-class filters, the three delivery flags, the
/// delegate and the actions. Subclasses supply only their gesture's logic (`update`, `timerFired`,
/// `values`, `resetGesture`). A recognizer belongs to one `GesturePipeline`, which calls it on one thread.
package class GestureRecognizer {
    /// The name the log, the actions and control items use.
    package let name: String

    /// The case strips this recognizer listens to; touches elsewhere are invisible to it
    /// (docs/gestures.md, "Filters").
    package var sides: Set<CaseSide> {
        didSet { sideMask = CaseSide.mask(sides) }
    }

    /// The touch classes it accepts (nil: every class), checked when a touch begins.
    package var touchClasses: Set<TouchClass>? {
        didSet { classMask = TouchClass.mask(touchClasses) }
    }

    /// On recognition, the consumer's touches of this attempt are cancelled (UIKit's default: true).
    package var cancelsTouchesInView = true
    /// While undecided, the consumer does not see a touch's `began` (UIKit's default: false).
    package var delaysTouchesBegan = false
    /// While undecided, the consumer does not see a touch's `ended` (UIKit's default: true).
    package var delaysTouchesEnded = true

    package weak var delegate: (any GestureRecognizerDelegate)?

    @exclusivity(unchecked) package internal(set) var state: GestureState = .possible
    /// Changed through `GesturePipeline.setEnabled`, which cancels or fails an engaged recognizer.
    @exclusivity(unchecked) package internal(set) var isEnabled = true

    /// Discrete recognizers report once (`recognized`); continuous ones report a stream.
    var isDiscrete: Bool { true }

    // MARK: Bookkeeping the pipeline keeps for it

    @exclusivity(unchecked) var sideMask: UInt8
    @exclusivity(unchecked) var classMask: UInt8 = 0xFF
    /// Its position in the pipeline's registration order; -1 until registered.
    @exclusivity(unchecked) package internal(set) var index = -1
    /// Touches of the attempt that are down and not ignored.
    @exclusivity(unchecked) var tracked: [TrackedTouch] = []
    /// Every touch accepted in this attempt, lifted ones included.
    @exclusivity(unchecked) var attempt: [UInt64] = []
    /// Attempt touches the recognizer was told to ignore.
    @exclusivity(unchecked) var ignored: [UInt64] = []
    // A touch is *excluded* (refused, denied, filtered, begun while disabled or pending, or still down
    // at a reset) simply by not being in `tracked`: only touches accepted at their `began` are tracked,
    // so an excluded touch is never delivered again and needs no list of its own.
    /// The one timer a recognizer runs at a time (tap duration or interval, press, swipe, gap).
    @exclusivity(unchecked) var timerDeadline: Double?
    /// Arming order, to break ties between equal deadlines.
    @exclusivity(unchecked) var timerSequence: UInt64 = 0
    @exclusivity(unchecked) var timerNeedsSequence = false
    /// A transition that waits for failure requirements (pending).
    @exclusivity(unchecked) var pending: GestureProposal?
    /// Static `require(toFail:)` edges, as pipeline indices.
    @exclusivity(unchecked) var requiredToFail: [Int] = []
    /// Partners declared simultaneous at configuration time, as pipeline indices.
    @exclusivity(unchecked) var simultaneousWith: [Int] = []

    @exclusivity(unchecked) private var targets: [(token: Int, action: (GestureTransition) -> Void)] = []
    @exclusivity(unchecked) private var nextToken = 0

    init(name: String, sides: Set<CaseSide>) {
        self.name = name
        self.sides = sides
        self.sideMask = CaseSide.mask(sides)
    }

    // MARK: Actions

    /// Adds an action called for began, changed, ended, cancelled and recognized (never failed),
    /// synchronously at the end of the frame in transition order (docs/gestures.md, "State machine").
    /// Any number may be added.
    @discardableResult
    package func addTarget(_ action: @escaping (GestureTransition) -> Void) -> GestureTargetToken {
        nextToken += 1
        targets.append((nextToken, action))
        return GestureTargetToken(value: nextToken)
    }

    package func removeTarget(_ token: GestureTargetToken) {
        targets.removeAll { $0.token == token.value }
    }

    package func removeAllTargets() {
        targets.removeAll()
    }

    func sendActions(_ transition: GestureTransition) {
        for target in targets { target.action(transition) }
    }

    // MARK: Hooks a subclass overrides

    /// Capacity: whether a touch that begins now may join (pan maximum once active, pinch 2, edge 1).
    /// A refused touch is excluded for this recognizer.
    func accepts(_ touch: TrackedTouch) -> Bool { true }

    /// One evaluation per frame, after the frame's touches were applied to `tracked` (new ones
    /// appended with `isNew`, moved and lifted ones at their new positions, flags set).
    func update(now: Double) -> GestureProposal { .none }

    /// The recognizer's timer reached its deadline (`now`).
    func timerFired(now: Double) -> GestureProposal { .fail }

    /// A touch left `tracked` through `ignore` (pan re-bases here). By default an ignored touch counts
    /// as gone: with none left, an active gesture ends and a possible one fails — otherwise it
    /// would wait for a lift it will never be told about and stay engaged (or active) for good.
    func didIgnore(_ touch: TrackedTouch, now: Double) -> GestureProposal {
        guard tracked.isEmpty else { return .none }
        return state.isActive ? .end : .fail
    }

    /// The values reported with the next transition.
    var values: GestureValues { GestureValues() }

    /// Clears the gesture's own state; the base bookkeeping is cleared by the pipeline.
    func resetGesture() {}

    /// Class-wide prevention rules (UIKit's `canPrevent(_:)`, `canBePrevented(by:)`).
    func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// Subclass forms of the dynamic failure requirements (UIKit's `shouldRequireFailure(of:)`,
    /// `shouldBeRequiredToFail(by:)`).
    func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Helpers for subclasses

    func arm(at deadline: Double) {
        timerDeadline = deadline
        timerNeedsSequence = true
    }

    func disarm() {
        timerDeadline = nil
    }

    /// Centroid of the touches for which `include` is true; nil when there are none.
    func centroid(where include: (TrackedTouch) -> Bool) -> TouchPoint? {
        var sx = 0.0, sy = 0.0, n = 0
        for touch in tracked where include(touch) {
            sx += touch.position.x
            sy += touch.position.y
            n += 1
        }
        return n == 0 ? nil : TouchPoint(x: sx / Double(n), y: sy / Double(n))
    }

    /// The touches that were tracked at the start of this frame (at their new positions).
    var startOfFrameCentroid: TouchPoint? { centroid { !$0.isNew } }
    /// The touches that remain after this frame.
    var endOfFrameCentroid: TouchPoint? { centroid { !$0.isLeaving } }
    var remainingCount: Int { tracked.reduce(0) { $0 + ($1.isLeaving ? 0 : 1) } }

    // MARK: Derived state the pipeline arbitrates with

    /// In `possible` with an attempt in progress.
    var isEngaged: Bool {
        state == .possible && (!tracked.isEmpty || timerDeadline != nil || pending != nil)
    }

    /// Whether the attempts of the two recognizers hold a common touch, ignored touches aside.
    func sharesTouch(with other: GestureRecognizer) -> Bool {
        for key in attempt where !ignored.contains(key) {
            if other.attempt.contains(key) && !other.ignored.contains(key) { return true }
        }
        return false
    }

    /// Undecided for a touch: in `possible` (pending included) with an attempt holding it, not ignored.
    func isUndecided(for key: UInt64) -> Bool {
        state == .possible && attempt.contains(key) && !ignored.contains(key)
    }
}
