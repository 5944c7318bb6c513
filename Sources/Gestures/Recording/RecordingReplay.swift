/// Re-runs a recording's touches through a recognizer set — the recorded one, or a changed one —
/// exactly as the live session fed them: the recorded frame stamps regroup into the same frames, and
/// the pipeline is advanced to the last time the recording reached.
package enum RecordingReplay {
    package struct Result {
        package var recognizers: RecognizerSet
        /// Problems building the pipeline from the set (unknown types, names, cycles).
        package var problems: [String]
        package var output: GestureOutput
        package var comparison: RecordingComparison
    }

    package static func run(_ contents: RecordingContents, recognizers: RecognizerSet? = nil) -> Result {
        let set = recognizers ?? RecognizerSet(document: contents.header.recognizers)
        var scenario = set.scenario(name: "recording", endMs: contents.lastTimeMs)
        scenario.input = contents.touches.map { .touch($0) }
        let problems = scenario.problems
        let output = scenario.run()
        return Result(recognizers: set, problems: problems, output: output,
                      comparison: RecordingComparison(contents, replayed: output.transitions))
    }
}
