/// A value of an advanced parameter as written (`11 <pid> <persist> <value…>`) and as reported on
/// FE06 (`10 <pid> <value…>`).
///
/// Only the parameters whose value encoding the libraries give are here. Buzzer-active (0x02) and the
/// front-range patch (0x0A) have no known value layout; their FE06 reports are kept as raw bytes
/// (`BeltNotification.buzzerActive`, `.frontRangePatch`) and 0x0A is written only as iOS's fixed patch.
package enum BeltAdvancedParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// One byte, percent 0–100.
    case defaultIntensity(Int)
    /// uint16 LE, degrees 0–359.
    case headingOffset(Int)
    case compassAccuracySignal(CompassAccuracySignalState)
    /// uint16 LE milliseconds; the belt needs ≥ 20 (pybelt). The FE06 reply layout is inferred.
    case orientationNotificationPeriod(milliseconds: UInt16)
    /// One byte boolean (pybelt `set_pairing_requirement`).
    case pairingRequired(Bool)

    package var parameter: BeltAdvancedParameter {
        switch self {
        case .defaultIntensity: .defaultIntensity
        case .headingOffset: .headingOffset
        case .compassAccuracySignal: .compassAccuracySignal
        case .orientationNotificationPeriod: .orientationNotificationPeriod
        case .pairingRequired: .pairingRequirement
        }
    }

    package var description: String {
        switch self {
        case .defaultIntensity(let i): "default intensity \(i)%"
        case .headingOffset(let d): "heading offset \(d)°"
        case .compassAccuracySignal(let s): "compass accuracy signal \(s)"
        case .orientationNotificationPeriod(let ms): "orientation every \(ms) ms"
        case .pairingRequired(let r): "pairing \(r ? "required" : "not required")"
        }
    }
}
