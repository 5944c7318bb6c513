@testable import Belt
import XCTest

/// Bytes as space-separated hex (`01 81 03 00`).
func bytes(_ hex: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
    guard let b = BeltHex.parse(hex) else {
        XCTFail("bad hex in test: \(hex)", file: file, line: line)
        return []
    }
    return b
}

/// `command` encodes to exactly these bytes and they decode back to `command`.
func assertCommand(_ command: BeltCommand, _ characteristic: BeltCharacteristic, _ hex: String,
                   kind: BeltWrite.Kind = .value, file: StaticString = #filePath, line: UInt = #line) {
    let expected = BeltWrite(characteristic: characteristic, bytes: bytes(hex, file: file, line: line), kind: kind)
    XCTAssertEqual(command.encoded(), expected, "encode \(command)", file: file, line: line)
    assertDecodes(expected, as: command, file: file, line: line)
}

/// Bytes a library writes decode to `command` (the decode direction alone).
func assertDecodes(_ write: BeltWrite, as command: BeltCommand, file: StaticString = #filePath, line: UInt = #line) {
    do {
        let decoded = try BeltCommandDecoder.decode(write)
        XCTAssertEqual(decoded, command, "decode \(write)", file: file, line: line)
    } catch {
        XCTFail("decode \(write): \(error)", file: file, line: line)
    }
}

/// Notification bytes decode to `notification`, and `notification` encodes to the same bytes.
func assertNotification(_ characteristic: BeltCharacteristic, _ hex: String, _ notification: BeltNotification,
                        file: StaticString = #filePath, line: UInt = #line) {
    let b = bytes(hex, file: file, line: line)
    do {
        let decoded = try BeltNotificationDecoder.decode(characteristic, b)
        XCTAssertEqual(decoded, notification, "decode", file: file, line: line)
    } catch {
        XCTFail("decode \(characteristic) \(hex): \(error)", file: file, line: line)
    }
    XCTAssertEqual(notification.encoded(), BeltWrite(characteristic: characteristic, bytes: b), "encode", file: file, line: line)
}

func assertCommandError(_ write: BeltWrite, _ reason: BeltProtocolError.Reason,
                        file: StaticString = #filePath, line: UInt = #line) {
    do {
        let command = try BeltCommandDecoder.decode(write)
        XCTFail("\(write) decoded as \(command), expected \(reason)", file: file, line: line)
    } catch {
        XCTAssertEqual(error.reason, reason, "\(write)", file: file, line: line)
        XCTAssertEqual(error.characteristic, write.characteristic, file: file, line: line)
        XCTAssertEqual(error.bytes, write.bytes, file: file, line: line)
    }
}

func assertNotificationError(_ characteristic: BeltCharacteristic, _ hex: String, _ reason: BeltProtocolError.Reason,
                             file: StaticString = #filePath, line: UInt = #line) {
    let b = bytes(hex, file: file, line: line)
    do {
        let n = try BeltNotificationDecoder.decode(characteristic, b)
        XCTFail("\(characteristic) \(hex) decoded as \(n), expected \(reason)", file: file, line: line)
    } catch {
        XCTAssertEqual(error.reason, reason, "\(characteristic) \(hex)", file: file, line: line)
        XCTAssertEqual(error.characteristic, characteristic, file: file, line: line)
        XCTAssertEqual(error.bytes, b, file: file, line: line)
    }
}

/// A command-line JSON object from literal pairs.
func json(_ pairs: KeyValuePairs<String, JSONValue>) -> [String: JSONValue] {
    Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) })
}

/// SplitMix64: a small seeded generator, so fuzz and round-trip runs repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
