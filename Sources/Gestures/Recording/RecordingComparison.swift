/// What a replay recognized against what the recording says was recognized, per gesture and per
/// sample. A gesture is a completed transition (`recognized`, or `ended` for a continuous one), named
/// by its recognizer and, for a swipe, its direction ("swipe right"). Samples are the recording's:
/// a gesture belongs to the first sample that ended at or after it (or to the one still open).
package struct RecordingComparison: Sendable, Hashable {
    package struct Row: Sendable, Hashable {
        package var gesture: String
        package var recorded: Int
        package var now: Int
        /// Found in the same sample both times.
        package var same: Int
    }

    /// One sample whose gestures differ.
    package struct SampleDifference: Sendable, Hashable {
        /// nil: after the last sample end (a sample cut off by the end of the session).
        package var sample: Int?
        package var prompt: String?
        package var recorded: [String]
        package var now: [String]
    }

    package var rows: [Row]
    package var differences: [SampleDifference]
    /// The replay's transition log (without `failed`) equals the recorded one, entry for entry.
    package var logIdentical: Bool
    /// The recording is version 1, whose touch times were finer than the nanosecond a replay keeps:
    /// a log that differs may differ by that rounding alone.
    package var timesRounded: Bool
    package var recordedTransitions: Int
    package var replayedTransitions: Int

    /// "swipe right", "tap-swipe", "long-press": the recognizer name, plus the direction when it has one.
    package static func key(_ transition: GestureTransition) -> String {
        transition.values.direction.map { "\(transition.recognizer) \($0.rawValue)" } ?? transition.recognizer
    }

    static func isGesture(_ transition: GestureTransition) -> Bool {
        transition.state == .recognized || transition.state == .ended
    }

    package init(_ contents: RecordingContents, replayed: [GestureTransition]) {
        let recordedLog = contents.gestures
        let replayedLog = replayed.filter { $0.state != .failed }
        logIdentical = recordedLog == replayedLog
        timesRounded = contents.header.version < 2
        recordedTransitions = recordedLog.count
        replayedTransitions = replayedLog.count

        var ends: [(sample: Int, timeMs: Double)] = []
        var prompts: [(sample: Int, label: String)] = []
        for line in contents.lines {
            if case .sampleEnd(let t, let sample) = line { ends.append((sample, t)) }
            if case .prompt(_, let sample, let label) = line { prompts.append((sample, label)) }
        }
        func sample(at t: Double) -> Int? { ends.first { t <= $0.timeMs }?.sample }
        func group(_ log: [GestureTransition]) -> [Int?: [String]] {
            var groups: [Int?: [String]] = [:]
            for transition in log where Self.isGesture(transition) {
                groups[sample(at: transition.timeMs), default: []].append(Self.key(transition))
            }
            return groups
        }
        let before = group(recordedLog), after = group(replayedLog)

        var counts: [String: Row] = [:]
        var differences: [SampleDifference] = []
        let samples = Set(before.keys).union(after.keys).sorted { ($0 ?? .max) < ($1 ?? .max) }
        for key in samples {
            let old = before[key] ?? [], new = after[key] ?? []
            for gesture in Set(old + new) {
                let a = old.filter { $0 == gesture }.count, b = new.filter { $0 == gesture }.count
                var row = counts[gesture] ?? Row(gesture: gesture, recorded: 0, now: 0, same: 0)
                row.recorded += a
                row.now += b
                row.same += min(a, b)
                counts[gesture] = row
            }
            if old.sorted() != new.sorted() {
                let prompt = key.flatMap { s in prompts.last { $0.sample <= s }?.label }
                differences.append(SampleDifference(sample: key, prompt: prompt, recorded: old, now: new))
            }
        }
        rows = counts.values.sorted { $0.gesture < $1.gesture }
        self.differences = differences
    }

    /// Every gesture was found again, in its sample, and nothing else.
    package var sameGestures: Bool { differences.isEmpty }

    /// The per-gesture table and the samples that differ, for people.
    package var summary: String {
        let width = max(8, rows.map(\.gesture.count).max() ?? 0)
        func pad(_ text: String, _ n: Int) -> String { text + String(repeating: " ", count: max(0, n - text.count)) }
        func num(_ value: Int) -> String { let s = String(value); return String(repeating: " ", count: max(0, 9 - s.count)) + s }
        var lines = [pad("gesture", width) + " recorded      now     same"]
        for row in rows { lines.append(pad(row.gesture, width) + num(row.recorded) + num(row.now) + num(row.same)) }
        lines.append(pad("total", width) + num(rows.reduce(0) { $0 + $1.recorded }) + num(rows.reduce(0) { $0 + $1.now })
                     + num(rows.reduce(0) { $0 + $1.same }))
        if differences.isEmpty {
            lines.append("every sample recognized the same gestures")
        } else {
            lines.append("samples that differ:")
            for d in differences {
                let name = d.sample.map { "sample \($0)" } ?? "unfinished sample"
                let prompt = d.prompt.map { " \"\($0)\"" } ?? ""
                func list(_ g: [String]) -> String { g.isEmpty ? "nothing" : g.joined(separator: ", ") }
                lines.append("  \(name)\(prompt): recorded \(list(d.recorded)); now \(list(d.now))")
            }
        }
        lines.append(logIdentical
            ? "transition log: identical to the recorded one (\(recordedTransitions) transitions)"
            : "transition log: differs (\(recordedTransitions) recorded, \(replayedTransitions) now)"
                + (timesRounded ? "; this version-1 recording's touch times were rounded to the nanosecond for the replay, which alone can shift a transition" : ""))
        return lines.joined(separator: "\n")
    }
}
