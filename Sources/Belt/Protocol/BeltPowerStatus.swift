/// FE09 byte 0; raw values are the wire values, names as FSLib-iOS `FSPowerStatus`.
package enum BeltPowerStatus: UInt8, Sendable, Hashable, CaseIterable {
    case unknown = 0
    case onBattery = 1
    case charging = 2
    /// Full and on external power (USB).
    case external = 3
}
