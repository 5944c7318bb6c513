import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Platform

/// `wayfinder gestures replay RECORDING [--recognizers FILE]`: a session `wayfinder record` wrote, run
/// again through the recorded recognizer set or a changed one, and what it recognizes now against
/// what was recorded, per gesture and per sample (docs/recording.md). What the file lost (a torn last
/// line, damaged lines) is reported first.
enum RecordingReplayOutput {
    static func run(file: String, bytes: [UInt8], recognizers: String?) throws {
        let contents: RecordingContents
        do { contents = try RecordingReader.read(bytes) } catch {
            throw ValidationError("\(file): \(error)")
        }
        var set: RecognizerSet?
        if let recognizers {
            guard let data = FileManager.default.contents(atPath: recognizers) else {
                throw ValidationError("cannot read --recognizers \(recognizers)")
            }
            do { set = try RecognizerSet(json: Array(data)) } catch { throw ValidationError("--recognizers \(recognizers): \(error)") }
        }
        let result = RecordingReplay.run(contents, recognizers: set)
        var lines = ["recording \(file)",
                     "  started \(contents.header.startedUTC), \(contents.header.device)",
                     "  \(contents.touches.count) touch events, \(contents.completedSamples) complete samples, "
                         + (contents.endReason.map { "ended: \($0)" } ?? "no end line (the session was killed or lost power)")]
        if let torn = contents.tornTail { lines.append("  skipped torn last \(torn)") }
        for bad in contents.badLines { lines.append("  skipped damaged \(bad)") }
        lines.append("recognizers now: " + (recognizers ?? "the recorded set")
                     + " (\(result.recognizers.names.joined(separator: ", ")))")
        for problem in result.problems { lines.append("  problem: \(problem)") }
        lines.append(result.comparison.summary)
        StandardStream.output.write(lines.joined(separator: "\n") + "\n")
    }
}
