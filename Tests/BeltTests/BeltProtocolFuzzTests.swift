@testable import Belt
import XCTest

/// Seeded fuzzing of both decoders: random bytes on every characteristic and operation, and
/// truncations of valid packets. Nothing may crash; every failure is a `BeltProtocolError` naming the
/// bytes it was given; everything that decodes re-encodes to bytes that decode to the same value.
final class BeltProtocolFuzzTests: XCTestCase {
    func decodeCommand(_ write: BeltWrite) -> BeltCommand? {
        do {
            return try BeltCommandDecoder.decode(write)
        } catch {
            XCTAssertEqual(error.characteristic, write.characteristic)
            XCTAssertEqual(error.bytes, write.bytes)
            XCTAssertEqual(error.kind, write.kind)
            XCTAssertFalse(error.description.isEmpty)
            return nil
        }
    }

    func decodeNotification(_ c: BeltCharacteristic, _ b: [UInt8]) -> BeltNotification? {
        do {
            return try BeltNotificationDecoder.decode(c, b)
        } catch {
            XCTAssertEqual(error.characteristic, c)
            XCTAssertEqual(error.bytes, b)
            return nil
        }
    }

    /// Random bytes, biased toward the lengths and leading bytes that reach deep into the decoders.
    func randomPacket(_ g: inout SeededGenerator) -> [UInt8] {
        let length = Bool.random(using: &g) ? Int.random(in: 0...20, using: &g) : Int.random(in: 0...40, using: &g)
        var b = (0..<length).map { _ in UInt8.random(in: 0...255, using: &g) }
        if !b.isEmpty, Int.random(in: 0...2, using: &g) == 0 {
            b[0] = [0x00, 0x01, 0x02, 0x05, 0x0B, 0x0C, 0x10, 0x11, 0x12, 0x20, 0x30, 0x40].randomElement(using: &g)!
        }
        if b.count > 1, Bool.random(using: &g) { b[1] = UInt8.random(in: 0...0x0F, using: &g) | (Bool.random(using: &g) ? 0x80 : 0) }
        return b
    }

    func testRandomBytesOnEveryCharacteristic() {
        var g = SeededGenerator(seed: 0xF022)
        var decodedCommands = 0, decodedNotifications = 0
        for _ in 0..<3000 {
            for c in BeltCharacteristic.allCases {
                let b = randomPacket(&g)
                for kind in BeltWrite.Kind.allCases {
                    if let command = decodeCommand(BeltWrite(characteristic: c, bytes: b, kind: kind)) {
                        decodedCommands += 1
                        // Decoding is a canonicalisation: once decoded, the command round-trips.
                        XCTAssertEqual(try BeltCommandDecoder.decode(command.encoded()), command, "\(c) \(BeltHex.format(b))")
                    }
                }
                if let n = decodeNotification(c, b) {
                    decodedNotifications += 1
                    XCTAssertEqual(try BeltNotificationDecoder.decode(c, n.encoded().bytes), n, "\(c) \(BeltHex.format(b))")
                }
            }
        }
        // The bias above reaches valid packets too, so both success paths are exercised.
        XCTAssertGreaterThan(decodedCommands, 100)
        XCTAssertGreaterThan(decodedNotifications, 1000)
    }

    /// Every fixed-length command: each strict prefix is an error (the only shorter forms that are
    /// themselves commands are pybelt's 3-byte mode change and the 1-byte keep-alive answer), and one
    /// byte more is an error too.
    func testTruncatedAndOverlongCommandsAreErrors() {
        var g = ProtocolGenerator(seed: 0x7A0C)
        for i in 0..<3000 {
            let command = g.command(i)
            let write = command.encoded()
            guard write.kind == .value else { continue }
            for length in 0..<write.bytes.count {
                let prefix = BeltWrite(characteristic: write.characteristic, bytes: Array(write.bytes.prefix(length)))
                let decoded = decodeCommand(prefix)
                switch command {
                case .changeMode(let m) where length == 3: XCTAssertEqual(decoded, .changeMode(m))
                case .setNameSuffix(let s) where length >= 3:
                    XCTAssertEqual(decoded, .setNameSuffix(String(s.prefix(length - 2))))
                default: XCTAssertNil(decoded, "\(command): \(BeltHex.format(prefix.bytes))")
                }
            }
            let longer = BeltWrite(characteristic: write.characteristic, bytes: write.bytes + [0xEE])
            XCTAssertNil(decodeCommand(longer), "\(command): \(BeltHex.format(longer.bytes))")
        }
    }

    /// Every notification cut short of its layout is an error; the variable-length ones (a name, the
    /// buzzer bytes) decode to their shorter selves.
    func testTruncatedNotificationsAreErrors() {
        var g = ProtocolGenerator(seed: 0x7A0D)
        for i in 0..<3000 {
            let notification = g.notification(i)
            let write = notification.encoded()
            let minimum: Int
            switch notification {
            case .firmwareInfo: minimum = 2
            case .keepAlive: minimum = 2
            case .buttonPressed: minimum = 5
            case .mode, .defaultIntensity, .advancedParameter(.defaultIntensity), .advancedParameter(.compassAccuracySignal),
                 .advancedParameter(.pairingRequired): minimum = 3
            case .headingOffset, .advancedParameter(.headingOffset), .advancedParameter(.orientationNotificationPeriod): minimum = 4
            case .bleName, .buzzerActive: minimum = 2
            case .frontRangePatch: minimum = 9
            case .batteryStatus: minimum = 9
            case .orientation: minimum = 16
            case .errorLogHeader, .errorLogEntry: minimum = 12
            }
            XCTAssertGreaterThanOrEqual(write.bytes.count, minimum)
            for length in 0..<write.bytes.count {
                let prefix = Array(write.bytes.prefix(length))
                let decoded = decodeNotification(write.characteristic, prefix)
                if length < minimum {
                    XCTAssertNil(decoded, "\(notification): \(BeltHex.format(prefix))")
                } else {
                    XCTAssertNotNil(decoded, "\(notification): \(BeltHex.format(prefix))")
                }
            }
        }
    }

    /// Random cuts of the `BeltProtocolVectorTests` vectors, both directions, with random bytes after the cut.
    func testRandomlyDamagedVectorsNeverCrash() {
        let commands: [(BeltCharacteristic, String)] = [
            (.fe05, "01 81 03 00"), (.fe05, "01 82 32 00 01"), (.fe05, "11 01 01 2D 00"), (.fe05, "11 0F 00 64 00"),
            (.fe03, "00 01 AA AA 00 00 03 5A 00 00 00 FF F4 01 00 00 00 00"),
            (.fe03, "40 02 03 5A 00 AA C8 00 01 00 E8 03 E8 03 01 00 00"), (.fe07, "01 03 19 00 20 05 0A 05"),
        ]
        let notifications: [(BeltCharacteristic, String)] = [
            (.fe09, "01 00 4B 80 07 06 FF 0A 0F"), (.fe0c, "02 7B 00 A8 00 00 00 00 00 05 00 03 03 03 03 01"),
            (.fe04, "01 03 00 01 00"), (.fe06, "10 03 02"), (.fe06, "01 04 6E 61 76 69 47 75 65 72 74 65 6C"),
        ]
        var g = SeededGenerator(seed: 0xDA3A)
        for _ in 0..<2000 {
            for (c, hex) in commands + notifications {
                var b = bytes(hex)
                b = Array(b.prefix(Int.random(in: 0...b.count, using: &g)))
                if Bool.random(using: &g) { b += (0..<Int.random(in: 1...4, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) } }
                if !b.isEmpty, Bool.random(using: &g) { b[Int.random(in: 0..<b.count, using: &g)] = UInt8.random(in: 0...255, using: &g) }
                _ = decodeCommand(BeltWrite(characteristic: c, bytes: b))
                _ = decodeNotification(c, b)
            }
        }
    }
}
