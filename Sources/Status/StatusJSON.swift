#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON form of the status and of the control socket's messages: snake_case keys, sorted, one
/// object per line (docs/control.md). Numbers are JSON numbers; absent parts are left out.
package enum StatusJSON {
    package static func encode<T: Encodable>(_ value: T, pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Every value in these types encodes; a failure here would be a programming error, and the
        // caller still gets a well-formed object saying so rather than a crash.
        guard let data = try? encoder.encode(value) else { return #"{"error":"status could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from text: some StringProtocol) throws(StatusJSONError) -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch let DecodingError.keyNotFound(key, context) {
            throw StatusJSONError(path: path(context.codingPath + [key]), problem: "missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw StatusJSONError(path: path(context.codingPath), problem: "has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            throw StatusJSONError(path: path(context.codingPath), problem: "is null")
        } catch let DecodingError.dataCorrupted(context) {
            throw StatusJSONError(path: path(context.codingPath),
                                  problem: context.codingPath.isEmpty ? "is not JSON" : "has a value that is not allowed")
        } catch {
            throw StatusJSONError(path: "", problem: "is not JSON")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? snakeCase(key.stringValue) }
            .reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }

    private static func snakeCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}

/// A message that is not what the control socket's JSON form allows: where, and what is wrong.
package struct StatusJSONError: Error, Equatable, CustomStringConvertible {
    /// The field's path (`control.command`), empty for the whole message.
    package var path: String
    package var problem: String

    package var description: String { path.isEmpty ? "the message \(problem)" : "\(path) \(problem)" }
}
