@testable import Belt

/// Random commands and notifications with wire-valid values, in their canonical form (the form the
/// decoder returns), covering every case in turn.
struct ProtocolGenerator {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &rng) }
    mutating func u16() -> UInt16 { UInt16.random(in: 0...UInt16.max, using: &rng) }
    mutating func i16() -> Int16 { Int16.random(in: Int16.min...Int16.max, using: &rng) }
    mutating func u32() -> UInt32 { UInt32.random(in: 0...UInt32.max, using: &rng) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
    mutating func bytes(_ count: ClosedRange<Int>) -> [UInt8] { (0..<int(count)).map { _ in byte() } }

    mutating func beltMode() -> BeltMode { pick(BeltMode.allCases.filter { $0 != .unknown }) }
    mutating func intensity() -> Int? { bool() ? nil : int(0...100) }
    mutating func name(_ count: ClosedRange<Int>) -> String {
        String(decoding: (0..<int(count)).map { _ in UInt8(int(0x20...0x7E)) }, as: UTF8.self)
    }

    mutating func orientation() -> BeltOrientation {
        switch int(0...3) {
        case 0: .binaryMask(u16())
        case 1: .motorIndex(UInt8(int(0...15)))
        case 2: .angle(int(0...359))
        default: .magneticBearing(int(0...359))
        }
    }

    mutating func channelConfiguration() -> ChannelConfiguration {
        ChannelConfiguration(channel: UInt8(int(0...5)), pattern: pick(VibrationPattern.allCases), intensity: intensity(),
                             orientation: orientation(), iterations: UInt8(int(0...127)), periodMilliseconds: u16(),
                             startTimeMilliseconds: u16(), exclusive: bool(), clearOtherChannels: bool())
    }

    static let commandCaseCount = 22

    /// Case `index % commandCaseCount`, in `BeltCommand` declaration order.
    mutating func command(_ index: Int) -> BeltCommand {
        switch index % Self.commandCaseCount {
        case 0: return .changeMode(beltMode())
        case 1: return .setDefaultIntensity(int(0...100), feedback: bool())
        case 2: return .configureChannel(channelConfiguration())
        case 3: return .stop(channel: bool() ? nil : UInt8(int(0...5)))
        case 4: return .systemSignal(pick(BeltSystemSignal.allCases))
        case 5: return .setOrientationNotifications(bool())
        case 6: return .setCompassAccuracySignal(enabled: bool(), persistent: bool())
        case 7: return .requestCompassAccuracySignalState
        case 8: return .requestBatteryStatus
        case 9: return .requestParameter(pick(BeltParameter.allCases))
        case 10: return .requestAdvancedParameter(pick(BeltAdvancedParameter.allCases.filter { $0 != .compassAccuracySignal }))
        case 11: return .setHeadingOffset(int(0...359))
        case 12:
            let value: BeltAdvancedParameterValue = switch int(0...4) {
            case 0: .defaultIntensity(int(0...100))
            case 1: .headingOffset(int(0...359))
            case 2: .compassAccuracySignal(bool() ? .inCompassMode : .inAppMode)
            case 3: .orientationNotificationPeriod(milliseconds: UInt16(int(20...65535)))
            default: .pairingRequired(bool())
            }
            return .setAdvancedParameter(value, persistent: bool())
        case 13: return .setNameSuffix(name(1...18))
        case 14: return .applyFrontRangePatch
        case 15: return .reset(parameters: bool(), bluetooth: bool(), sensors: bool())
        case 16:
            return .pulse(PulseConfiguration(
                channel: UInt8(int(0...5)), orientation: orientation(), intensity: intensity(),
                onDurationMilliseconds: u16(), pulseIterations: byte(), seriesIterations: UInt8(int(0...127)),
                pulsePeriodMilliseconds: u16(), seriesPeriodMilliseconds: u16(),
                timerOption: pick(BeltPulseTimerOption.allCases), exclusive: bool(), clearOtherChannels: bool()))
        case 17: return .answerKeepAlive
        case 18: return .playSound((0..<int(1...9)).map { _ in BuzzerTone(frequencyCode: byte(), durationCode: byte()) })
        case 19: return .setBatteryNotifications(bool())
        case 20: return .requestFirmwareVersion
        case 21: return .requestErrorLog
        default: return .changeMode(beltMode())
        }
    }

    static let notificationCaseCount = 14

    mutating func notification(_ index: Int) -> BeltNotification {
        switch index % Self.notificationCaseCount {
        case 0: return .firmwareInfo(BeltFirmwareInfo(version: u16(), variant: bool() ? nil : byte()))
        case 1: return .keepAlive(mode: beltMode(), status: byte())
        case 2: return .buttonPressed(pick(BeltButton.allCases), pick(BeltPressType.allCases), previousMode: beltMode(),
                                      newMode: beltMode())
        case 3: return .mode(beltMode())
        case 4: return .defaultIntensity(int(0...100))
        case 5: return .headingOffset(int(0...359))
        case 6: return .bleName(name(0...20))
        case 7:
            let value: BeltAdvancedParameterValue = switch int(0...4) {
            case 0: .defaultIntensity(int(0...100))
            case 1: .headingOffset(int(0...359))
            case 2: .compassAccuracySignal(CompassAccuracySignalState(rawValue: UInt8(int(0...3))))
            case 3: .orientationNotificationPeriod(milliseconds: u16())
            default: .pairingRequired(bool())
            }
            return .advancedParameter(value)
        case 8: return .buzzerActive(bytes(0...6))
        case 9: return .frontRangePatch(bytes(7...7))
        case 10:
            // Any power byte: one outside the enumeration is kept as sent (`BeltBatteryStatus.powerStatusRaw`).
            return .batteryStatus(BeltBatteryStatus(powerStatusRaw: byte(), levelRaw: u16(),
                                                    timeRaw: u16(), currentMilliamperes: i16(), voltageMillivolts: u16()))
        case 11:
            return .orientation(BeltOrientationReport(
                sensorID: byte(), beltHeading: i16(), boxHeading: i16(), boxRoll: i16(), boxPitch: i16(), accuracy: u16(),
                magnetometerStatus: Int8(bitPattern: byte()), accelerometerStatus: Int8(bitPattern: byte()),
                gyroscopeStatus: Int8(bitPattern: byte()), fusionStatus: Int8(bitPattern: byte()), isInaccurate: bool()))
        case 12: return .errorLogHeader(BeltErrorLogHeader(session: u16(), entryCount: byte(), firstError: u32(), lastError: u32()))
        default: return .errorLogEntry(BeltErrorLogEntry(errorCode: u32(), timeMilliseconds: u32(), session: u16(), more: bool()))
        }
    }
}

/// Exhaustive over the cases, so a new command or notification case fails to compile here until the
/// generators above cover it.
func caseIndex(_ command: BeltCommand) -> Int {
    switch command {
    case .changeMode: 0
    case .setDefaultIntensity: 1
    case .configureChannel: 2
    case .stop: 3
    case .systemSignal: 4
    case .setOrientationNotifications: 5
    case .setCompassAccuracySignal: 6
    case .requestCompassAccuracySignalState: 7
    case .requestBatteryStatus: 8
    case .requestParameter: 9
    case .requestAdvancedParameter: 10
    case .setHeadingOffset: 11
    case .setAdvancedParameter: 12
    case .setNameSuffix: 13
    case .applyFrontRangePatch: 14
    case .reset: 15
    case .pulse: 16
    case .answerKeepAlive: 17
    case .playSound: 18
    case .setBatteryNotifications: 19
    case .requestFirmwareVersion: 20
    case .requestErrorLog: 21
    }
}

func caseIndex(_ notification: BeltNotification) -> Int {
    switch notification {
    case .firmwareInfo: 0
    case .keepAlive: 1
    case .buttonPressed: 2
    case .mode: 3
    case .defaultIntensity: 4
    case .headingOffset: 5
    case .bleName: 6
    case .advancedParameter: 7
    case .buzzerActive: 8
    case .frontRangePatch: 9
    case .batteryStatus: 10
    case .orientation: 11
    case .errorLogHeader: 12
    case .errorLogEntry: 13
    }
}
