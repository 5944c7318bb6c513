import ArgumentParser
import Gestures
import Platform

/// `wayfinder gestures replay FILE`: the conformance harness (docs/gestures.md). Each scenario of the
/// file runs through a fresh pipeline; the transition logs and consumer events are printed as one JSON
/// object in the format of Tests/GesturesTests/Fixtures/conformance/check.py.
struct GesturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Run touch input through the gesture pipeline.",
        subcommands: [Replay.self])

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay conformance scenarios through the gesture pipeline.",
            discussion: """
            FILE holds {"scenarios": [...]} (or one scenario object) in the format of the conformance scenarios (docs/gestures.md; examples in the source tree's Tests/GesturesTests/Fixtures): per scenario the pipeline's handedness, the recognizers in registration order (type, params, sides, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, delegate.shouldBegin, delegate.shouldReceiveTouchDenyIds, enabled), failureRequirements, simultaneous pairs, the input items (touch, set_enabled, ignore) and end_t_ms.

            Prints one JSON object, on one line:
              {"results":[{"name":N,"log":[{"t_ms","recognizer","state","values"}],
               "consumer":[{"t_ms","id","phase","x","y"}]}]}
            Malformed items are skipped (reported on stderr); the exit status is 0 unless FILE cannot be read.
            """)

        @Argument(help: "The scenarios file (JSON), or a recording of `wayfinder record` (JSON Lines).")
        var file: String

        @Option(help: "Recordings only: re-run with this recognizer set instead of the recorded one.")
        var recognizers: String?

        func run() throws {
            let data = try InputFile.reporting { try InputFile.read(file) }
            if RecordingReader.looksLikeRecording(Array(data)) {
                return try RecordingReplayOutput.run(file: file, bytes: Array(data), recognizers: recognizers)
            }
            let document: JSONValue
            do { document = try JSONValue.parse(Array(data)) } catch {
                throw ValidationError("\(file): \(error)")
            }
            let scenarios = document["scenarios"]?.array ?? [document]
            var results: [(name: String, output: GestureOutput)] = []
            for json in scenarios {
                var scenario = GestureScenario(json)
                for problem in scenario.problems {
                    StandardStream.error.write("\(scenario.name): \(problem)\n")
                }
                results.append((scenario.name, scenario.run()))
            }
            StandardStream.output.write(GestureReplayReport.json(results: results))
        }
    }
}
