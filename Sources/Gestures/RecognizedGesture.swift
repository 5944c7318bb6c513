/// A gesture the pipeline recognized on the touch case, as the command map sees it.
///
/// The configuration maps them to commands by `configName`, e.g. `"swipe-right"`, `"tap-swipe-left"`
/// or `"pan-up"`.
package enum RecognizedGesture: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    package enum Direction: String, Sendable, Hashable, CaseIterable {
        case left, right, up, down
    }

    case tap
    case doubleTap
    case longPress
    case swipe(Direction)
    /// Two-finger pinch: `closing` true when the fingers move together.
    case pinch(closing: Bool)
    case rotation(clockwise: Bool)
    /// FingerBlade's tap-then-swipe (`UITapSwipeGestureRecognizer`).
    case tapThenSwipe(Direction)
    /// A drag (UIKit's `UIPanGestureRecognizer`), continuous: made once per step travelled this way.
    case pan(Direction)
    /// A drag that starts at the edge opposite `Direction` and moves inward (UIKit's
    /// `UIScreenEdgePanGestureRecognizer` with `edges` = that edge): `edgePan(.right)` starts at the
    /// left edge. Made once per step, like `pan`.
    case edgePan(Direction)

    package static let allCases: [RecognizedGesture] =
        [.tap, .doubleTap, .longPress]
        + Direction.allCases.map { .swipe($0) }
        + [.pinch(closing: true), .pinch(closing: false), .rotation(clockwise: true), .rotation(clockwise: false)]
        + Direction.allCases.map { .tapThenSwipe($0) }
        + Direction.allCases.map { .pan($0) }
        + Direction.allCases.map { .edgePan($0) }

    package var configName: String {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .swipe(let d): "swipe-\(d.rawValue)"
        case .pinch(let closing): closing ? "pinch-in" : "pinch-out"
        case .rotation(let cw): cw ? "rotate-clockwise" : "rotate-counterclockwise"
        case .tapThenSwipe(let d): "tap-swipe-\(d.rawValue)"
        case .pan(let d): "pan-\(d.rawValue)"
        case .edgePan(let d): "edge-pan-\(d.rawValue)"
        }
    }

    package init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    /// Continuous gestures are made once per step of travel rather than once per stroke.
    package var isContinuous: Bool {
        switch self {
        case .pan, .edgePan: true
        default: false
        }
    }

    package var description: String { configName }
}
