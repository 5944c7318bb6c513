/// FE09 byte 0; raw values are the wire values, names as FSLib-iOS `FSPowerStatus`.
package enum BeltPowerStatus: UInt8, Sendable, Hashable, CaseIterable {
    case unknown = 0
    case onBattery = 1
    case charging = 2
    /// Full and on external power (USB).
    case external = 3

    /// The name `wayfinder status` and the simulation script use: `battery`, `charging`, `external`,
    /// `unknown`.
    package var statusName: String {
        switch self {
        case .unknown: "unknown"
        case .onBattery: "battery"
        case .charging: "charging"
        case .external: "external"
        }
    }
}
