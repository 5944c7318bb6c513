/// The belt's operating mode, with the wire values of pybelt `BeltMode` and FSLib-iOS `FSBeltMode`.
package enum BeltMode: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case standby = 0
    case wait = 1
    case compass = 2
    /// Vibration is controlled by us (the "app"). Navigation only vibrates in this mode.
    case app = 3
    case pause = 4
    case calibration = 5
    /// Vibrates toward the heading at entry; firmware ≥ 45.
    case crossing = 6
    /// Library-side only: the mode has not been reported yet.
    case unknown = 0xFF

    package var description: String {
        switch self {
        case .standby: "standby"
        case .wait: "wait"
        case .compass: "compass"
        case .app: "app"
        case .pause: "pause"
        case .calibration: "calibration"
        case .crossing: "crossing"
        case .unknown: "unknown"
        }
    }
}
