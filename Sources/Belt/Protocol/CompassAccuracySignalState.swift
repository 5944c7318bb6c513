/// Where the belt plays its "compass inaccurate" signal: advanced parameter 0x03 (pybelt `belt_controller.py`,
/// FSLib-Android `BeltParameter.java`).
///
/// FSLib-iOS and -Android only ever write both bits or none; pybelt sets them separately.
package struct CompassAccuracySignalState: OptionSet, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: in compass (and crossing) mode.
    package static let inCompassMode = CompassAccuracySignalState(rawValue: 0x01)
    /// Bit 1: in app mode.
    package static let inAppMode = CompassAccuracySignalState(rawValue: 0x02)
    /// What FSLib writes for "enabled" (`03`).
    package static let everywhere: CompassAccuracySignalState = [.inCompassMode, .inAppMode]

    /// The two bits are all the parameter has.
    package var isValid: Bool { rawValue <= 3 }

    package var description: String {
        switch rawValue {
        case 0: "off"
        case 1: "compass mode only"
        case 2: "app mode only"
        case 3: "on"
        default: "invalid 0x\(String(rawValue, radix: 16))"
        }
    }
}
