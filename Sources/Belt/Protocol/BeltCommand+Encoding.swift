extension BeltCommand {
    /// The GATT operation this command becomes. Total: every command encodes.
    ///
    /// Out-of-range values are brought into range rather than refused (the command types allow values
    /// the wire cannot carry): percentages are clamped to 0–100, degrees taken modulo 360, motor
    /// indices modulo 16, iteration counts capped at 127 (`Wire.maximumIterations`), a name suffix cut
    /// to 18 bytes and a sound to nine tones. Library-side values with no wire meaning
    /// (`BeltMode.unknown`, channel numbers above 5) are written as they are; `BeltCommandDecoder`
    /// refuses them, which is how the simulator flags them.
    ///
    /// Decisions where the libraries disagree:
    /// - mode change: the 4-byte `01 81 m 00` of both FSLibs, not pybelt's 3-byte form;
    /// - "repeat indefinitely": iteration byte `00` (Android, pybelt, FSLib-iOS's navigation
    ///   controller), not the command manager's `FF`, whose firmware reading is unknown;
    /// - start time: sent as given (Android, pybelt), not reduced modulo the period (iOS);
    /// - keep-alive answer: FSLib-iOS's single `00`; the belt accepts all three forms;
    /// - heading offset: FSLib-iOS's basic `01 83 lo hi` for `setHeadingOffset`; Android's advanced
    ///   form is `setAdvancedParameter(.headingOffset(_), persistent:)`.
    package func encoded() -> BeltWrite {
        switch self {
        case .changeMode(let mode):
            return fe05([0x01, 0x80 | BeltParameter.mode.rawValue, mode.rawValue, 0x00])
        case .setDefaultIntensity(let intensity, let feedback):
            return fe05([0x01, 0x80 | BeltParameter.defaultIntensity.rawValue, Wire.percent(intensity), 0x00,
                         Wire.flag(feedback)])
        case .configureChannel(let c):
            return fe03(Self.channelConfigurationBytes(c))
        case .stop(let channel):
            return fe03([0x30, channel ?? 0xFF])
        case .systemSignal(let signal):
            return fe03([0x20, signal.rawValue])
        case .setOrientationNotifications(let on):
            return .notifications(.fe0c, enabled: on)
        case .setCompassAccuracySignal(let enabled, let persistent):
            return BeltCommand.setAdvancedParameter(
                .compassAccuracySignal(enabled ? .everywhere : []), persistent: persistent).encoded()
        case .requestCompassAccuracySignalState:
            return BeltCommand.requestAdvancedParameter(.compassAccuracySignal).encoded()
        case .requestBatteryStatus:
            return .read(.fe09)
        case .requestParameter(let p):
            return fe05([0x01, p.rawValue])
        case .requestAdvancedParameter(let p):
            // `10 <count> <pid>`: only a count of 1 is ever used.
            return fe05([0x10, 0x01, p.rawValue])
        case .setHeadingOffset(let degrees):
            return fe05([0x01, 0x80 | BeltParameter.headingOffset.rawValue] + Wire.degrees(degrees))
        case .setAdvancedParameter(let value, let persistent):
            return fe05([0x11, value.parameter.rawValue, Wire.flag(persistent)] + value.wireValue)
        case .setNameSuffix(let suffix):
            return fe05([0x01, 0x80 | BeltParameter.bleName.rawValue] + Array(suffix.utf8.prefix(Self.maximumNameSuffixLength)))
        case .applyFrontRangePatch:
            return fe05(Self.frontRangePatchBytes)
        case .reset(let parameters, let bluetooth, let sensors):
            return fe05([0x12, Wire.flag(parameters), Wire.flag(bluetooth), Wire.flag(sensors)])
        case .pulse(let p):
            return fe03(Self.pulseBytes(p))
        case .answerKeepAlive:
            return BeltWrite(characteristic: .fe02, bytes: [0x00])
        case .playSound(let tones):
            let steps = tones.prefix(BuzzerTone.maximumSteps)
            return BeltWrite(characteristic: .fe07,
                             bytes: [0x01, UInt8(steps.count)] + steps.map(\.frequencyCode) + steps.map(\.durationCode))
        case .setBatteryNotifications(let on):
            return .notifications(.fe09, enabled: on)
        case .requestFirmwareVersion:
            return .read(.fe01)
        case .requestErrorLog:
            return BeltWrite(characteristic: .fe13, bytes: [0x0B])
        }
    }

    /// pybelt keeps the rename packet within 20 bytes (`rename`).
    package static let maximumNameSuffixLength = 18

    /// The only front-range write FSLib-iOS makes: 225, 160, 225 as uint16 LE and a final 01, after a
    /// third byte `02` of unknown meaning (`checkForFirmwarePatch`).
    static let frontRangePatchBytes: [UInt8] = [0x11, 0x0A, 0x02, 0xE1, 0x00, 0xA0, 0x00, 0xE1, 0x00, 0x01]

    /// Channel configuration, 18 bytes (FSLib-Android `ChannelConfigurationCommand.java`).
    // Both packets are appended part by part: one long `+` chain of array literals is more than Swift
    // 6.2's type checker solves in its time limit.
    static func channelConfigurationBytes(_ c: ChannelConfiguration) -> [UInt8] {
        let intensity: [UInt8] = c.intensity.map { [Wire.percent($0), 0x00] }
            ?? [Wire.defaultIntensityByte, Wire.defaultIntensityByte]
        var bytes: [UInt8] = [c.channel, c.pattern.rawValue]
        bytes += intensity
        bytes += [0x00, 0x00, c.orientation.type.rawValue]
        bytes += Wire.le16(c.orientation.wireValue)
        bytes += [0x00, 0x00, Wire.iterations(c.iterations)]
        bytes += Wire.le16(c.periodMilliseconds)
        bytes += Wire.le16(c.startTimeMilliseconds)
        bytes += [Wire.flag(c.exclusive), Wire.flag(c.clearOtherChannels)]
        return bytes
    }

    /// Pulse, 17 bytes (FSLib-Android `PulseCommand.java`).
    static func pulseBytes(_ p: PulseConfiguration) -> [UInt8] {
        var bytes: [UInt8] = [0x40, p.channel, p.orientation.type.rawValue]
        bytes += Wire.le16(p.orientation.wireValue)
        bytes.append(p.intensity.map(Wire.percent) ?? Wire.defaultIntensityByte)
        bytes += Wire.le16(p.onDurationMilliseconds)
        bytes += [p.pulseIterations, Wire.iterations(p.seriesIterations)]
        bytes += Wire.le16(p.pulsePeriodMilliseconds)
        bytes += Wire.le16(p.seriesPeriodMilliseconds)
        bytes += [p.timerOption.rawValue, Wire.flag(p.exclusive), Wire.flag(p.clearOtherChannels)]
        return bytes
    }

    private func fe03(_ bytes: [UInt8]) -> BeltWrite { BeltWrite(characteristic: .fe03, bytes: bytes) }
    private func fe05(_ bytes: [UInt8]) -> BeltWrite { BeltWrite(characteristic: .fe05, bytes: bytes) }
}

extension BeltAdvancedParameterValue {
    /// The value bytes after the parameter ID (and, in a write, after the persist flag).
    var wireValue: [UInt8] {
        switch self {
        case .defaultIntensity(let i): [Wire.percent(i)]
        case .headingOffset(let d): Wire.degrees(d)
        case .compassAccuracySignal(let s): [s.rawValue]
        case .orientationNotificationPeriod(let ms): Wire.le16(ms)
        case .pairingRequired(let r): [Wire.flag(r)]
        }
    }
}
