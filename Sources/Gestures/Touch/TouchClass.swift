/// What touched the case, as the touch classifier decides it (FiftyThree's `FTTouchClassification`).
/// The pipeline takes a class per touch and lets a recognizer restrict itself to some classes, e.g.
/// a swipe that only fingers may make; it does not classify.
public enum TouchClass: String, Sendable, Hashable, CaseIterable {
    case unknown, pen, eraser, finger, palm

    var bit: UInt8 {
        switch self {
        case .unknown: 1
        case .pen: 2
        case .eraser: 4
        case .finger: 8
        case .palm: 16
        }
    }

    static func mask(_ classes: Set<TouchClass>?) -> UInt8 {
        guard let classes else { return 0xFF }
        return classes.reduce(0) { $0 | $1.bit }
    }
}
