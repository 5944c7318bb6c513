import ArgumentParser
import Belt
import Gestures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The JSON-line glue of `wayfinder belt encode|decode`: Foundation parses and prints, the Belt module
/// (`FSLibCommandNames`, the codecs) does everything else.
enum BeltCodecLines {
    enum Sender: String, ExpressibleByArgument, CaseIterable {
        case belt, central
    }

    static func encode(line: String, number: Int) -> (String, Bool) {
        do {
            let object = try parseObject(line)
            let command = try FSLibCommandNames.command(from: object)
            return (render(FSLibCommandNames.object(for: command.encoded())), true)
        } catch {
            return (render(["error": .string("\(error)"), "line": .int(number)]), false)
        }
    }

    static func decode(line: String, number: Int, defaultSender: Sender?) -> (String, Bool) {
        do {
            return (render(try decodeObject(try parseObject(line), defaultSender: defaultSender)), true)
        } catch {
            return (render(["error": .string("\(error)"), "line": .int(number)]), false)
        }
    }

    /// One value given as arguments.
    static func decode(_ request: [String: JSONValue], defaultSender: Sender?) -> (String, Bool) {
        do {
            return (render(try decodeObject(request, defaultSender: defaultSender)), true)
        } catch {
            return (render(["error": .string("\(error)")]), false)
        }
    }

    /// `{"characteristic":…, "hex":…, ["operation":…], ["from":…]}` → the decoded notification or command.
    static func decodeObject(_ request: [String: JSONValue], defaultSender: Sender?) throws -> [String: JSONValue] {
        let unknownKeys = Set(request.keys).subtracting(["characteristic", "hex", "operation", "from"])
        if let key = unknownKeys.sorted().first { throw LineError("unknown key \"\(key)\"") }
        guard case .string(let name) = request["characteristic"] else { throw LineError("characteristic: missing") }
        guard let characteristic = BeltCharacteristic(uuidString: name) else {
            throw LineError("characteristic: \(name) is none of \(BeltCharacteristic.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let hexText: String
        switch request["hex"] {
        case .string(let s): hexText = s
        case nil: hexText = ""
        default: throw LineError("hex: expected a string")
        }
        guard let bytes = BeltHex.parse(hexText) else { throw LineError("hex: \"\(hexText)\" is not pairs of hex digits") }
        var kind = BeltWrite.Kind.value
        switch request["operation"] {
        case nil, .string("write"): break
        case .string("clientConfiguration"): kind = .clientConfiguration
        case .string("read"): kind = .readRequest
        default: throw LineError("operation: one of write, clientConfiguration, read")
        }
        var sender = defaultSender
        switch request["from"] {
        case nil: break
        case .string(let s) where Sender(rawValue: s) != nil: sender = Sender(rawValue: s)
        default: throw LineError("from: belt or central")
        }
        if kind != .value { sender = .central }
        let fromBelt = sender.map { $0 == .belt } ?? (characteristic.notifies || characteristic.isReadable)
        var object: [String: JSONValue]
        if fromBelt {
            object = FSLibCommandNames.object(for: try BeltNotificationDecoder.decode(characteristic, bytes))
        } else {
            let command = try BeltCommandDecoder.decode(BeltWrite(characteristic: characteristic, bytes: bytes, kind: kind))
            object = FSLibCommandNames.object(for: command)
        }
        object["characteristic"] = .string(characteristic.rawValue)
        return object
    }

    struct LineError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func parseObject(_ line: String) throws -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw LineError("not JSON: \(line.count > 60 ? line.prefix(60) + "…" : line)")
        }
        guard case .object(let object) = value else { throw LineError("expected a JSON object, got \(value)") }
        return object
    }

    static func render(_ object: [String: JSONValue]) -> String {
        JSONText.encode(JSONValue.object(object))
    }

    /// One line, flushed at once, so `belt encode` answers line by line when typed at.
    static func emit(_ line: String) {
        StandardStream.output.write(line + "\n")
    }
}
