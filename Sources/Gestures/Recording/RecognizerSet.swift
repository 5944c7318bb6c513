/// The recognizers a recording session runs, in the conformance scenario's words (docs/gestures.md,
/// "The conformance harness"): `pipeline` (handedness), `recognizers` in registration order,
/// `failureRequirements`, `simultaneous`. The same document goes into the recording's header, so a
/// replay can build the identical pipeline, or a changed one from another file.
package struct RecognizerSet: Sendable, Hashable {
    package private(set) var document: JSONValue

    package init(document: JSONValue) {
        var members: [String: JSONValue] = [:]
        for key in ["pipeline", "recognizers", "failureRequirements", "simultaneous"] {
            if let value = document[key] { members[key] = value }
        }
        self.document = .object(members)
    }

    /// Reads a recognizer-set file (a JSON object with the keys above; a single conformance scenario
    /// object is one too — its input and expectations are ignored).
    package init(json bytes: [UInt8]) throws {
        self.init(document: try JSONValue.parse(bytes))
    }

    /// FingerBlade's cuts (tap-swipe after two, one or no taps) and the gestures the default command
    /// map binds (tap, double tap, long press, swipes), made to wait for each other the UIKit way
    /// (`require(toFail:)`) so one attempt is one gesture: a tap waits until no double tap or tap-swipe can
    /// follow; a swipe gives way to a tap-swipe, which a plain swipe fails at once (its first stroke
    /// moves, so it was no tap). Parameters are the project defaults (docs/gestures.md).
    package static let standard = RecognizerSet(document: (try? JSONValue.parse(Array(standardText.utf8))) ?? .object([:]))

    static let standardText = """
    {"pipeline": {"handedness": "right"},
     "recognizers": [
       {"name": "tap-swipe-2", "type": "tap_swipe", "params": {"numberOfTapsRequired": 2}},
       {"name": "tap-swipe", "type": "tap_swipe", "params": {"numberOfTapsRequired": 1}},
       {"name": "swipe", "type": "swipe", "params": {"directions": ["left", "right", "up", "down"]}},
       {"name": "double-tap", "type": "tap", "params": {"numberOfTapsRequired": 2}},
       {"name": "tap", "type": "tap"},
       {"name": "long-press", "type": "long_press"}
     ],
     "failureRequirements": [
       {"recognizer": "tap-swipe", "requiresFailureOf": "tap-swipe-2"},
       {"recognizer": "swipe", "requiresFailureOf": "tap-swipe-2"},
       {"recognizer": "swipe", "requiresFailureOf": "tap-swipe"},
       {"recognizer": "double-tap", "requiresFailureOf": "tap-swipe-2"},
       {"recognizer": "tap", "requiresFailureOf": "double-tap"},
       {"recognizer": "tap", "requiresFailureOf": "tap-swipe"}
     ]}
    """

    /// The same set for the other hand (docs/gestures.md, "Handedness").
    package func with(handedness: Handedness) -> RecognizerSet {
        guard case .object(var members) = document else { return self }
        var pipeline: [String: JSONValue] = [:]
        if case .object(let existing) = members["pipeline"] ?? .null { pipeline = existing }
        pipeline["handedness"] = .string(handedness.rawValue)
        members["pipeline"] = .object(pipeline)
        return RecognizerSet(document: .object(members))
    }

    package var handedness: Handedness {
        document["pipeline"]?["handedness"]?.string.flatMap(Handedness.init(rawValue:)) ?? .right
    }

    /// The recognizers' names in registration order.
    package var names: [String] {
        (document["recognizers"]?.array ?? []).compactMap { $0["name"]?.string }
    }

    /// A scenario with this set's pipeline and the given input items (conformance item objects).
    /// Keep the scenario alive while its pipeline runs: it owns the recognizers' delegates.
    package func scenario(name: String = "", input: [JSONValue] = [], endMs: Double? = nil) -> GestureScenario {
        guard case .object(var members) = document else { return GestureScenario(.object([:])) }
        members["name"] = .string(name)
        members["input"] = .array(input)
        if let endMs { members["end_t_ms"] = .number(endMs) }
        return GestureScenario(.object(members))
    }

    /// What is wrong with the set (unknown types, unknown names, cycles); empty when it is usable.
    package var problems: [String] {
        var found = scenario().problems
        if names.isEmpty { found.append("no recognizers") }
        if Set(names).count != names.count { found.append("two recognizers share a name") }
        return found
    }
}
