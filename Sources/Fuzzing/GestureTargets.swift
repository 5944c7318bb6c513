import Gestures

/// Gesture files: the conformance scenarios (`wayfinder gestures replay`) and the recordings
/// `wayfinder record` writes, which people edit and share.
enum GestureTargets {
    /// A scenario document: replaying it twice gives the same output, and the report is JSON that
    /// parses back.
    static let scenario = FuzzTarget(
        name: "gesture-scenario",
        summary: "gesture conformance scenarios (JSON) through the recognizers and the pipeline",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        guard let document = try? JSONValue.parse(input.rest()) else { return }
        let scenarios = document["scenarios"]?.array ?? [document]
        var results: [(name: String, output: GestureOutput)] = []
        for json in scenarios.prefix(8) {
            var first = GestureScenario(json)
            var second = GestureScenario(json)
            let output = first.run()
            try expect(output == second.run(), "scenario \(first.name) replays differently the second time")
            results.append((first.name, output))
        }
        let report = GestureReplayReport.json(results: results)
        try expect((try? JSONValue.parse(Array(report.utf8))) != nil, "the replay report is not JSON: \(report)")
    }

    /// A recording (JSON Lines): one that reads replays, deterministically.
    static let recording = FuzzTarget(
        name: "gesture-recording",
        summary: "gesture recordings (JSON Lines from `wayfinder record`) through the replay",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        _ = RecordingReader.looksLikeRecording(bytes)
        guard let contents = try? RecordingReader.read(bytes) else { return }
        let first = RecordingReplay.run(contents)
        let second = RecordingReplay.run(contents)
        try expect(first.output == second.output, "a recording replays differently the second time")
        _ = first.comparison
    }
}
