/// Encodes and decodes one recording line (docs/recording.md has the format). Pure: text in, values
/// out. Keys are written in a fixed order with `type` first, so a file can be recognized by its first
/// bytes; numbers are written as the shortest text that reads back as the same Double, so a replay
/// feeds the pipeline bit-identical times and positions.
public enum RecordingLineCodec {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Every line of a recording starts with this (the header's first bytes).
    public static let headerPrefix = "{\"type\":\"header\",\"format\":\"\(RecordingHeader.format)\""

    // MARK: Encoding

    /// The line's JSON text, without the terminating newline (the writer adds it).
    public static func encode(_ line: RecordingLine) -> String {
        switch line {
        case .header(let header):
            return headerPrefix + ",\"version\":\(header.version),\"started_utc\":" + quoted(header.startedUTC)
                + ",\"device\":" + quoted(header.device) + ",\"configuration\":" + JSONText.encode(header.configuration)
                + ",\"recognizers\":" + JSONText.encode(header.recognizers) + "}"
        case .prompt(let t, let sample, let label):
            return "{\"type\":\"prompt\",\"t_ms\":\(number(t)),\"sample\":\(sample),\"label\":" + quoted(label) + "}"
        case .touch(let touch):
            let e = touch.event
            var text = "{\"type\":\"touch\",\"t_ms\":\(number(e.timeMs)),\"id\":\(e.id),\"side\":\"\(e.side.rawValue)\""
                + ",\"phase\":\"\(e.phase.rawValue)\",\"x\":\(number(e.x)),\"y\":\(number(e.y))"
            if e.touchClass != .unknown { text += ",\"class\":\"\(e.touchClass.rawValue)\"" }
            if let raw = touch.rawX { text += ",\"raw_x\":\(raw)" }
            if let raw = touch.rawY { text += ",\"raw_y\":\(raw)" }
            return text + "}"
        case .gesture(let transition):
            var fields = GestureReplayReport.valueFields(transition.values)
            if let count = transition.values.tapCount { fields.append(("tap_count", "\(count)")) }
            return "{\"type\":\"gesture\",\"t_ms\":\(number(transition.timeMs)),\"recognizer\":" + quoted(transition.recognizer)
                + ",\"state\":\"\(transition.state.rawValue)\",\"values\":{"
                + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}}"
        case .sampleEnd(let t, let sample):
            return "{\"type\":\"sample_end\",\"t_ms\":\(number(t)),\"sample\":\(sample)}"
        case .end(let t, let reason):
            return "{\"type\":\"end\",\"t_ms\":\(number(t)),\"reason\":" + quoted(reason) + "}"
        }
    }

    // MARK: Decoding

    /// One line's text (without its newline). Throws for anything that is not a line this format
    /// defines: unparsable JSON, an unknown type, a missing or mistyped field.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> RecordingLine {
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
            let touchClass = json["class"]?.string.flatMap(TouchClass.init(rawValue:)) ?? .unknown
            let event = TouchEvent(timeMs: try time(json), id: try int(json, "id"), side: side, phase: phase,
                                   x: try double(json, "x"), y: try double(json, "y"), touchClass: touchClass)
            return .touch(RecordedTouch(event, rawX: json["raw_x"]?.int, rawY: json["raw_y"]?.int))
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

    static func number(_ value: Double) -> String { GestureReplayReport.number(value) }
    static func quoted(_ text: String) -> String { GestureReplayReport.quoted(text) }
}
