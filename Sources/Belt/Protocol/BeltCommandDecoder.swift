/// Turns what a central wrote back into the command (for the belt simulator), validating it byte for
/// byte.
///
/// The rule: accept every form one of the three libraries sends — the belt accepts them all — and
/// nothing else. So besides our own encodings it accepts pybelt's 3-byte mode change, the
/// keep-alive answers `00 00` and `01`, an iteration byte ≥ `0x80` as "indefinitely" (FSLib-iOS
/// sends `FF`), Android's zero-padded stop, and the advanced
/// forms of parameter reads and writes. Reserved bytes must be zero and flags 0 or 1, as every library
/// writes them. Fixed-length commands with trailing bytes are refused: no library sends them, so they
/// point at an encoder bug, which the simulator should flag rather than guess at.
package enum BeltCommandDecoder {
    package static func decode(_ write: BeltWrite) throws(BeltProtocolError) -> BeltCommand {
        let r = WireReader(write.characteristic, write.bytes, kind: write.kind)
        switch write.kind {
        case .readRequest:
            if !r.bytes.isEmpty { throw r.fail(.trailingBytes(expected: 0, got: r.count)) }
            switch write.characteristic {
            case .fe01: return .requestFirmwareVersion
            case .fe09: return .requestBatteryStatus
            default: throw r.fail(.notACommand)
            }
        case .clientConfiguration:
            guard write.characteristic.notifies else { throw r.fail(.notANotifyingCharacteristic) }
            try r.exactly(2)
            let on: Bool
            switch (r[0], r[1]) {
            case (0x01, 0x00): on = true
            case (0x00, 0x00): on = false
            default: throw r.fail(.unknownValue(field: "CCCD value", value: Int(r.u16(0))))
            }
            switch write.characteristic {
            case .fe0c: return .setOrientationNotifications(on)
            case .fe09: return .setBatteryNotifications(on)
            default: throw r.fail(.notACommand)
            }
        case .value:
            switch write.characteristic {
            case .fe02: return try keepAliveAnswer(r)
            case .fe03: return try vibrationCommand(r)
            case .fe05: return try parameterCommand(r)
            case .fe07: return try buzzerCommand(r)
            case .fe13: return try debugCommand(r)
            case .fe0a: throw r.fail(.developmentOnly)
            case .fe01, .fe04, .fe06, .fe09, .fe0b, .fe0c, .fe14: throw r.fail(.notAWritableCharacteristic)
            }
        }
    }

    // MARK: FE02

    static func keepAliveAnswer(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(1)
        if r.count > 2 { throw r.fail(.trailingBytes(expected: 2, got: r.count)) }
        switch r.bytes {
        case [0x00], [0x00, 0x00], [0x01]: return .answerKeepAlive
        default: throw r.fail(.unknownValue(field: "keep-alive answer", value: Int(r.count == 2 ? r.u16(0) : UInt16(r[0]))))
        }
    }

    // MARK: FE03

    static func vibrationCommand(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(1)
        switch r[0] {
        case 0x20:
            try r.exactly(2)
            guard let signal = BeltSystemSignal(rawValue: r[1]) else {
                throw r.fail(.unknownValue(field: "system signal", value: Int(r[1])))
            }
            return .systemSignal(signal)
        case 0x30:
            try r.need(2)
            // FSLib-Android pads a stop with zeros when given several channels (`stopVibration`).
            if r.bytes.dropFirst(2).contains(where: { $0 != 0 }) {
                throw r.fail(.trailingBytes(expected: 2, got: r.count))
            }
            if r[1] == 0xFF { return .stop(channel: nil) }
            return .stop(channel: try channel(r, 1))
        case 0x40:
            try r.exactly(17)
            return .pulse(try pulse(r))
        case 0x00..<0x20:
            try r.exactly(18)
            return .configureChannel(try channelConfiguration(r))
        default:
            throw r.fail(.unknownCommand)
        }
    }

    static func channel(_ r: WireReader, _ i: Int) throws(BeltProtocolError) -> UInt8 {
        // Six channels, 0–5; every library checks < 6.
        guard r[i] < 6 else { throw r.fail(.unknownValue(field: "channel", value: Int(r[i]))) }
        return r[i]
    }

    static func orientation(_ r: WireReader, type i: Int, value j: Int) throws(BeltProtocolError) -> BeltOrientation {
        guard let type = BeltOrientationType(rawValue: r[i]) else {
            throw r.fail(.unknownValue(field: "orientation type", value: Int(r[i])))
        }
        guard let orientation = BeltOrientation(type: type, wireValue: r.u16(j)) else {
            throw r.fail(.unknownValue(field: type == .motorIndex ? "motor index" : "\(type == .angle ? "angle" : "bearing")",
                                       value: Int(r.u16(j))))
        }
        return orientation
    }

    /// Channel configuration: channel, pattern, intensity (`ii 00` or `AA AA`), reserved, orientation, reserved,
    /// iterations, period, start time, exclusive, clear.
    static func channelConfiguration(_ r: WireReader) throws(BeltProtocolError) -> ChannelConfiguration {
        let channel = try channel(r, 0)
        guard let pattern = VibrationPattern(rawValue: r[1]) else {
            throw r.fail(.unknownValue(field: "pattern", value: Int(r[1])))
        }
        let intensity: Int?
        switch (r[2], r[3]) {
        case (Wire.defaultIntensityByte, Wire.defaultIntensityByte): intensity = nil
        case (0...100, 0): intensity = Int(r[2])
        default: throw r.fail(.unknownValue(field: "intensity", value: Int(r.u16(2))))
        }
        for i in [4, 5, 9, 10] { try r.zero(i, "reserved byte \(i)") }
        let orientation = try orientation(r, type: 6, value: 7)
        // 0 = indefinitely; FSLib-iOS's FF (and any value ≥ 0x80) is read the same way.
        let iterations: UInt8 = r[11] >= 0x80 ? 0 : r[11]
        return ChannelConfiguration(channel: channel, pattern: pattern, intensity: intensity, orientation: orientation,
                                    iterations: iterations, periodMilliseconds: r.u16(12),
                                    startTimeMilliseconds: r.u16(14),
                                    exclusive: try r.flag(16, "exclusive flag"),
                                    clearOtherChannels: try r.flag(17, "clear flag"))
    }

    /// Pulse.
    static func pulse(_ r: WireReader) throws(BeltProtocolError) -> PulseConfiguration {
        let channel = try channel(r, 1)
        let orientation = try orientation(r, type: 2, value: 3)
        let intensity: Int?
        switch r[5] {
        case Wire.defaultIntensityByte: intensity = nil
        case 0...100: intensity = Int(r[5])
        default: throw r.fail(.unknownValue(field: "intensity", value: Int(r[5])))
        }
        // Series iterations: 0 = indefinitely, 1–127 counts; no library sends more.
        guard r[9] <= Wire.maximumIterations else {
            throw r.fail(.unknownValue(field: "series iterations", value: Int(r[9])))
        }
        guard let timer = BeltPulseTimerOption(rawValue: r[14]) else {
            throw r.fail(.unknownValue(field: "timer option", value: Int(r[14])))
        }
        return PulseConfiguration(channel: channel, orientation: orientation, intensity: intensity,
                                  onDurationMilliseconds: r.u16(6), pulseIterations: r[8], seriesIterations: r[9],
                                  pulsePeriodMilliseconds: r.u16(10), seriesPeriodMilliseconds: r.u16(12),
                                  timerOption: timer, exclusive: try r.flag(15, "exclusive flag"),
                                  clearOtherChannels: try r.flag(16, "clear flag"))
    }

    // MARK: FE05

    static func parameterCommand(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(1)
        switch r[0] {
        case 0x01: return try basicParameterCommand(r)
        case 0x10:
            try r.need(2)
            guard r[1] == 1 else { throw r.fail(.unknownValue(field: "parameter count", value: Int(r[1]))) }
            try r.exactly(3)
            guard let p = BeltAdvancedParameter(rawValue: r[2]) else {
                throw r.fail(.unknownValue(field: "advanced parameter", value: Int(r[2])))
            }
            return p == .compassAccuracySignal ? .requestCompassAccuracySignalState : .requestAdvancedParameter(p)
        case 0x11: return try advancedParameterWrite(r)
        case 0x12:
            try r.exactly(4)
            return .reset(parameters: try r.flag(1, "parameter reset flag"),
                          bluetooth: try r.flag(2, "Bluetooth reset flag"),
                          sensors: try r.flag(3, "sensor reset flag"))
        default:
            throw r.fail(.unknownCommand)
        }
    }

    static func basicParameterCommand(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(2)
        if let p = BeltParameter(rawValue: r[1]) {
            try r.exactly(2)
            return .requestParameter(p)
        }
        guard r[1] & 0x80 != 0, let p = BeltParameter(rawValue: r[1] & 0x7F) else {
            throw r.fail(.unknownValue(field: "parameter", value: Int(r[1])))
        }
        switch p {
        case .mode:
            // pybelt writes 3 bytes, the FSLibs 4 with a trailing 00; both are accepted.
            try r.need(3)
            if r.count > 4 { throw r.fail(.trailingBytes(expected: 4, got: r.count)) }
            if r.count == 4 { try r.zero(3, "reserved byte 3") }
            return .changeMode(try r.mode(2))
        case .defaultIntensity:
            try r.exactly(5)
            let intensity = try r.percent(2, "intensity")
            try r.zero(3, "reserved byte 3")
            return .setDefaultIntensity(intensity, feedback: try r.flag(4, "feedback flag"))
        case .headingOffset:
            try r.exactly(4)
            return .setHeadingOffset(try r.degrees(2, "heading offset"))
        case .bleName:
            try r.need(3)
            let limit = 2 + BeltCommand.maximumNameSuffixLength
            if r.count > limit { throw r.fail(.trailingBytes(expected: limit, got: r.count)) }
            if let bad = r.bytes.dropFirst(2).first(where: { !Wire.isNameByte($0) }) {
                throw r.fail(.unknownValue(field: "name byte", value: Int(bad)))
            }
            return .setNameSuffix(String(decoding: r.bytes.dropFirst(2), as: UTF8.self))
        }
    }

    static func advancedParameterWrite(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(2)
        guard let p = BeltAdvancedParameter(rawValue: r[1]) else {
            throw r.fail(.unknownValue(field: "advanced parameter", value: Int(r[1])))
        }
        if p == .frontRange {
            try r.exactly(BeltCommand.frontRangePatchBytes.count)
            if let i = r.bytes.indices.first(where: { r[$0] != BeltCommand.frontRangePatchBytes[$0] }) {
                throw r.fail(.unknownValue(field: "front-range patch byte \(i)", value: Int(r[i])))
            }
            return .applyFrontRangePatch
        }
        try r.need(3)
        let persistent = try r.flag(2, "persist flag")
        let value: BeltAdvancedParameterValue
        switch p {
        case .defaultIntensity:
            try r.exactly(4)
            value = .defaultIntensity(try r.percent(3, "intensity"))
        case .headingOffset:
            try r.exactly(5)
            value = .headingOffset(try r.degrees(3, "heading offset"))
        case .compassAccuracySignal:
            try r.exactly(4)
            let state = CompassAccuracySignalState(rawValue: r[3])
            guard state.isValid else { throw r.fail(.unknownValue(field: "compass accuracy signal state", value: Int(r[3]))) }
            // The FSLib form of the same bytes decodes as the FSLib command.
            if state == [] || state == .everywhere {
                return .setCompassAccuracySignal(enabled: state == .everywhere, persistent: persistent)
            }
            value = .compassAccuracySignal(state)
        case .orientationNotificationPeriod:
            try r.exactly(5)
            // pybelt refuses periods under 20 ms (`set_orientation_notification_period`).
            guard r.u16(3) >= 20 else {
                throw r.fail(.unknownValue(field: "orientation notification period", value: Int(r.u16(3))))
            }
            value = .orientationNotificationPeriod(milliseconds: r.u16(3))
        case .pairingRequirement:
            try r.exactly(4)
            value = .pairingRequired(try r.flag(3, "pairing requirement"))
        case .buzzerActive, .frontRange:
            // No library writes buzzer-active; its layout is unknown.
            throw r.fail(.unknownValue(field: "writable advanced parameter", value: Int(r[1])))
        }
        return .setAdvancedParameter(value, persistent: persistent)
    }

    // MARK: FE07

    static func buzzerCommand(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(2)
        guard r[0] == 0x01 else { throw r.fail(.unknownCommand) }
        let n = Int(r[1])
        guard (1...BuzzerTone.maximumSteps).contains(n) else {
            throw r.fail(.unknownValue(field: "tone count", value: n))
        }
        try r.exactly(2 + 2 * n)
        return .playSound((0..<n).map { BuzzerTone(frequencyCode: r[2 + $0], durationCode: r[2 + n + $0]) })
    }

    // MARK: FE13

    static func debugCommand(_ r: WireReader) throws(BeltProtocolError) -> BeltCommand {
        try r.need(1)
        // Raw debug data (FSLib-iOS `sendDebugData`) is arbitrary; only the error-log request is a command.
        guard r[0] == 0x0B else { throw r.fail(.unknownCommand) }
        try r.exactly(1)
        return .requestErrorLog
    }
}
