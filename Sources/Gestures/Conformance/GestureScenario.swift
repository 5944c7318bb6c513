/// One conformance scenario (the format of docs/gestures.md, "The conformance harness") run through a
/// fresh pipeline: recognizers registered in order with their parameters, sides, delivery flags and
/// scripted delegate; failure requirements and simultaneous pairs; the input items grouped into frames
/// (consecutive items with the same `t_ms`; control items alone); then `advance(toMs: end_t_ms)`.
/// Anything malformed is skipped, never fatal: a scenario always yields a result.
package struct GestureScenario {
    package var name: String
    package private(set) var pipeline: GesturePipeline
    /// Items after parsing, in file order; a host with typed items (a recording's touches) sets them.
    package var input: [GestureInput] = []
    package var endMs: Double?
    /// Problems met while reading the scenario (unknown type, bad relation, cycle); for diagnostics.
    package private(set) var problems: [String] = []
    private var delegates: [ScenarioDelegate] = []

    package init(_ json: JSONValue) {
        name = json["name"]?.string ?? ""
        let handedness = json["pipeline"]?["handedness"]?.string.flatMap(Handedness.init(rawValue:)) ?? .right
        let stale = json["pipeline"]?["staleTouchTimeoutMs"]?.double
        pipeline = GesturePipeline(handedness: handedness, staleTouchTimeoutMs: stale)
        for entry in json["recognizers"]?.array ?? [] { register(entry) }
        for edge in json["failureRequirements"]?.array ?? [] {
            guard let x = edge["recognizer"]?.string.flatMap(pipeline.recognizer(named:)),
                  let b = edge["requiresFailureOf"]?.string.flatMap(pipeline.recognizer(named:)) else {
                problems.append("failure requirement names an unknown recognizer")
                continue
            }
            do { try pipeline.require(x, toFail: b) } catch { problems.append("\(error)") }
        }
        for pair in json["simultaneous"]?.array ?? [] {
            let names = pair.array?.compactMap(\.string)
                ?? [pair["a"]?.string, pair["b"]?.string].compactMap { $0 }
            guard names.count == 2, let a = pipeline.recognizer(named: names[0]),
                  let b = pipeline.recognizer(named: names[1]) else {
                problems.append("simultaneous pair names an unknown recognizer")
                continue
            }
            try? pipeline.allowSimultaneous(a, b)
        }
        for item in json["input"]?.array ?? [] {
            if let parsed = Self.item(item) { input.append(parsed) } else { problems.append("skipped an input item") }
        }
        endMs = json["end_t_ms"]?.double
    }

    private mutating func register(_ entry: JSONValue) {
        let name = entry["name"]?.string ?? ""
        let params = entry["params"] ?? .object([:])
        let sides = entry["sides"]?.array.map { Set($0.compactMap { $0.string.flatMap(CaseSide.init(rawValue:)) }) }
            ?? Set(CaseSide.allCases)
        guard let recognizer = RecognizerFactory.make(type: entry["type"]?.string ?? "", name: name, sides: sides,
                                                      params: params) else {
            problems.append("recognizer \"\(name)\": unknown type")
            return
        }
        if let value = entry["cancelsTouchesInView"]?.bool { recognizer.cancelsTouchesInView = value }
        if let value = entry["delaysTouchesBegan"]?.bool { recognizer.delaysTouchesBegan = value }
        if let value = entry["delaysTouchesEnded"]?.bool { recognizer.delaysTouchesEnded = value }
        if let classes = entry["touchClasses"]?.array {
            recognizer.touchClasses = Set(classes.compactMap { $0.string.flatMap(TouchClass.init(rawValue:)) })
        }
        let delegate = ScenarioDelegate(
            shouldBegin: entry["delegate"]?["shouldBegin"]?.bool ?? true,
            deniedTouchIds: Set((entry["delegate"]?["shouldReceiveTouchDenyIds"]?.array ?? []).compactMap(\.int)))
        delegates.append(delegate)
        recognizer.delegate = delegate
        recognizer.isEnabled = entry["enabled"]?.bool ?? true
        do { try pipeline.add(recognizer) } catch { problems.append("\(error)") }
    }

    static func item(_ json: JSONValue) -> GestureInput? {
        let raw = json["t_ms"]?.double ?? .nan
        // Every item's time to the nanosecond, as a touch's `Duration` keeps it, so that a control
        // item and a touch at the same `t_ms` share one effective time.
        let time = Duration(milliseconds: raw)?.inMilliseconds ?? raw
        switch json["type"]?.string ?? "touch" {
        case "touch":
            guard let id = json["id"]?.int,
                  let side = json["side"]?.string.flatMap(CaseSide.init(rawValue:)),
                  let phase = json["phase"]?.string.flatMap(TouchPhase.init(rawValue:)) else { return nil }
            // A touch's time is a `Duration`: a sample without a finite time is no touch.
            guard let at = Duration(milliseconds: time) else { return nil }
            let touchClass = (json["class"] ?? json["touchClass"])?.string.flatMap(TouchClass.init(rawValue:)) ?? .unknown
            return .touch(TouchEvent(side: side, id: id, phase: phase, x: json["x"]?.double ?? .nan,
                                     y: json["y"]?.double ?? .nan, time: at, touchClass: touchClass))
        case "set_enabled":
            guard let name = json["recognizer"]?.string, let value = json["value"]?.bool ?? json["enabled"]?.bool
            else { return nil }
            return .setEnabled(timeMs: time, recognizer: name, enabled: value)
        case "ignore":
            guard let name = json["recognizer"]?.string, let id = json["id"]?.int else { return nil }
            return .ignore(timeMs: time, recognizer: name, touchId: id)
        default:
            return nil
        }
    }

    /// Feeds every frame, then advances to the end time. Returns the pipeline's output.
    package mutating func run() -> GestureOutput {
        var frame: [GestureInput] = []
        func flush() {
            if !frame.isEmpty { pipeline.process(frame: frame) }
            frame.removeAll()
        }
        for item in input {
            if case .touch(let event) = item, case .touch(let last)? = frame.last, last.time == event.time {
                frame.append(item)
                continue
            }
            flush()
            if case .touch = item { frame.append(item) } else { pipeline.process(frame: [item]) }
        }
        flush()
        if let endMs { pipeline.advance(toMs: endMs) }
        return pipeline.output
    }
}
