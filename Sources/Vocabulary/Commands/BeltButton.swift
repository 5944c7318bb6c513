/// The belt's four buttons, with the wire values of FSLib-iOS `FSBeltButton`.
package enum BeltButton: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case power = 1
    case pause = 2
    case compass = 3
    case home = 4

    package var description: String {
        switch self {
        case .power: "power"
        case .pause: "pause"
        case .compass: "compass"
        case .home: "home"
        }
    }
}

/// Short or long press (FSLib-iOS `FSPressType`).
package enum BeltPressType: UInt8, Sendable, Hashable, CaseIterable {
    case short = 1
    case long = 2
}
