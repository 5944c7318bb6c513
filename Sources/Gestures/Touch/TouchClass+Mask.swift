extension TouchClass {
    /// A bit per class, so a recognizer's class filter is one AND on the hot path.
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
