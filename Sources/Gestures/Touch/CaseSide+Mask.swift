extension CaseSide {
    /// A bit per side, so a recognizer's side filter is one AND on the hot path.
    var bit: UInt8 {
        switch self {
        case .top: 1
        case .bottom: 2
        case .left: 4
        case .right: 8
        }
    }

    static func mask(_ sides: Set<CaseSide>) -> UInt8 {
        sides.reduce(0) { $0 | $1.bit }
    }
}
