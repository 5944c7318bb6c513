@testable import Belt
import Foundation
import XCTest

/// decode(encode(x)) == x over generated commands and notifications, the GATT tables, and the
/// command line's JSON form of every command.
final class BeltProtocolRoundTripTests: XCTestCase {
    func testEveryCommandRoundTrips() throws {
        var g = ProtocolGenerator(seed: 0xBE17)
        var seen = Set<Int>()
        for i in 0..<5000 {
            let command = g.command(i)
            seen.insert(caseIndex(command))
            let write = command.encoded()
            XCTAssertEqual(try BeltCommandDecoder.decode(write), command, "\(write)")
            // Every write stays within the 20-byte default ATT payload.
            XCTAssertLessThanOrEqual(write.bytes.count, 20, "\(command)")
            switch write.kind {
            case .value: XCTAssertTrue(write.characteristic.isWritable, "\(command)")
            case .clientConfiguration: XCTAssertTrue(write.characteristic.notifies, "\(command)")
            case .readRequest: XCTAssertTrue(write.characteristic.isReadable && write.bytes.isEmpty, "\(command)")
            }
        }
        XCTAssertEqual(seen.count, ProtocolGenerator.commandCaseCount)
    }

    func testEveryNotificationRoundTrips() throws {
        var g = ProtocolGenerator(seed: 0x5EED)
        var seen = Set<Int>()
        for i in 0..<5000 {
            let notification = g.notification(i)
            seen.insert(caseIndex(notification))
            let write = notification.encoded()
            XCTAssertEqual(write.kind, .value)
            XCTAssertTrue(write.characteristic.notifies || write.characteristic.isReadable)
            XCTAssertEqual(try BeltNotificationDecoder.decode(write.characteristic, write.bytes), notification, "\(write)")
        }
        XCTAssertEqual(seen.count, ProtocolGenerator.notificationCaseCount)
    }

    /// The command line prints every command in a form it reads back, through Foundation's JSON.
    func testEveryCommandRoundTripsThroughTheCommandLineJSON() throws {
        var g = ProtocolGenerator(seed: 0xC11)
        for i in 0..<2000 {
            let command = g.command(i)
            let object = FSLibCommandNames.object(for: command)
            let text = try JSONEncoder().encode(JSONValue.object(object))
            guard case .object(let parsed) = try JSONDecoder().decode(JSONValue.self, from: text) else {
                return XCTFail("not an object: \(String(decoding: text, as: UTF8.self))")
            }
            XCTAssertEqual(try FSLibCommandNames.command(from: parsed), command, String(decoding: text, as: UTF8.self))
        }
    }

    /// Values outside the wire's ranges are brought into range, never trapped on.
    func testEncodingIsTotalForOutOfRangeValues() throws {
        let wild = ChannelConfiguration(channel: 2, pattern: .continuous, intensity: 250, orientation: .angle(-725),
                                        iterations: 200, periodMilliseconds: 500)
        let decoded = try BeltCommandDecoder.decode(BeltCommand.configureChannel(wild).encoded())
        XCTAssertEqual(decoded, .configureChannel(ChannelConfiguration(channel: 2, pattern: .continuous, intensity: 100,
                                                                       orientation: .angle(355), iterations: 127,
                                                                       periodMilliseconds: 500)))
        XCTAssertEqual(BeltCommand.setDefaultIntensity(-4, feedback: false).encoded().bytes, bytes("01 82 00 00 00"))
        XCTAssertEqual(BeltCommand.setHeadingOffset(Int.min).encoded().bytes.count, 4)
        XCTAssertEqual(BeltCommand.setHeadingOffset(-45).encoded().bytes, bytes("01 83 3B 01"))
        XCTAssertEqual(BeltCommand.setNameSuffix(String(repeating: "x", count: 30)).encoded().bytes.count, 20)
        XCTAssertEqual(BeltCommand.playSound(Array(repeating: .rest(milliseconds: 10), count: 12)).encoded().bytes.count, 20)
        XCTAssertEqual(BeltCommand.configureChannel(ChannelConfiguration(channel: 0, pattern: .continuous,
                                                                         orientation: .magneticBearing(Int.max),
                                                                         iterations: 0, periodMilliseconds: 1)).encoded().bytes.count, 18)
        // Library-side values the belt would not take are written as they are and refused on decode.
        assertCommandError(BeltCommand.changeMode(.unknown).encoded(), .unknownValue(field: "mode", value: 0xFF))
        assertCommandError(BeltCommand.stop(channel: 9).encoded(), .unknownValue(field: "channel", value: 9))
        assertCommandError(BeltCommand.playSound([]).encoded(), .unknownValue(field: "tone count", value: 0))
        XCTAssertEqual(BeltNotification.bleName("naviGuertel").encoded().bytes.count, 13)
    }

    /// The FSLib form of the compass accuracy write and read is the one decoding returns.
    func testCompassAccuracyAliasesDecodeAsTheFSLibCommands() throws {
        XCTAssertEqual(try BeltCommandDecoder.decode(BeltCommand.requestAdvancedParameter(.compassAccuracySignal).encoded()),
                       .requestCompassAccuracySignalState)
        XCTAssertEqual(try BeltCommandDecoder.decode(
            BeltCommand.setAdvancedParameter(.compassAccuracySignal(.everywhere), persistent: true).encoded()),
                       .setCompassAccuracySignal(enabled: true, persistent: true))
        XCTAssertEqual(try BeltCommandDecoder.decode(
            BeltCommand.setAdvancedParameter(.compassAccuracySignal([]), persistent: false).encoded()),
                       .setCompassAccuracySignal(enabled: false, persistent: false))
    }

    // MARK: GATT tables

    func testServiceAndCharacteristicUUIDs() {
        XCTAssertEqual(BeltService.control.uuidString, "0000FE51-0000-1000-8000-00805F9B34FB")
        XCTAssertEqual(BeltService.sensor.uuid16, 0xFE52)
        XCTAssertEqual(BeltService.debug.uuidString, "0000FE53-0000-1000-8000-00805F9B34FB")
        XCTAssertEqual(BeltCharacteristic.fe0c.uuidString, "0000FE0C-0000-1000-8000-00805F9B34FB")
        XCTAssertEqual(BeltCharacteristic.fe0c.service, .sensor)
        XCTAssertEqual(BeltCharacteristic.fe14.service, .debug)
        XCTAssertEqual(BeltCharacteristic.fe09.service, .control)
        XCTAssertEqual(BeltCharacteristic.allCases.count, 13)
        XCTAssertEqual(Set(BeltCharacteristic.allCases.map(\.uuid16)).count, 13)
        for c in BeltCharacteristic.allCases {
            XCTAssertEqual(BeltCharacteristic(uuidString: c.uuidString), c)
            XCTAssertEqual(BeltCharacteristic(uuidString: c.uuidString.lowercased()), c)
            XCTAssertEqual(BeltCharacteristic(uuidString: c.rawValue.uppercased()), c)
            XCTAssertEqual(BeltCharacteristic(uuidString: "0x" + c.rawValue), c)
            XCTAssertEqual(BeltCharacteristic(rawValue: c.rawValue), c)
        }
        XCTAssertNil(BeltCharacteristic(uuidString: "fe08"))
        XCTAssertNil(BeltCharacteristic(uuidString: "65333333-A115-11E2-9E9A-0800200CA100"))
        XCTAssertNil(BeltCharacteristic(uuidString: "0000FE01-0000-1000-8000-00805F9B34FC"))
        XCTAssertNil(BeltCharacteristic(uuidString: ""))
    }

    /// What the libraries need: FE51 {FE01 R, FE02 W+N, FE03 W, FE04 N, FE05 W, FE06 N, FE07 W, FE09 R+N},
    /// FE52 {FE0A W, FE0B N, FE0C N}, FE53 {FE13 W, FE14 N}.
    func testCharacteristicProperties() {
        let table: [BeltCharacteristic: String] = [.fe01: "R", .fe02: "WN", .fe03: "W", .fe04: "N", .fe05: "W", .fe06: "N",
                                                   .fe07: "W", .fe09: "RN", .fe0a: "W", .fe0b: "N", .fe0c: "N", .fe13: "W",
                                                   .fe14: "N"]
        for (c, properties) in table {
            XCTAssertEqual(c.isReadable, properties.contains("R"), "\(c)")
            XCTAssertEqual(c.isWritable, properties.contains("W"), "\(c)")
            XCTAssertEqual(c.notifies, properties.contains("N"), "\(c)")
        }
    }

    func testHexFormatAndParse() {
        XCTAssertEqual(BeltHex.format([0x01, 0x81, 0x03, 0x00]), "01 81 03 00")
        XCTAssertEqual(BeltHex.format([]), "")
        XCTAssertEqual(BeltHex.parse("01 81 03 00"), [0x01, 0x81, 0x03, 0x00])
        XCTAssertEqual(BeltHex.parse("01810300"), [0x01, 0x81, 0x03, 0x00])
        XCTAssertEqual(BeltHex.parse("0x01 0xff:aA"), [0x01, 0xFF, 0xAA])
        XCTAssertEqual(BeltHex.parse(""), [])
        XCTAssertNil(BeltHex.parse("018"))
        XCTAssertNil(BeltHex.parse("0g"))
        XCTAssertNil(BeltHex.parse("é1"))
    }

    func testErrorDescriptionsSayWhatAndWhichBytes() {
        func message(_ write: BeltWrite) -> String {
            do { return "decoded as \(try BeltCommandDecoder.decode(write))" } catch { return error.description }
        }
        XCTAssertEqual(message(BeltWrite(characteristic: .fe03, bytes: [0x20, 0x07])), "fe03 [20 07]: unknown system signal 0x07")
        XCTAssertEqual(message(BeltWrite(characteristic: .fe05, bytes: [0x01, 0x82, 0x32])),
                       "fe05 [01 82 32]: truncated: 3 bytes, expected 5")
        XCTAssertEqual(message(BeltWrite(characteristic: .fe03, bytes: [0x20, 0x00, 0x00])),
                       "fe03 [20 00 00]: 1 trailing byte: 3 bytes, expected 2")
        XCTAssertEqual(message(BeltWrite(characteristic: .fe0c, bytes: [0x02, 0x00], kind: .clientConfiguration)),
                       "fe0c CCCD [02 00]: unknown CCCD value 0x02")
        XCTAssertEqual(message(.read(.fe03)), "read fe03: not a belt command")
        do {
            _ = try BeltNotificationDecoder.decode(characteristicUUID: "FE08", [0x01])
            XCTFail("FE08 is no belt characteristic")
        } catch {
            XCTAssertNil(error.characteristic)
            XCTAssertEqual(error.description, "? [01]: unknown characteristic FE08")
        }
    }

    func testDecodingByUUIDString() throws {
        XCTAssertEqual(try BeltNotificationDecoder.decode(characteristicUUID: "0000FE06-0000-1000-8000-00805F9B34FB",
                                                          bytes("01 01 02")), .mode(.compass))
    }

    func testBuzzerToneUnits() {
        XCTAssertEqual(BuzzerTone(hertz: 800, milliseconds: 50), BuzzerTone(frequencyCode: 25, durationCode: 5))
        XCTAssertEqual(BuzzerTone(hertz: 1_000_000, milliseconds: -3), BuzzerTone(frequencyCode: 255, durationCode: 0))
        XCTAssertEqual(BuzzerTone(hertz: .nan, milliseconds: .infinity), BuzzerTone(frequencyCode: 0, durationCode: 255))
        XCTAssertEqual(BuzzerTone(frequencyCode: 32, durationCode: 10).hertz, 1000)
        XCTAssertEqual(BuzzerTone(frequencyCode: 32, durationCode: 10).milliseconds, 100)
    }

    func testBatteryStatusFromUnits() {
        let s = BeltBatteryStatus(powerStatus: .onBattery, percent: 75, seconds: 10800, currentMilliamperes: -250,
                                  voltageMillivolts: 3850)
        XCTAssertEqual(s.encodedForTest, bytes("01 00 4B 80 07 06 FF 0A 0F"))
        XCTAssertEqual(BeltBatteryStatus(powerStatus: .charging, percent: 1e9, seconds: -1).levelRaw, UInt16.max)
    }

    func testFirmwareInfoFeatureGates() throws {
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe01, bytes("34 00 01")),
                       .firmwareInfo(BeltFirmwareInfo(version: 52, variant: 1)))
        XCTAssertEqual(try BeltNotificationDecoder.decode(.fe01, bytes("2D 00")), .firmwareInfo(BeltFirmwareInfo(version: 45)))
        XCTAssertTrue(BeltFirmwareInfo(version: 4, variant: 4).needsFrontRangePatch)
        XCTAssertFalse(BeltFirmwareInfo(version: 4, variant: 1).needsFrontRangePatch)
        XCTAssertTrue(BeltFirmwareInfo(version: 52).supportsOrientationNotificationPeriod)
        XCTAssertFalse(BeltFirmwareInfo(version: 43).supportsPulseAndBuzzer)
    }
}

extension BeltBatteryStatus {
    var encodedForTest: [UInt8] { BeltNotification.batteryStatus(self).encoded().bytes }
}
