/// Vibration patterns of the channel-configuration command (FSLib-Android `BeltVibrationPattern.java`).
package enum VibrationPattern: UInt8, Sendable, Hashable, CaseIterable {
    case noVibration = 0
    case continuous = 1
    case singleShort = 2
    case singleLong = 3
    case doubleShort = 4
    case doubleLong = 5
    /// FSLib-iOS `shortShiftWave`.
    case warning = 6
    case circularRight = 7
    case fadeOut = 8
    /// FSLib-iOS `goalReached`.
    case destinationReached = 9
    case frontCross = 10
    /// FSLib-Android `BATTERY_LEVEL_0` … `_13`; the belt's own battery signal uses them.
    case batteryLevel0 = 11
    case batteryLevel1 = 12
    case batteryLevel2 = 13
    case batteryLevel3 = 14
    case batteryLevel4 = 15
    case batteryLevel5 = 16
    case batteryLevel6 = 17
    case batteryLevel7 = 18
    case batteryLevel8 = 19
    case batteryLevel9 = 20
    case batteryLevel10 = 21
    case batteryLevel11 = 22
    case batteryLevel12 = 23
    case batteryLevel13 = 24

    /// Patterns that choose their own motors; FSLib-Android refuses them with a binary-mask
    /// orientation (`ChannelConfigurationCommand.java`).
    package var isBinaryMaskPattern: Bool {
        switch self {
        case .warning, .circularRight, .destinationReached, .frontCross: true
        default: rawValue >= 11
        }
    }
}

/// System signals the belt plays by itself (FSLib-Android `BeltSystemSignal.java`).
package enum BeltSystemSignal: UInt8, Sendable, Hashable, CaseIterable {
    case warning = 0
    case destinationReached = 1
    case batteryLevel = 2
}
