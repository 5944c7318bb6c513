/// The command line's names for the protocol's enumerations: FSLib-iOS case names, then
/// our own Swift names as aliases where they differ. The first name of each value is the one printed.
enum FSLibNames {
    static let modes: [(String, BeltMode)] = [
        ("standby", .standby), ("wait", .wait), ("compass", .compass), ("app", .app), ("pause", .pause),
        ("calibration", .calibration), ("crossing", .crossing), ("unknown", .unknown),
    ]

    /// FSLib-iOS `FSVibrationPattern` names 1–6 and 9; the others have no iOS name and use ours.
    static let patterns: [(String, VibrationPattern)] = [
        ("noVibration", .noVibration), ("continuous", .continuous), ("singleShort", .singleShort),
        ("singleLong", .singleLong), ("doubleShort", .doubleShort), ("doubleLong", .doubleLong),
        ("shortShiftWave", .warning), ("circularRight", .circularRight), ("fadeOut", .fadeOut),
        ("goalReached", .destinationReached), ("frontCross", .frontCross),
        ("warning", .warning), ("destinationReached", .destinationReached),
    ] + VibrationPattern.allCases.filter { $0.rawValue >= 11 }.map { ("batteryLevel\($0.rawValue - 11)", $0) }

    /// FSLib-iOS `FSOrientationType`.
    static let orientationTypes: [(String, BeltOrientationType)] = [
        ("binaryMask", .binaryMask), ("vibromotorIndex", .motorIndex), ("angle", .angle),
        ("magneticBearing", .magneticBearing), ("motorIndex", .motorIndex),
    ]

    /// FSLib-iOS `FSSystemSignal`.
    static let systemSignals: [(String, BeltSystemSignal)] = [
        ("warning", .warning), ("goalReached", .destinationReached), ("battery", .batteryLevel),
        ("destinationReached", .destinationReached), ("batteryLevel", .batteryLevel),
    ]

    /// FSLib-iOS `FSBeltButton`.
    static let buttons: [(String, BeltButton)] = [("power", .power), ("pause", .pause), ("compass", .compass), ("home", .home)]

    /// FSLib-iOS `FSPressType`.
    static let pressTypes: [(String, BeltPressType)] = [("shortPress", .short), ("longPress", .long)]

    /// FSLib-iOS `FSPowerStatus`.
    static let powerStatuses: [(String, BeltPowerStatus)] = [
        ("unknown", .unknown), ("onBattery", .onBattery), ("charging", .charging), ("external", .external),
    ]

    /// pybelt `BeltVibrationTimerOption` / Android `ResetProgressOption`, in camelCase.
    static let timerOptions: [(String, BeltPulseTimerOption)] = [
        ("resetTimer", .resetTimer), ("resetWhenPeriodDiffers", .resetWhenPeriodDiffers), ("keepTimer", .keepTimer),
    ]

    static let parameters: [(String, BeltParameter)] = [
        ("mode", .mode), ("defaultIntensity", .defaultIntensity), ("headingOffset", .headingOffset), ("bleName", .bleName),
    ]

    static let advancedParameters: [(String, BeltAdvancedParameter)] = [
        ("defaultIntensity", .defaultIntensity), ("headingOffset", .headingOffset), ("buzzerActive", .buzzerActive),
        ("compassAccuracySignal", .compassAccuracySignal), ("frontRange", .frontRange),
        ("orientationNotificationPeriod", .orientationNotificationPeriod), ("pairingRequirement", .pairingRequirement),
    ]

    static func name<T: Equatable>(_ value: T, in table: [(String, T)]) -> String {
        table.first { $0.1 == value }?.0 ?? "\(value)"
    }

    static func value<T>(_ name: String, in table: [(String, T)]) -> T? {
        table.first { $0.0 == name }?.1
    }

    /// The names to list in an error message (aliases included).
    static func names<T>(_ table: [(String, T)]) -> String {
        table.map(\.0).joined(separator: ", ")
    }
}
