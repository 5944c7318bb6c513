/// Encodes and decodes one recording line (docs/recording.md has the format). Pure: text in, values
/// out. A line is written by `JSONText` (keys sorted, numbers as the shortest text that reads back as
/// the same Double, so a replay feeds the pipeline bit-identical times and positions) and read by
/// Foundation's JSON reader.
package enum RecordingLineCodec {
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    // MARK: Encoding

    /// The line's JSON text, without the terminating newline (the writer adds it).
    package static func encode(_ line: RecordingLine) -> String {
        JSONText.encode(line)
    }

    // MARK: Decoding

    /// One line's text (without its newline). Throws for anything that is not a line this format
    /// defines: unparsable JSON, an unknown type, a missing or mistyped field.
    package static func decode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> RecordingLine {
        let json: JSONValue
        do { json = try JSONValue.parse(Array(bytes)) } catch { throw Failure(reason: "\(error)") }
        guard let type = json["type"]?.string else { throw Failure(reason: "no \"type\"") }
        switch type {
        case "header":
            guard json["format"]?.string == RecordingHeader.format else { throw Failure(reason: "not a \(RecordingHeader.format) header") }
            guard let version = json["version"]?.int else { throw Failure(reason: "header without a version") }
            return .header(RecordingHeader(version: version, startedUTC: json["started_utc"]?.string ?? "",
                                           device: json["device"]?.string ?? "",
                                           configuration: json["configuration"] ?? .object([:]),
                                           recognizers: json["recognizers"] ?? .object([:])))
        case "prompt":
            return .prompt(timeMs: try time(json), sample: try int(json, "sample"), label: json["label"]?.string ?? "")
        case "touch":
            guard let side = json["side"]?.string.flatMap(CaseSide.init(rawValue:)) else { throw Failure(reason: "touch without a side") }
            guard let phase = json["phase"]?.string.flatMap(TouchPhase.init(rawValue:)) else { throw Failure(reason: "touch without a phase") }
            guard let time = Duration(milliseconds: try time(json)) else { throw Failure(reason: "\"t_ms\" is beyond any session") }
            let touchClass = json["class"]?.string.flatMap(TouchClass.init(rawValue:)) ?? .unknown
            return .touch(TouchEvent(side: side, id: try int(json, "id"), phase: phase, x: try double(json, "x"),
                                     y: try double(json, "y"), time: time, rawX: try raw(json, "raw_x"),
                                     rawY: try raw(json, "raw_y"), touchClass: touchClass))
        case "gesture":
            guard let recognizer = json["recognizer"]?.string else { throw Failure(reason: "gesture without a recognizer") }
            guard let state = json["state"]?.string.flatMap(GestureState.init(rawValue:)) else { throw Failure(reason: "gesture without a state") }
            return .gesture(GestureTransition(timeMs: try time(json), recognizer: recognizer, state: state,
                                              values: values(json["values"] ?? .object([:]))))
        case "sample_end":
            return .sampleEnd(timeMs: try time(json), sample: try int(json, "sample"))
        case "end":
            return .end(timeMs: try time(json), reason: json["reason"]?.string ?? "")
        default:
            throw Failure(reason: "unknown line type \"\(type)\"")
        }
    }

    /// The conformance value keys back into `GestureValues`; a key written as `null` (not finite) reads as NaN.
    static func values(_ json: JSONValue) -> GestureValues {
        func number(_ key: String) -> Double? {
            guard let value = json[key] else { return nil }
            return value.double ?? .nan
        }
        func point(_ x: String, _ y: String) -> TouchPoint? {
            guard let px = number(x), let py = number(y) else { return nil }
            return TouchPoint(x: px, y: py)
        }
        var values = GestureValues()
        values.location = point("location_x", "location_y")
        values.translation = point("translation_x", "translation_y")
        values.velocityXY = point("velocity_x", "velocity_y")
        values.velocity = number("velocity")
        values.scale = number("scale")
        values.rotation = number("rotation")
        values.direction = json["direction"]?.string.flatMap(RecognizedGesture.Direction.init(rawValue:))
        values.taps = json["taps"]?.int
        values.swipe = point("swipe_dx", "swipe_dy")
        values.numberOfTouches = json["numberOfTouches"]?.int
        values.tapCount = json["tap_count"]?.int
        return values
    }

    private static func time(_ json: JSONValue) throws(Failure) -> Double {
        guard let t = json["t_ms"]?.double, t.isFinite else { throw Failure(reason: "no finite \"t_ms\"") }
        return t
    }

    /// A raw sensor value: absent, or a whole number a 16-bit sensor field can hold.
    private static func raw(_ json: JSONValue, _ key: String) throws(Failure) -> UInt16? {
        guard let value = json[key] else { return nil }
        guard let raw = value.int.flatMap(UInt16.init(exactly:)) else { throw Failure(reason: "\"\(key)\" is not 0…65535") }
        return raw
    }

    private static func int(_ json: JSONValue, _ key: String) throws(Failure) -> Int {
        guard let value = json[key]?.int else { throw Failure(reason: "no whole number \"\(key)\"") }
        return value
    }

    /// A coordinate: a number, or `null` for one that was not finite (the pipeline drops those).
    private static func double(_ json: JSONValue, _ key: String) throws(Failure) -> Double {
        guard let value = json[key] else { throw Failure(reason: "no \"\(key)\"") }
        if value.isNull { return .nan }
        guard let number = value.double else { throw Failure(reason: "\"\(key)\" is not a number") }
        return number
    }
}
