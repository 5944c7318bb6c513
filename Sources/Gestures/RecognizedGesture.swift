/// A gesture the pipeline recognized on the touch case, as the command map sees it.
///
/// The recognizers (a later issue) produce these; the configuration maps them to commands by
/// `configName`, e.g. `"swipe-right"` or `"tap-swipe-left"`.
public enum RecognizedGesture: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public enum Direction: String, Sendable, Hashable, CaseIterable {
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

    public static let allCases: [RecognizedGesture] =
        [.tap, .doubleTap, .longPress]
        + Direction.allCases.map { .swipe($0) }
        + [.pinch(closing: true), .pinch(closing: false), .rotation(clockwise: true), .rotation(clockwise: false)]
        + Direction.allCases.map { .tapThenSwipe($0) }

    public var configName: String {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .swipe(let d): "swipe-\(d.rawValue)"
        case .pinch(let closing): closing ? "pinch-in" : "pinch-out"
        case .rotation(let cw): cw ? "rotate-clockwise" : "rotate-counterclockwise"
        case .tapThenSwipe(let d): "tap-swipe-\(d.rawValue)"
        }
    }

    public init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    public var description: String { configName }
}
