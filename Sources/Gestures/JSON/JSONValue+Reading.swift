#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Why a document could not be read: Foundation's own account, with the line and column where it
    /// gives them.
    package struct ParseError: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { "JSON error: \(reason)" }
    }

    /// Reads one JSON document with Foundation's `JSONDecoder` in its JSON5 mode. Why JSON5: scenario
    /// files come from Python's `json.dump`, which writes `NaN`, `Infinity` and `-Infinity` for
    /// non-finite numbers (JSON has none), and a scenario that feeds them must reach the pipeline's
    /// sanitizer instead of failing to load. JSON5's other leniencies (comments, trailing commas,
    /// unquoted keys) are accepted with it.
    ///
    /// The bytes must be UTF-8 without NUL bytes, which JSON text is anyway. Checked first because the
    /// toolchain's JSON5 scanner traps instead of throwing on some invalid UTF-8 (FoundationEssentials,
    /// `BufferView._decodeScalar` reached from `JSON5Scanner.scanKey`, found by the fuzz targets), and
    /// because JSONDecoder takes text with NUL bytes for UTF-16 or UTF-32 and converts it.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        if let nul = bytes.firstIndex(of: 0) {
            throw ParseError(reason: "a NUL byte at offset \(nul); JSON text is UTF-8 without NUL bytes")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ParseError(reason: "the text is not valid UTF-8")
        }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        do {
            return try decoder.decode(JSONValue.self, from: Data(bytes))
        } catch let DecodingError.dataCorrupted(context) {
            #if canImport(FoundationEssentials)
            // FoundationEssentials attaches no underlying error (its scanner's message becomes an
            // NSError only in Apple's Foundation: swift-foundation, JSONDecoder.swift).
            throw ParseError(reason: context.debugDescription)
            #else
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw ParseError(reason: underlying ?? context.debugDescription)
            #endif
        } catch {
            throw ParseError(reason: "\(error)")
        }
    }
}
