/// What each state signal plays on the belt.
///
/// Every one is a channel-0 configuration with a bounded number of iterations and without "clear
/// other channels", the form the belt accepts outside app mode too (FSLib-iOS docs/README.md,
/// "Vibration-channel configuration"), so a paused or stopped walk and a belt in wait mode still
/// play it; the belt battery's is the belt's own system signal, which plays in any mode. The
/// navigation signal lives on channel 2 (FSLib's `NAVIGATION_SIGNAL_CHANNEL`) and is never touched:
/// an exclusive signal suspends it while it plays, and the belt resumes it by itself after
/// ("exclusiveChannel: suspend other channels as long as this vibration-channel is used").
///
/// Where the motors are says which device: the touch case on both sides (motors 4 and 12), the pen
/// at the back (motor 8), the walk and the Pi at the front; the two warnings are FSLib's own
/// (`notifyWarning`), operation warning for off route and critical warning for GPS lost.
extension WearerSignal {
    /// Motors 4 and 12: the wearer's right and left (index 0 at the front, clockwise).
    static let sides: UInt16 = 1 << 4 | 1 << 12
    /// Motors 0, 4, 8 and 12, FSLib's critical-warning mask.
    static let cardinal: UInt16 = 0x1111

    package var beltCommand: BeltCommand {
        func channel0(_ pattern: VibrationPattern, _ orientation: BeltOrientation, times: UInt8, every period: UInt16,
                      intensity: Int? = nil, exclusive: Bool = false) -> BeltCommand {
            .configureChannel(ChannelConfiguration(channel: 0, pattern: pattern, intensity: intensity, orientation: orientation,
                                                   iterations: times, periodMilliseconds: period, exclusive: exclusive))
        }
        switch self {
        case .walkStarted: return channel0(.circularRight, .motorIndex(0), times: 1, every: 1500)
        case .walkPaused: return channel0(.doubleShort, .motorIndex(0), times: 1, every: 1000)
        case .walkStopped: return channel0(.doubleLong, .motorIndex(0), times: 1, every: 1500)
        case .gpsLost: return BeltNavigationController.warningCommand(critical: true)
        case .offRoute: return BeltNavigationController.warningCommand(critical: false)
        case .touchCaseLost: return channel0(.doubleLong, .binaryMask(Self.sides), times: 2, every: 1000, exclusive: true)
        case .touchCaseBack: return channel0(.singleShort, .binaryMask(Self.sides), times: 1, every: 500)
        case .penLost: return channel0(.doubleLong, .motorIndex(8), times: 2, every: 1000, exclusive: true)
        case .penBack: return channel0(.singleShort, .motorIndex(8), times: 1, every: 500)
        case .beltBatteryLow: return .systemSignal(.batteryLevel)
        case .penBatteryLow: return channel0(.fadeOut, .motorIndex(8), times: 2, every: 1000, exclusive: true)
        case .piSupplyLow: return channel0(.fadeOut, .binaryMask(Self.cardinal), times: 2, every: 1000, exclusive: true)
        // What lies ahead is felt at the front, each in a pattern of its own.
        case .crossingAhead: return channel0(.frontCross, .motorIndex(0), times: 1, every: 1500, exclusive: true)
        case .stepsAhead: return channel0(.singleShort, .motorIndex(0), times: 3, every: 400, exclusive: true)
        case .barrierAhead: return channel0(.singleLong, .motorIndex(0), times: 2, every: 700, exclusive: true)
        }
    }
}
