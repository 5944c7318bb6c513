/// The replay output as check.py reads it (docs/gestures.md, "The conformance harness"): per scenario its
/// name, the transition log (time, recognizer, state, values under the conformance value keys) and the
/// consumer's events.
/// Written by hand so non-finite numbers become null instead of invalid JSON.
public enum GestureReplayReport {
    public static func json(results: [(name: String, output: GestureOutput)]) -> String {
        var text = "{\"results\":["
        for (index, result) in results.enumerated() {
            if index > 0 { text += ",\n" }
            text += "{\"name\":" + quoted(result.name) + ",\"log\":["
            text += result.output.transitions.map(entry).joined(separator: ",")
            text += "],\"consumer\":["
            text += result.output.consumer.map { event in
                "{\"t_ms\":\(number(event.timeMs)),\"id\":\(event.id),\"phase\":\"\(event.phase.rawValue)\","
                    + "\"x\":\(number(event.x)),\"y\":\(number(event.y))}"
            }.joined(separator: ",")
            text += "]}"
        }
        return text + "]}\n"
    }

    static func entry(_ transition: GestureTransition) -> String {
        "{\"t_ms\":\(number(transition.timeMs)),\"recognizer\":" + quoted(transition.recognizer)
            + ",\"state\":\"\(transition.state.rawValue)\",\"values\":{"
            + valueFields(transition.values).map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}}"
    }

    /// The conformance value keys a recognizer has, in a fixed order.
    static func valueFields(_ values: GestureValues) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let location = values.location {
            fields += [("location_x", number(location.x)), ("location_y", number(location.y))]
        }
        if let translation = values.translation {
            fields += [("translation_x", number(translation.x)), ("translation_y", number(translation.y))]
        }
        if let velocity = values.velocityXY {
            fields += [("velocity_x", number(velocity.x)), ("velocity_y", number(velocity.y))]
        }
        if let velocity = values.velocity { fields.append(("velocity", number(velocity))) }
        if let scale = values.scale { fields.append(("scale", number(scale))) }
        if let rotation = values.rotation { fields.append(("rotation", number(rotation))) }
        if let direction = values.direction { fields.append(("direction", quoted(direction.rawValue))) }
        if let taps = values.taps { fields.append(("taps", "\(taps)")) }
        if let swipe = values.swipe {
            fields += [("swipe_dx", number(swipe.x)), ("swipe_dy", number(swipe.y))]
        }
        if let touches = values.numberOfTouches { fields.append(("numberOfTouches", "\(touches)")) }
        return fields
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
