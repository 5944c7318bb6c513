/// Decodes what the belt sends: notifications and read values.
///
/// Each layout has a minimum length, and bytes past what the layout defines are ignored: all three
/// libraries check minimum lengths only, and a later firmware that appends a field must
/// not cost us the keep-alive, the buttons or the heading. (The exceptions are the two values that run
/// to the end of the packet: the BLE name and the buzzer-active bytes.) Unknown values are errors:
/// a button or mode no library defines says the packet is not what we think it is. The power status
/// is the exception: it is kept and read as unknown (`batteryStatus`).
package enum BeltNotificationDecoder {
    package static func decode(_ characteristic: BeltCharacteristic, _ bytes: [UInt8]) throws(BeltProtocolError) -> BeltNotification {
        let r = WireReader(characteristic, bytes)
        switch characteristic {
        case .fe01: return try firmwareInfo(r)
        case .fe02: return try keepAlive(r)
        case .fe04: return try buttonPress(r)
        case .fe06: return try parameter(r)
        case .fe09: return .batteryStatus(try batteryStatus(r))
        case .fe0c: return .orientation(try orientation(r))
        case .fe14: return try debugOutput(r)
        case .fe0b: throw r.fail(.developmentOnly)
        case .fe03, .fe05, .fe07, .fe0a, .fe13: throw r.fail(.notANotifyingCharacteristic)
        }
    }

    /// For a GATT layer that sees UUIDs: `fe0c`, `FE0C`, `0xFE0C` or the 128-bit form.
    package static func decode(characteristicUUID uuid: String, _ bytes: [UInt8]) throws(BeltProtocolError) -> BeltNotification {
        guard let c = BeltCharacteristic(uuidString: uuid) else {
            throw BeltProtocolError(characteristic: nil, bytes: bytes, reason: .unknownCharacteristic(uuid))
        }
        return try decode(c, bytes)
    }

    /// FE01: `[version lo, version hi, variant]`.
    static func firmwareInfo(_ r: WireReader) throws(BeltProtocolError) -> BeltNotification {
        try r.need(2)
        return .firmwareInfo(BeltFirmwareInfo(version: r.u16(0), variant: r.count >= 3 ? r[2] : nil))
    }

    /// FE02: `[?, mode]`.
    static func keepAlive(_ r: WireReader) throws(BeltProtocolError) -> BeltNotification {
        try r.need(2)
        return .keepAlive(mode: try r.mode(1), status: r[0])
    }

    /// FE04: `[button, press type, ?, previous mode, new mode]`.
    static func buttonPress(_ r: WireReader) throws(BeltProtocolError) -> BeltNotification {
        try r.need(5)
        guard let button = BeltButton(rawValue: r[0]) else {
            throw r.fail(.unknownValue(field: "button", value: Int(r[0])))
        }
        // FSLib-iOS: ≥ 3 is a long press, anything else short (`processButtonPressPacket`). Byte 2 is ignored by all.
        let press: BeltPressType = r[1] >= 3 ? .long : .short
        return .buttonPressed(button, press, previousMode: try r.mode(3, "previous mode"), newMode: try r.mode(4, "new mode"))
    }

    /// FE06.
    static func parameter(_ r: WireReader) throws(BeltProtocolError) -> BeltNotification {
        try r.need(2)
        switch r[0] {
        case 0x01:
            guard let p = BeltParameter(rawValue: r[1]) else {
                throw r.fail(.unknownValue(field: "parameter", value: Int(r[1])))
            }
            switch p {
            case .mode:
                try r.need(3)
                return .mode(try r.mode(2))
            case .defaultIntensity:
                try r.need(3)
                return .defaultIntensity(try r.percent(2, "default intensity"))
            case .headingOffset:
                try r.need(4)
                return .headingOffset(try r.degrees(2, "heading offset"))
            case .bleName:
                // The name runs to the end; trailing NULs (C-string padding) are not part of it.
                var name = Array(r.bytes.dropFirst(2))
                while name.last == 0 { name.removeLast() }
                if let bad = name.first(where: { !Wire.isNameByte($0) }) {
                    throw r.fail(.unknownValue(field: "name byte", value: Int(bad)))
                }
                return .bleName(String(decoding: name, as: UTF8.self))
            }
        case 0x10:
            guard let p = BeltAdvancedParameter(rawValue: r[1]) else {
                throw r.fail(.unknownValue(field: "advanced parameter", value: Int(r[1])))
            }
            switch p {
            case .defaultIntensity:
                try r.need(3)
                return .advancedParameter(.defaultIntensity(try r.percent(2, "default intensity")))
            case .headingOffset:
                try r.need(4)
                return .advancedParameter(.headingOffset(try r.degrees(2, "heading offset")))
            case .buzzerActive:
                return .buzzerActive(Array(r.bytes.dropFirst(2)))
            case .compassAccuracySignal:
                try r.need(3)
                let state = CompassAccuracySignalState(rawValue: r[2])
                guard state.isValid else {
                    throw r.fail(.unknownValue(field: "compass accuracy signal state", value: Int(r[2])))
                }
                return .advancedParameter(.compassAccuracySignal(state))
            case .frontRange:
                // iOS waits for `10 0A` and at least 7 more bytes (`checkForFirmwarePatch`).
                try r.need(9)
                return .frontRangePatch(Array(r.bytes[2..<9]))
            case .orientationNotificationPeriod:
                // The value layout of this reply is inferred: uint16 LE ms, like the write.
                try r.need(4)
                return .advancedParameter(.orientationNotificationPeriod(milliseconds: r.u16(2)))
            case .pairingRequirement:
                try r.need(3)
                return .advancedParameter(.pairingRequired(try r.flag(2, "pairing requirement")))
            }
        default:
            throw r.fail(.unknownNotification)
        }
    }

    /// FE09. At least 9 bytes, as pybelt and FSLib-Android require (iOS takes 5 but then lacks current
    /// and voltage); bytes 9–15 have no settled meaning and are ignored. A power status outside the
    /// enumeration is kept as sent and reads as unknown (`BeltBatteryStatus.powerStatus`): the level
    /// beside it may still be good, and a status that cannot be read is not worth the packet.
    static func batteryStatus(_ r: WireReader) throws(BeltProtocolError) -> BeltBatteryStatus {
        try r.need(9)
        return BeltBatteryStatus(powerStatusRaw: r[0], levelRaw: r.u16(1), timeRaw: r.u16(3),
                                 currentMilliamperes: r.i16(5), voltageMillivolts: r.u16(7))
    }

    /// FE0C, 16 bytes.
    static func orientation(_ r: WireReader) throws(BeltProtocolError) -> BeltOrientationReport {
        try r.need(16)
        return BeltOrientationReport(sensorID: r[0], beltHeading: r.i16(1), boxHeading: r.i16(3), boxRoll: r.i16(5),
                                     boxPitch: r.i16(7), accuracy: r.u16(9),
                                     magnetometerStatus: Int8(bitPattern: r[11]),
                                     accelerometerStatus: Int8(bitPattern: r[12]),
                                     gyroscopeStatus: Int8(bitPattern: r[13]),
                                     fusionStatus: Int8(bitPattern: r[14]), isInaccurate: r[15] != 0)
    }

    /// FE14: error-log header `0B` and entries `0C`, 12 bytes each.
    static func debugOutput(_ r: WireReader) throws(BeltProtocolError) -> BeltNotification {
        try r.need(1)
        switch r[0] {
        case 0x0B:
            try r.need(12)
            return .errorLogHeader(BeltErrorLogHeader(session: r.u16(1), entryCount: r[3], firstError: r.u32(4),
                                                      lastError: r.u32(8)))
        case 0x0C:
            try r.need(12)
            return .errorLogEntry(BeltErrorLogEntry(errorCode: r.u32(1), timeMilliseconds: r.u32(5), session: r.u16(9),
                                                    more: r[11] != 0))
        default:
            throw r.fail(.unknownNotification)
        }
    }
}
