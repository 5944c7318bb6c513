@testable import Belt
import Foundation
import XCTest

/// The command line's mapping (`wayfinder belt encode|decode`): FSLib-iOS names and parameters →
/// commands → bytes, and bytes → JSON.
final class FSLibCommandNamesTests: XCTestCase {
    /// A JSON line → the command, through Foundation as the command line parses it.
    func command(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> BeltCommand {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        guard case .object(let object) = value else {
            XCTFail("not an object", file: file, line: number)
            throw FSLibCommandError("not an object")
        }
        return try FSLibCommandNames.command(from: object)
    }

    func assertBytes(_ line: String, _ characteristic: BeltCharacteristic, _ hex: String, kind: BeltWrite.Kind = .value,
                     file: StaticString = #filePath, line number: UInt = #line) {
        do {
            let write = try command(line).encoded()
            XCTAssertEqual(write, BeltWrite(characteristic: characteristic, bytes: bytes(hex), kind: kind),
                           line, file: file, line: number)
        } catch {
            XCTFail("\(line): \(error)", file: file, line: number)
        }
    }

    func assertRefused(_ line: String, _ message: String, file: StaticString = #filePath, line number: UInt = #line) {
        do {
            let c = try command(line)
            XCTFail("\(line) became \(c)", file: file, line: number)
        } catch {
            XCTAssertTrue("\(error)".contains(message), "\(line): \(error)", file: file, line: number)
        }
    }

    func testAMagneticBearingChannelEncodesToFE03Bytes() {
        assertBytes(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","intensity":-1,"orientationType":"magneticBearing","orientation":90,"patternIterations":1,"patternPeriod":3000,"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}"#,
                    .fe03, "00 01 AA AA 00 00 03 5A 00 00 00 01 B8 0B 00 00 00 01")
    }

    /// The three examples of the FSLib-iOS documentation (docs/README.md), "Vibration-channel configuration".
    func testTheFSLibDocumentationExamples() {
        assertBytes(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"singleLong","intensity":-1,"orientationType":"angle","orientation":270,"patternIterations":5,"patternPeriod":1000,"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}"#,
                    .fe03, "00 03 AA AA 00 00 02 0E 01 00 00 05 E8 03 00 00 00 01")
        assertBytes(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"singleShort","intensity":-1,"orientationType":"binaryMask","orientation":257,"patternIterations":-1,"patternPeriod":750,"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}"#,
                    .fe03, "00 02 AA AA 00 00 00 01 01 00 00 00 EE 02 00 00 00 01")
    }

    func testConfigureVibrationChannelDefaultsAndNames() throws {
        // intensity and patternStartTime have defaults in FSLib-iOS; the rest are required.
        assertBytes(#"{"cmd":"configureVibrationChannel","channelIndex":5,"pattern":"shortShiftWave","orientationType":"vibromotorIndex","orientation":-1,"patternIterations":127,"patternPeriod":65535,"exclusiveChannel":true,"clearOtherChannels":false}"#,
                    .fe03, "05 06 AA AA 00 00 01 0F 00 00 00 7F FF FF 00 00 01 00")
        XCTAssertEqual(try command(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"goalReached","intensity":0,"orientationType":"motorIndex","orientation":4,"patternIterations":0,"patternPeriod":10,"exclusiveChannel":false,"clearOtherChannels":false}"#),
                       .configureChannel(ChannelConfiguration(channel: 0, pattern: .destinationReached, intensity: 0,
                                                              orientation: .motorIndex(4), iterations: 0, periodMilliseconds: 10)))
        let base = #""cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","orientationType":"angle","orientation":0,"patternPeriod":10,"exclusiveChannel":false,"clearOtherChannels":false"#
        assertRefused("{\(base)}", "patternIterations: missing")
        assertRefused("{\(base),\"patternIterations\":128}", "patternIterations: 128 is outside -1…127")
        assertRefused("{\(base),\"patternIterations\":-2}", "outside")
        assertRefused("{\(base),\"patternIterations\":1,\"intensity\":101}", "intensity: 101 is outside -1…100")
        assertRefused("{\(base),\"patternIterations\":1,\"intensity\":\"high\"}", "intensity: expected a whole number")
        assertRefused("{\(base),\"patternIterations\":1.5}", "expected a whole number, got 1.5")
        assertRefused("{\(base),\"patternIterations\":1,\"patternStartTime\":70000}", "patternStartTime: 70000")
        assertRefused("{\(base),\"patternIterations\":1,\"intesity\":5}", "unknown key \"intesity\"; configureVibrationChannel takes channelIndex, pattern, intensity,")
        assertRefused(#"{"cmd":"configureVibrationChannel","channelIndex":6,"pattern":"continuous","orientationType":"angle","orientation":0,"patternIterations":1,"patternPeriod":10,"exclusiveChannel":false,"clearOtherChannels":false}"#,
                      "channelIndex: 6 is outside 0…5")
        assertRefused(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"wobble","orientationType":"angle","orientation":0,"patternIterations":1,"patternPeriod":10,"exclusiveChannel":false,"clearOtherChannels":false}"#,
                      "pattern: \"wobble\" is not one of noVibration, continuous")
        assertRefused(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","orientationType":"binaryMask","orientation":65536,"patternIterations":1,"patternPeriod":10,"exclusiveChannel":false,"clearOtherChannels":false}"#,
                      "orientation: 65536")
        assertRefused(#"{"cmd":"configureVibrationChannel","channelIndex":0,"pattern":"continuous","orientationType":"angle","orientation":0,"patternIterations":1,"patternPeriod":10,"exclusiveChannel":1,"clearOtherChannels":false}"#,
                      "exclusiveChannel: expected true or false, got 1")
    }

    func testVibrateAtMagneticBearingAndAngle() throws {
        // FSLib-iOS defaults: default intensity, continuous, channel 1, other channels kept.
        assertBytes(#"{"cmd":"vibrateAtMagneticBearing","direction":90}"#, .fe03, "01 01 AA AA 00 00 03 5A 00 00 00 00 F4 01 00 00 00 00")
        assertBytes(#"{"cmd":"vibrateAtAngle","angle":450.9,"channelIndex":2,"intensity":100}"#,
                    .fe03, "02 01 64 00 00 00 02 5A 00 00 00 00 F4 01 00 00 00 00")
        // Above 100 is named, not sent as 100 (FSLib-iOS clamps it): a typed 150 is a mistake.
        assertRefused(#"{"cmd":"vibrateAtAngle","angle":90,"intensity":150}"#, "intensity: 150 is outside -1…100")
        // A misspelt parameter is unknown, not a missing one.
        assertRefused(#"{"cmd":"vibrateAtAngle","angel":90}"#,
                      "unknown key \"angel\"; vibrateAtAngle takes angle, direction, intensity, signal, channelIndex, stopOtherChannels")
        // FSLib-iOS's docs/README.md documents vibrateAtAngle with `direction`.
        assertBytes(#"{"cmd":"vibrateAtAngle","direction":90,"signal":"continuous"}"#,
                    .fe03, "01 01 AA AA 00 00 02 5A 00 00 00 00 F4 01 00 00 00 00")
        assertBytes(#"{"cmd":"vibrateAtMagneticBearing","direction":0,"signal":"directionNotification","channelIndex":0}"#,
                    .fe03, "00 01 AA AA 00 00 03 00 00 00 00 01 E8 03 00 00 00 00")
        assertBytes(#"{"cmd":"vibrateAtMagneticBearing","direction":10,"signal":"destinationReachedRepeated"}"#,
                    .fe03, "01 09 AA AA 00 00 01 00 00 00 00 00 88 13 00 00 00 00")
        assertBytes(#"{"cmd":"vibrateAtMagneticBearing","direction":10,"signal":"destinationReached"}"#,
                    .fe03, "01 09 AA AA 00 00 01 00 00 00 00 01 C4 09 00 00 00 00")
        assertBytes(#"{"cmd":"vibrateAtMagneticBearing","direction":10,"signal":"approachingDestination","stopOtherChannels":true}"#,
                    .fe03, "01 03 AA AA 00 00 03 0A 00 00 00 00 E8 03 00 00 00 01")
        // Intensity 0 stops the channel, as FSLib-iOS does.
        XCTAssertEqual(try command(#"{"cmd":"vibrateAtAngle","angle":90,"intensity":0,"channelIndex":3}"#), .stop(channel: 3))
        assertRefused(#"{"cmd":"vibrateAtAngle","angle":90,"signal":"ongoingTurn"}"#, "signal: \"ongoingTurn\" is not one of")
        assertRefused(#"{"cmd":"vibrateAtAngle","angle":90,"intensity":-2}"#, "intensity: -2")
        assertRefused(#"{"cmd":"vibrateAtMagneticBearing"}"#, "direction: missing")
        assertRefused(#"{"cmd":"vibrateAtMagneticBearing","direction":"east"}"#, "direction: expected degrees")
        assertRefused(#"{"cmd":"vibrateAtMagneticBearing","direction":1e300}"#, "direction: expected degrees")
    }

    func testModeIntensityStopSignalAndSwitches() throws {
        for (name, mode) in [("standby", BeltMode.standby), ("wait", .wait), ("compass", .compass), ("app", .app),
                             ("pause", .pause), ("calibration", .calibration), ("crossing", .crossing)] {
            XCTAssertEqual(try command(#"{"cmd":"changeMode","mode":"\#(name)"}"#), .changeMode(mode))
        }
        XCTAssertEqual(try command(#"{"cmd":"changeBeltMode","mode":"app"}"#), .changeMode(.app))
        assertRefused(#"{"cmd":"changeMode","mode":"unknown"}"#, "unknown is not a mode")
        assertRefused(#"{"cmd":"changeMode","mode":3}"#, "mode: expected a string, got 3")
        assertBytes(#"{"cmd":"changeDefaultIntensity","intensity":50}"#, .fe05, "01 82 32 00 01")
        assertBytes(#"{"cmd":"changeDefaultIntensity","intensity":50,"vibrationFeedback":false}"#, .fe05, "01 82 32 00 00")
        assertBytes(#"{"cmd":"changeDefaultIntensity","intensity":100,"feedbackSignal":false}"#, .fe05, "01 82 64 00 00")
        assertRefused(#"{"cmd":"changeDefaultIntensity","intensity":50,"vibrationFeedback":true,"feedbackSignal":true}"#, "not both")
        assertRefused(#"{"cmd":"changeDefaultIntensity","intensity":-1}"#, "intensity: -1 is outside 0…100")
        assertBytes(#"{"cmd":"stopVibration"}"#, .fe03, "30 FF")
        assertBytes(#"{"cmd":"stopVibration","channelIndex":-1}"#, .fe03, "30 FF")
        assertBytes(#"{"cmd":"stopVibration","channelIndex":2}"#, .fe03, "30 02")
        assertRefused(#"{"cmd":"stopVibration","channelIndex":6}"#, "channelIndex: 6")
        assertBytes(#"{"cmd":"signal","signalType":"warning"}"#, .fe03, "20 00")
        assertBytes(#"{"cmd":"signal","signalType":"goalReached"}"#, .fe03, "20 01")
        assertBytes(#"{"cmd":"signal","signalType":"battery"}"#, .fe03, "20 02")
        assertRefused(#"{"cmd":"signal"}"#, "signalType: missing")
        assertBytes(#"{"cmd":"startOrientationNotifications"}"#, .fe0c, "01 00", kind: .clientConfiguration)
        assertBytes(#"{"cmd":"stopOrientationNotifications"}"#, .fe0c, "00 00", kind: .clientConfiguration)
        assertBytes(#"{"cmd":"setCompassAccuracySignal","enable":false,"persistent":false}"#, .fe05, "11 03 00 00")
        assertBytes(#"{"cmd":"setCompassAccuracySignal","enable":true,"persistent":true}"#, .fe05, "11 03 01 03")
        assertRefused(#"{"cmd":"setCompassAccuracySignal","enable":true}"#, "persistent: missing")
        assertBytes(#"{"cmd":"requestBatteryStatus"}"#, .fe09, "", kind: .readRequest)
        assertRefused(#"{"cmd":"requestBatteryStatus","now":true}"#, "unknown key \"now\"; requestBatteryStatus takes no parameters")
    }

    /// Every command has its list of parameters, so an unknown key is named for each of them.
    func testEveryCommandListsItsParameters() {
        XCTAssertEqual(Set(FSLibCommandNames.parameters.keys), Set(FSLibCommandNames.commandNames))
    }

    /// Commands with every parameter they take (two for `vibrateAtAngle`, whose angle has two names,
    /// and for `changeDefaultIntensity`, whose feedback flag has two).
    static let fullCommands = [
        #"{"cmd":"changeMode","mode":"app"}"#,
        #"{"cmd":"changeBeltMode","mode":"compass"}"#,
        #"{"cmd":"changeDefaultIntensity","intensity":50,"feedbackSignal":false}"#,
        #"{"cmd":"changeDefaultIntensity","intensity":50,"vibrationFeedback":false}"#,
        #"{"cmd":"configureVibrationChannel","channelIndex":1,"pattern":"continuous","intensity":50,"orientationType":"angle","orientation":90,"patternIterations":-1,"patternPeriod":500,"patternStartTime":0,"exclusiveChannel":false,"clearOtherChannels":true}"#,
        #"{"cmd":"vibrateAtMagneticBearing","direction":90,"intensity":50,"signal":"continuous","channelIndex":1,"stopOtherChannels":false}"#,
        #"{"cmd":"vibrateAtAngle","angle":90,"intensity":50,"signal":"continuous","channelIndex":1,"stopOtherChannels":false}"#,
        #"{"cmd":"vibrateAtAngle","direction":90}"#,
        #"{"cmd":"stopVibration","channelIndex":2}"#,
        #"{"cmd":"signal","signalType":"warning"}"#,
        #"{"cmd":"startOrientationNotifications"}"#,
        #"{"cmd":"stopOrientationNotifications"}"#,
        #"{"cmd":"setCompassAccuracySignal","enable":true,"persistent":false}"#,
        #"{"cmd":"changeCompassAccuracySignalState","enable":true,"persistent":false}"#,
        #"{"cmd":"requestCompassAccuracySignalState"}"#,
        #"{"cmd":"requestBatteryStatus"}"#,
        #"{"cmd":"changeHeadingOffset","headingOffset":45}"#,
        #"{"cmd":"requestParameter","parameter":"mode"}"#,
        #"{"cmd":"requestAdvancedParameter","parameter":"headingOffset"}"#,
        #"{"cmd":"setAdvancedParameter","parameter":"headingOffset","value":45,"persistent":true}"#,
        #"{"cmd":"setNameSuffix","suffix":"W1"}"#,
        #"{"cmd":"applyFrontRangePatch"}"#,
        #"{"cmd":"reset","parameters":true,"bluetooth":false,"sensors":false}"#,
        #"{"cmd":"pulse","channelIndex":0,"orientationType":"binaryMask","orientation":4113,"intensity":50,"onDuration":150,"pulseIterations":3,"seriesIterations":1,"pulsePeriod":500,"seriesPeriod":1500,"timerOption":"resetTimer","exclusiveChannel":false,"clearOtherChannels":false}"#,
        #"{"cmd":"answerKeepAlive"}"#,
        #"{"cmd":"playSound","tones":[{"frequency":800,"duration":50}]}"#,
        #"{"cmd":"startBatteryNotifications"}"#,
        #"{"cmd":"stopBatteryNotifications"}"#,
        #"{"cmd":"requestFirmwareVersion"}"#,
        #"{"cmd":"requestErrorLog"}"#,
    ]

    /// A JSON command line's object and its command's name.
    static func named(_ line: String) throws -> (name: String, object: [String: JSONValue]) {
        guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
              case .string(let name) = object["cmd"] else { throw FSLibCommandError("\(line): not a command object") }
        return (name, object)
    }

    /// `parameters` is the one list of a command's keys: the up-front check refuses every key outside
    /// it and nothing else refuses keys, so each command's parser must read exactly its listed keys.
    /// A parser reading an unlisted key would have it refused as unknown; a listed key no parser
    /// reads would be accepted and ignored.
    func testEachCommandReadsExactlyTheKeysItLists() throws {
        var read: [String: Set<String>] = [:]
        for line in Self.fullCommands {
            let (name, object) = try Self.named(line)
            let listed = Set(try XCTUnwrap(FSLibCommandNames.parameters[name], line))
            XCTAssertEqual(Set(object.keys).subtracting(["cmd"]).subtracting(listed), [], "\(line): a key it gives is not listed")
            do {
                let parsed = try FSLibCommandNames.parse(object)
                XCTAssertEqual(parsed.read.subtracting(listed), [], "\(name) reads keys it does not list")
                read[name, default: []].formUnion(parsed.read)
            } catch {
                XCTFail("\(line): \(error)")
            }
        }
        XCTAssertEqual(Set(read.keys), Set(FSLibCommandNames.commandNames), "a command without a full example")
        for (name, keys) in FSLibCommandNames.parameters {
            XCTAssertEqual(read[name] ?? [], Set(keys), "\(name) lists keys its parser does not read")
        }
    }

    /// A key a command does not list is named as unknown, with the keys the command takes.
    func testAKeyACommandDoesNotListIsUnknown() throws {
        for line in Self.fullCommands {
            var (name, object) = try Self.named(line)
            object["speed"] = .int(1)
            let listed = try XCTUnwrap(FSLibCommandNames.parameters[name], line)
            let expected = "unknown key \"speed\"; \(name) takes " + (listed.isEmpty ? "no parameters" : listed.joined(separator: ", "))
            XCTAssertThrowsError(try FSLibCommandNames.command(from: object), line) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
        assertRefused(#"{"cmd":"vibrateAtAngle","angle":90,"direction":45}"#, "give angle or direction, not both")
    }

    func testCommandsBeyondFSLib() {
        assertBytes(#"{"cmd":"changeHeadingOffset","headingOffset":45}"#, .fe05, "01 83 2D 00")
        assertBytes(#"{"cmd":"requestParameter","parameter":"mode"}"#, .fe05, "01 01")
        assertBytes(#"{"cmd":"requestAdvancedParameter","parameter":"compassAccuracySignal"}"#, .fe05, "10 01 03")
        assertBytes(#"{"cmd":"setAdvancedParameter","parameter":"headingOffset","value":45,"persistent":true}"#, .fe05, "11 01 01 2D 00")
        assertBytes(#"{"cmd":"setAdvancedParameter","parameter":"compassAccuracySignal","value":1,"persistent":false}"#, .fe05, "11 03 00 01")
        assertBytes(#"{"cmd":"setAdvancedParameter","parameter":"pairingRequirement","value":true,"persistent":true}"#, .fe05, "11 25 01 01")
        assertBytes(#"{"cmd":"setAdvancedParameter","parameter":"orientationNotificationPeriod","value":100,"persistent":false}"#, .fe05, "11 0F 00 64 00")
        assertRefused(#"{"cmd":"setAdvancedParameter","parameter":"frontRange","value":1,"persistent":false}"#, "no known value layout")
        assertBytes(#"{"cmd":"pulse","channelIndex":0,"orientationType":"binaryMask","orientation":4113,"onDuration":150,"pulseIterations":3,"seriesIterations":1,"pulsePeriod":500,"seriesPeriod":1500,"timerOption":"resetTimer"}"#,
                    .fe03, "40 00 00 11 10 AA 96 00 03 01 F4 01 DC 05 00 00 00")
        assertBytes(#"{"cmd":"playSound","tones":[{"frequency":800,"duration":50},{"frequency":0,"duration":100},{"frequency":1000,"duration":50}]}"#,
                    .fe07, "01 03 19 00 20 05 0A 05")
        assertRefused(#"{"cmd":"playSound","tones":[]}"#, "tones: expected 1–9 tones")
        assertRefused(#"{"cmd":"playSound","tones":[{"frequency":800}]}"#, "duration: missing")
        assertBytes(#"{"cmd":"answerKeepAlive"}"#, .fe02, "00")
        assertBytes(#"{"cmd":"setNameSuffix","suffix":"W1"}"#, .fe05, "01 84 57 31")
        assertRefused(#"{"cmd":"setNameSuffix","suffix":"Wé"}"#, "printable ASCII")
        assertBytes(#"{"cmd":"requestFirmwareVersion"}"#, .fe01, "", kind: .readRequest)
        assertBytes(#"{"cmd":"startBatteryNotifications"}"#, .fe09, "01 00", kind: .clientConfiguration)
        assertBytes(#"{"cmd":"requestErrorLog"}"#, .fe13, "0B")
        assertBytes(#"{"cmd":"reset","parameters":true,"bluetooth":false,"sensors":false}"#, .fe05, "12 01 00 00")
        assertBytes(#"{"cmd":"applyFrontRangePatch"}"#, .fe05, "11 0A 02 E1 00 A0 00 E1 00 01")
    }

    /// Any JSON at all: a command or an error, never a trap (huge numbers, wrong types, stray keys).
    func testRandomObjectsNeverCrash() {
        let keys = ["mode", "intensity", "vibrationFeedback", "feedbackSignal", "channelIndex", "pattern", "orientationType",
                    "orientation", "patternIterations", "patternPeriod", "patternStartTime", "exclusiveChannel",
                    "clearOtherChannels", "direction", "angle", "signal", "stopOtherChannels", "signalType", "enable",
                    "persistent", "headingOffset", "parameter", "value", "suffix", "parameters", "bluetooth", "sensors",
                    "onDuration", "pulseIterations", "seriesIterations", "pulsePeriod", "seriesPeriod", "timerOption", "tones"]
        let values: [JSONValue] = [.null, .bool(true), .bool(false), .int(0), .int(-1), .int(1), .int(5), .int(127),
                                       .int(128), .int(255), .int(359), .int(65535), .int(65536), .int(Int.min), .int(Int.max),
                                       .double(-90.7), .double(1e300), .double(-1e300), .double(0.5), .string("app"),
                                       .string("continuous"), .string("angle"), .string("binaryMask"), .string("héllo"),
                                       .string(""), .array([]), .array([.object(["frequency": .int(800), "duration": .int(50)])]),
                                       .array([.int(1)]), .object([:])]
        var g = SeededGenerator(seed: 0xC1)
        var accepted = 0
        for i in 0..<20000 {
            var object: [String: JSONValue] = ["cmd": .string(FSLibCommandNames.commandNames[i % FSLibCommandNames.commandNames.count])]
            for _ in 0..<Int.random(in: 0...12, using: &g) {
                object[keys.randomElement(using: &g)!] = values.randomElement(using: &g)!
            }
            if let command = try? FSLibCommandNames.command(from: object) {
                accepted += 1
                _ = command.encoded()
            }
        }
        XCTAssertGreaterThan(accepted, 100)
    }

    func testBadObjects() {
        assertRefused(#"{"cmd":"vibrateAtMagneticBearing","direction":-9223372036854775808}"#, "direction: expected degrees")
        assertRefused(#"{}"#, "cmd: missing")
        assertRefused(#"{"cmd":null}"#, "cmd: missing")
        assertRefused(#"{"cmd":"fly"}"#, "unknown cmd \"fly\"; one of: changeMode")
        assertRefused(#"{"cmd":["changeMode"]}"#, "cmd: expected a string, got an array")
    }

    func testJSONValuesKeepTheirTypes() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":1,"b":1.5,"c":true,"d":"x","e":null,"f":[0,false]}"#.utf8))
        XCTAssertEqual(value, .object(["a": .int(1), "b": .double(1.5), "c": .bool(true), "d": .string("x"), "e": .null,
                                       "f": .array([.int(0), .bool(false)])]))
        let text = String(decoding: try JSONEncoder().encode(JSONValue.object(["n": .int(90), "x": .double(0.5)])), as: UTF8.self)
        XCTAssertTrue(text == #"{"n":90,"x":0.5}"# || text == #"{"x":0.5,"n":90}"#, text)
    }

    func testTheEncodedLine() {
        XCTAssertEqual(FSLibCommandNames.object(for: BeltCommand.changeMode(.app).encoded()),
                       ["characteristic": .string("fe05"), "hex": .string("01 81 03 00")])
        XCTAssertEqual(FSLibCommandNames.object(for: BeltCommand.requestBatteryStatus.encoded()),
                       ["characteristic": .string("fe09"), "hex": .string(""), "operation": .string("read")])
        XCTAssertEqual(FSLibCommandNames.object(for: BeltCommand.setOrientationNotifications(true).encoded()),
                       ["characteristic": .string("fe0c"), "hex": .string("01 00"), "operation": .string("clientConfiguration")])
    }

    func testNotificationsAsJSON() throws {
        XCTAssertEqual(FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(.fe09, bytes("02 80 64 00 00 C8 00 68 10"))),
                       ["notification": .string("batteryStatus"), "powerStatus": .string("charging"), "batteryLevel": .double(100),
                        "batteryTteTtf": .double(0), "current": .int(200), "voltage": .int(4200)])
        XCTAssertEqual(FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(.fe04, bytes("02 01 00 03 03"))),
                       ["notification": .string("buttonPressed"), "button": .string("pause"), "pressType": .string("shortPress"),
                        "previousMode": .string("app"), "newMode": .string("app")])
        let orientation = FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(
            .fe0c, bytes("02 A6 FF A8 00 00 00 00 00 05 00 03 03 03 03 00")))
        XCTAssertEqual(orientation["beltMagHeading"], .int(270))
        XCTAssertEqual(orientation["beltHeading"], .int(-90))
        XCTAssertEqual(orientation["beltCompassInaccurate"], .bool(false))
        XCTAssertEqual(FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(.fe06, bytes("10 03 02"))),
                       ["notification": .string("advancedParameter"), "parameter": .string("compassAccuracySignal"),
                        "value": .int(2), "inAppMode": .bool(true), "inCompassMode": .bool(false)])
        XCTAssertEqual(FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(.fe02, bytes("00 03"))),
                       ["notification": .string("keepAlive"), "mode": .string("app"), "status": .int(0)])
        // Every notification prints without trapping.
        var g = ProtocolGenerator(seed: 3)
        for i in 0..<500 { XCTAssertNotNil(FSLibCommandNames.object(for: g.notification(i))["notification"]) }
    }
}
