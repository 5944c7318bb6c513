/// The advanced parameters of FE05 (pybelt `belt_controller.py`, FSLib-Android `BeltParameter.java`): read
/// with `10 01 <pid>`, written with `11 <pid> <persist> <value…>`, reported on FE06 as `10 <pid> <value…>`.
/// Raw values are the wire IDs.
package enum BeltAdvancedParameter: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case defaultIntensity = 0x00
    case headingOffset = 0x01
    /// Encoding unknown; Android recognises the reply and ignores it (`BeltCommunicationController.java`).
    case buzzerActive = 0x02
    /// Bit 0: signal in compass (and crossing) mode; bit 1: in app mode (pybelt
    /// `set_inaccurate_orientation_signal_state`).
    case compassAccuracySignal = 0x03
    /// The firmware-4 "front range" patch parameter of FSLib-iOS (`checkForFirmwarePatch`).
    case frontRange = 0x0A
    /// Milliseconds, ≥ 20; firmware ≥ 52 (pybelt `set_orientation_notification_period`). An old FSLib-Android
    /// test app (`AdvancedBeltController.java`) used 0x0F for the magnetometer error.
    case orientationNotificationPeriod = 0x0F
    case pairingRequirement = 0x25

    package var description: String {
        switch self {
        case .defaultIntensity: "default intensity"
        case .headingOffset: "heading offset"
        case .buzzerActive: "buzzer active"
        case .compassAccuracySignal: "compass accuracy signal"
        case .frontRange: "front range"
        case .orientationNotificationPeriod: "orientation notification period"
        case .pairingRequirement: "pairing requirement"
        }
    }
}
