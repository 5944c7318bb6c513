@testable import Belt
import XCTest

/// Malformed, truncated, over-long and unknown bytes: a typed error naming the bytes, never a crash.
final class BeltProtocolErrorTests: XCTestCase {
    func w(_ c: BeltCharacteristic, _ hex: String, _ kind: BeltWrite.Kind = .value) -> BeltWrite {
        BeltWrite(characteristic: c, bytes: bytes(hex), kind: kind)
    }

    static let config = "00 01 AA AA 00 00 03 5A 00 00 00 00 F4 01 00 00 00 00"

    /// One byte of the vector-15 configuration replaced.
    func config(_ offset: Int, _ value: UInt8) -> BeltWrite {
        var b = bytes(Self.config)
        b[offset] = value
        return BeltWrite(characteristic: .fe03, bytes: b)
    }

    func testChannelConfigurationFields() {
        assertCommandError(config(0, 6), .unknownValue(field: "channel", value: 6))
        assertCommandError(config(1, 25), .unknownValue(field: "pattern", value: 25))
        assertCommandError(config(2, 101), .unknownValue(field: "intensity", value: 0xAA65))
        var b = bytes(Self.config); b[2] = 0xAA; b[3] = 0x00
        assertCommandError(BeltWrite(characteristic: .fe03, bytes: b), .unknownValue(field: "intensity", value: 0xAA))
        assertCommandError(config(4, 1), .unknownValue(field: "reserved byte 4", value: 1))
        assertCommandError(config(10, 9), .unknownValue(field: "reserved byte 10", value: 9))
        assertCommandError(config(6, 4), .unknownValue(field: "orientation type", value: 4))
        assertCommandError(config(8, 2), .unknownValue(field: "bearing", value: 0x25A))
        var motor = bytes(Self.config); motor[6] = 1; motor[7] = 16
        assertCommandError(BeltWrite(characteristic: .fe03, bytes: motor), .unknownValue(field: "motor index", value: 16))
        assertCommandError(config(16, 2), .unknownValue(field: "exclusive flag", value: 2))
        assertCommandError(config(17, 0xFF), .unknownValue(field: "clear flag", value: 0xFF))
        // Iteration bytes ≥ 0x80 are "indefinitely", like FSLib-iOS's FF.
        XCTAssertEqual(try BeltCommandDecoder.decode(config(11, 0x80)), try BeltCommandDecoder.decode(config(11, 0)))
    }

    func testVibrationCommandLengthsAndKinds() {
        assertCommandError(w(.fe03, ""), .truncated(expected: 1, got: 0))
        assertCommandError(w(.fe03, String(Self.config.dropLast(3))), .truncated(expected: 18, got: 17))
        assertCommandError(w(.fe03, Self.config + " 00"), .trailingBytes(expected: 18, got: 19))
        assertCommandError(w(.fe03, "20"), .truncated(expected: 2, got: 1))
        assertCommandError(w(.fe03, "20 03"), .unknownValue(field: "system signal", value: 3))
        assertCommandError(w(.fe03, "30 06"), .unknownValue(field: "channel", value: 6))
        assertCommandError(w(.fe03, "30 02 01"), .trailingBytes(expected: 2, got: 3))
        assertCommandError(w(.fe03, "50 00"), .unknownCommand)
        // FSLib-Android pads a stop with zeros.
        assertDecodes(w(.fe03, "30 02 00"), as: .stop(channel: 2))
    }

    func testPulseFields() {
        let pulse = "40 00 00 11 10 AA 96 00 03 01 F4 01 DC 05 00 00 00"
        var b = bytes(pulse); b[5] = 0xAB
        assertCommandError(BeltWrite(characteristic: .fe03, bytes: b), .unknownValue(field: "intensity", value: 0xAB))
        b = bytes(pulse); b[9] = 0x80
        assertCommandError(BeltWrite(characteristic: .fe03, bytes: b), .unknownValue(field: "series iterations", value: 0x80))
        b = bytes(pulse); b[14] = 3
        assertCommandError(BeltWrite(characteristic: .fe03, bytes: b), .unknownValue(field: "timer option", value: 3))
        assertCommandError(w(.fe03, pulse + " 00"), .trailingBytes(expected: 17, got: 18))
    }

    func testParameterCommands() {
        assertCommandError(w(.fe05, ""), .truncated(expected: 1, got: 0))
        assertCommandError(w(.fe05, "02 01"), .unknownCommand)
        assertCommandError(w(.fe05, "01"), .truncated(expected: 2, got: 1))
        assertCommandError(w(.fe05, "01 05"), .unknownValue(field: "parameter", value: 5))
        assertCommandError(w(.fe05, "01 85 00"), .unknownValue(field: "parameter", value: 0x85))
        assertCommandError(w(.fe05, "01 01 00"), .trailingBytes(expected: 2, got: 3))
        assertCommandError(w(.fe05, "01 81"), .truncated(expected: 3, got: 2))
        assertCommandError(w(.fe05, "01 81 07 00"), .unknownValue(field: "mode", value: 7))
        assertCommandError(w(.fe05, "01 81 FF 00"), .unknownValue(field: "mode", value: 0xFF))
        assertCommandError(w(.fe05, "01 81 03 01"), .unknownValue(field: "reserved byte 3", value: 1))
        assertCommandError(w(.fe05, "01 81 03 00 00"), .trailingBytes(expected: 4, got: 5))
        assertCommandError(w(.fe05, "01 82 65 00 01"), .unknownValue(field: "intensity", value: 101))
        assertCommandError(w(.fe05, "01 82 32 00 02"), .unknownValue(field: "feedback flag", value: 2))
        assertCommandError(w(.fe05, "01 83 68 01"), .unknownValue(field: "heading offset", value: 360))
        assertCommandError(w(.fe05, "01 84"), .truncated(expected: 3, got: 2))
        assertCommandError(w(.fe05, "01 84 C3 A9"), .unknownValue(field: "name byte", value: 0xC3))
        assertCommandError(w(.fe05, "01 84 " + Array(repeating: "41", count: 19).joined(separator: " ")),
                           .trailingBytes(expected: 20, got: 21))
        assertCommandError(w(.fe05, "10 02 03 01"), .unknownValue(field: "parameter count", value: 2))
        assertCommandError(w(.fe05, "10 01 04"), .unknownValue(field: "advanced parameter", value: 4))
        assertCommandError(w(.fe05, "10 01"), .truncated(expected: 3, got: 2))
        assertCommandError(w(.fe05, "11 03 02 03"), .unknownValue(field: "persist flag", value: 2))
        assertCommandError(w(.fe05, "11 03 00 04"), .unknownValue(field: "compass accuracy signal state", value: 4))
        assertCommandError(w(.fe05, "11 0F 00 13 00"), .unknownValue(field: "orientation notification period", value: 19))
        assertCommandError(w(.fe05, "11 25 01 02"), .unknownValue(field: "pairing requirement", value: 2))
        assertCommandError(w(.fe05, "11 02 00 01"), .unknownValue(field: "writable advanced parameter", value: 2))
        assertCommandError(w(.fe05, "11 0A 02 E1 00 A0 00 E1 00 02"), .unknownValue(field: "front-range patch byte 9", value: 2))
        assertCommandError(w(.fe05, "11 0A 02 E1"), .truncated(expected: 10, got: 4))
        assertCommandError(w(.fe05, "12 01 00"), .truncated(expected: 4, got: 3))
        assertCommandError(w(.fe05, "12 01 00 02"), .unknownValue(field: "sensor reset flag", value: 2))
        assertDecodes(w(.fe05, "11 0A 02 E1 00 A0 00 E1 00 01"), as: .applyFrontRangePatch)
        assertDecodes(w(.fe05, "12 01 00 01"), as: .reset(parameters: true, bluetooth: false, sensors: true))
        assertDecodes(w(.fe05, "11 00 01 32"), as: .setAdvancedParameter(.defaultIntensity(50), persistent: true))
    }

    func testOtherWritableCharacteristics() {
        assertCommandError(w(.fe02, ""), .truncated(expected: 1, got: 0))
        assertCommandError(w(.fe02, "02"), .unknownValue(field: "keep-alive answer", value: 2))
        assertCommandError(w(.fe02, "00 01"), .unknownValue(field: "keep-alive answer", value: 0x100))
        assertCommandError(w(.fe02, "00 00 00"), .trailingBytes(expected: 2, got: 3))
        assertCommandError(w(.fe07, "02 01 10 10"), .unknownCommand)
        assertCommandError(w(.fe07, "01 0A"), .unknownValue(field: "tone count", value: 10))
        assertCommandError(w(.fe07, "01 02 19 20 05"), .truncated(expected: 6, got: 5))
        assertCommandError(w(.fe13, "0C"), .unknownCommand)
        assertCommandError(w(.fe13, "0B 00"), .trailingBytes(expected: 1, got: 2))
        assertCommandError(w(.fe0a, "01 01"), .developmentOnly)
        for c in [BeltCharacteristic.fe01, .fe04, .fe06, .fe09, .fe0b, .fe0c, .fe14] {
            assertCommandError(w(c, "01"), .notAWritableCharacteristic)
        }
    }

    func testNotificationSwitchesAndReads() {
        assertDecodes(w(.fe09, "01 00", .clientConfiguration), as: .setBatteryNotifications(true))
        assertCommandError(w(.fe0c, "02 00", .clientConfiguration), .unknownValue(field: "CCCD value", value: 2))
        assertCommandError(w(.fe0c, "01", .clientConfiguration), .truncated(expected: 2, got: 1))
        assertCommandError(w(.fe02, "01 00", .clientConfiguration), .notACommand)
        assertCommandError(w(.fe03, "01 00", .clientConfiguration), .notANotifyingCharacteristic)
        assertCommandError(w(.fe03, "", .readRequest), .notACommand)
        assertCommandError(w(.fe01, "00", .readRequest), .trailingBytes(expected: 0, got: 1))
        assertDecodes(.read(.fe01), as: .requestFirmwareVersion)
        XCTAssertEqual(BeltWrite.notifications(.fe02, enabled: true),
                       BeltWrite(characteristic: .fe02, bytes: [1, 0], kind: .clientConfiguration))
    }

    func testNotifications() {
        assertNotificationError(.fe02, "00", .truncated(expected: 2, got: 1))
        assertNotificationError(.fe02, "00 07", .unknownValue(field: "mode", value: 7))
        assertNotificationError(.fe02, "00 FF", .unknownValue(field: "mode", value: 0xFF))
        assertNotificationError(.fe04, "05 01 00 03 03", .unknownValue(field: "button", value: 5))
        assertNotificationError(.fe04, "02 01 00 09 03", .unknownValue(field: "previous mode", value: 9))
        assertNotificationError(.fe04, "02 01 00 03", .truncated(expected: 5, got: 4))
        assertNotificationError(.fe06, "01", .truncated(expected: 2, got: 1))
        assertNotificationError(.fe06, "01 01", .truncated(expected: 3, got: 2))
        assertNotificationError(.fe06, "01 09 00", .unknownValue(field: "parameter", value: 9))
        assertNotificationError(.fe06, "01 02 65", .unknownValue(field: "default intensity", value: 101))
        assertNotificationError(.fe06, "01 03 68 01", .unknownValue(field: "heading offset", value: 360))
        assertNotificationError(.fe06, "01 04 6E 0A", .unknownValue(field: "name byte", value: 0x0A))
        assertNotificationError(.fe06, "10 04 00", .unknownValue(field: "advanced parameter", value: 4))
        assertNotificationError(.fe06, "10 03 04", .unknownValue(field: "compass accuracy signal state", value: 4))
        assertNotificationError(.fe06, "10 0A 00 00", .truncated(expected: 9, got: 4))
        assertNotificationError(.fe06, "10 25 02", .unknownValue(field: "pairing requirement", value: 2))
        assertNotificationError(.fe06, "20 01 00", .unknownNotification)
        assertNotificationError(.fe09, "01 00 4B 80 07", .truncated(expected: 9, got: 5))
        assertNotificationError(.fe0c, "02 A6 FF", .truncated(expected: 16, got: 3))
        assertNotificationError(.fe14, "0D", .unknownNotification)
        assertNotificationError(.fe14, "", .truncated(expected: 1, got: 0))
        assertNotificationError(.fe14, "0B 01 00", .truncated(expected: 12, got: 3))
        assertNotificationError(.fe01, "34", .truncated(expected: 2, got: 1))
        assertNotificationError(.fe0b, "01 00", .developmentOnly)
        for c in [BeltCharacteristic.fe03, .fe05, .fe07, .fe0a, .fe13] {
            assertNotificationError(c, "01 01", .notANotifyingCharacteristic)
        }
        // C-string padding after a name is not part of it.
        assertNotification(.fe06, "01 04 6E 61 76 69", .bleName("navi"))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe06, bytes("01 04 6E 61 76 69 00 00")), .bleName("navi"))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe06, bytes("10 02 01")), .buzzerActive([0x01]))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe06, bytes("10 0A 02 E1 00 A0 00 E1 00 01")),
                       .frontRangePatch(bytes("02 E1 00 A0 00 E1 00")))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe14, bytes("0B 07 00 02 01 00 00 00 09 00 00 00")),
                       .errorLogHeader(BeltErrorLogHeader(session: 7, entryCount: 2, firstError: 1, lastError: 9)))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe14, bytes("0C 2A 00 00 00 E8 03 00 00 07 00 01")),
                       .errorLogEntry(BeltErrorLogEntry(errorCode: 42, timeMilliseconds: 1000, session: 7, more: true)))
    }

    /// A later firmware may append fields: notifications ignore bytes past their layout, as all three
    /// libraries do, and keep the rest of the packet's meaning.
    func testNotificationsIgnoreTrailingBytes() throws {
        let vectors: [(BeltCharacteristic, String)] = [
            (.fe01, "34 00 01"), (.fe02, "00 03"), (.fe04, "02 01 00 03 03"), (.fe06, "01 01 02"), (.fe06, "01 02 32"),
            (.fe06, "01 03 2D 00"), (.fe06, "10 03 02"), (.fe06, "10 0F 64 00"), (.fe06, "10 25 01"),
            (.fe09, "01 00 4B 80 07 06 FF 0A 0F"), (.fe0c, "02 A6 FF A8 00 00 00 00 00 05 00 03 03 03 03 00"),
            (.fe14, "0B 07 00 02 01 00 00 00 09 00 00 00"),
        ]
        var g = SeededGenerator(seed: 7)
        for (c, hex) in vectors {
            let plain = try BeltNotificationDecoder.decode(c, bytes(hex))
            for extra in 1...8 {
                let longer = bytes(hex) + (0..<extra).map { _ in UInt8.random(in: 0...255, using: &g) }
                // FE01: a third byte is the variant; past it, the same.
                if c == .fe01 { XCTAssertEqual(try BeltNotificationDecoder.decode(c, longer), plain) } else {
                    XCTAssertEqual(try BeltNotificationDecoder.decode(c, longer), plain, "\(c) \(BeltHex.format(longer))")
                }
            }
        }
        // Battery bytes 9–15 are ignored.
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe09, bytes("01 00 4B 80 07 06 FF 0A 0F 00 19 00 50 05 00 01")),
                       try BeltNotificationDecoder.decode(.fe09, bytes("01 00 4B 80 07 06 FF 0A 0F")))
    }
}
