/// Bytes of one pen characteristic → `PenValue`, with the layouts the SDK reads (`FTPenServiceClient.mm`,
/// `CBCharacteristic+Helpers.m`, `FTDeviceInfoServiceClient.mm`).
///
/// Deviation, on purpose: the SDK decodes an unsigned field of a length other than 1, 2 or 4 as "max
/// uint" (`CBCharacteristic+Helpers.m`); a battery of 4 294 967 295 % would then read High. Here such
/// values are malformed and dropped, as the standard for bad input asks.
package enum PenValueDecoder {
    /// nil when the SDK ignores the value (an encoder turn of 0); throws for a malformed one.
    package static func decode(_ characteristic: PenCharacteristic, _ bytes: [UInt8]) throws(PenDecodeError) -> PenValue? {
        func fail(_ expected: String) -> PenDecodeError {
            PenDecodeError(characteristic: characteristic, length: bytes.count, expected: expected)
        }
        switch characteristic {
        case .isTipPressed, .isEraserPressed, .hasListener:
            guard let first = bytes.first else { throw fail("at least 1") }
            let on = first != 0
            return characteristic == .isTipPressed ? .tipPressed(on)
                : characteristic == .isEraserPressed ? .eraserPressed(on) : .hasListener(on)
        case .tipPressure, .eraserPressure, .batteryLevel:
            guard let value = unsignedLittleEndian(bytes) else { throw fail("1, 2 or 4") }
            return characteristic == .tipPressure ? .tipPressure(value)
                : characteristic == .eraserPressure ? .eraserPressure(value) : .batteryLevel(value)
        case .inactivityTimeout:
            guard let first = bytes.first else { throw fail("1") }
            return .inactivityTimeout(first)
        case .shouldSwing, .shouldPowerOff:
            // Write-only commands; a read of them carries nothing the SDK uses.
            return nil
        case .pressureSetup:
            guard bytes.count >= 10 else { throw fail("10") }
            let b = Array(bytes.prefix(10))
            return .pressureSetup(PenPressureSetup(samplePeriodMilliseconds: b[0], notificationPeriodMilliseconds: b[1],
                                                   tipFloor: b[2], tipMin: b[3], tipMax: b[4], tipGated: b[5] != 0,
                                                   eraserFloor: b[6], eraserMin: b[7], eraserMax: b[8], eraserGated: b[9] != 0))
        case .manufacturingID:
            return .manufacturingID(ascii(bytes))
        case .lastErrorCode:
            guard bytes.count >= 8 else { throw fail("8") }
            return .lastError(id: u32(bytes, at: 0), value: u32(bytes, at: 4))
        case .authenticationCode:
            return .authenticationCode(bytes)
        case .centralID:
            guard bytes.count == 4 else { throw fail("4") }
            return .centralID(u32(bytes, at: 0))
        case .motion:
            guard bytes.count >= 6 else { throw fail("6 or 12") }
            let a = (x: i16(bytes, at: 0), y: i16(bytes, at: 2), z: i16(bytes, at: 4))
            let m = bytes.count >= 12 ? (x: i16(bytes, at: 6), y: i16(bytes, at: 8), z: i16(bytes, at: 10)) : nil
            return .motion(PenMotion(acceleration: a, magnetometer: m))
        case .motionSetup:
            guard bytes.count >= 2 else { throw fail("2") }
            return .motionSetup(samplePeriodMilliseconds: bytes[0], notificationPeriodMilliseconds: bytes[1])
        case .encoderTurn:
            guard let first = bytes.first else { throw fail("at least 1") }
            let turn = Int8(bitPattern: first)
            return turn == 0 ? nil : .encoderTurn(turn)
        case .manufacturerName, .modelNumber, .serialNumber, .firmwareRevision, .hardwareRevision, .softwareRevision,
             .systemID:
            return .deviceInformation(characteristic, ascii(bytes))
        case .ieeeCertification:
            return .ieeeCertification(bytes)
        case .pnpID:
            // The SDK's PnP parse branch (`FTDeviceInfoServiceClient.mm`) is unreachable; the bytes are kept
            // for diagnostics.
            return .pnpID(bytes)
        }
    }

    /// An unsigned little-endian integer of 1, 2 or 4 bytes; nil for any other length.
    package static func unsignedLittleEndian(_ bytes: [UInt8]) -> UInt32? {
        switch bytes.count {
        case 1: UInt32(bytes[0])
        case 2: UInt32(bytes[0]) | UInt32(bytes[1]) << 8
        case 4: u32(bytes, at: 0)
        default: nil
        }
    }

    /// Text with trailing NULs stripped (as the SDK reads ManufacturingID); bytes that are not UTF-8 become
    /// U+FFFD.
    static func ascii(_ bytes: [UInt8]) -> String {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    static func u32(_ b: [UInt8], at i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    static func i16(_ b: [UInt8], at i: Int) -> Int16 {
        Int16(bitPattern: UInt16(b[i]) | UInt16(b[i + 1]) << 8)
    }
}
