#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first line of a recording: what format, when (UTC, from the host's wall clock, read by the
/// command, never by a core), which device, and the configuration the session ran — the recognizer set
/// in full, so a replay can re-run it exactly or compare it with a changed one.
package struct RecordingHeader: Sendable, Hashable {
    /// Identifies a recording among JSON files (the replay command looks for it).
    package static let format = "wayfinder-gesture-recording"
    /// Bumped when a reader of the previous version would misread a line. Version 2: keys sorted,
    /// and touch times kept to the nanosecond (`Duration.inMilliseconds`). A version-1 file reads the
    /// same, but its times were stored at finer than a nanosecond, so a replay of it may differ from
    /// the recorded transitions by that rounding (`RecordingComparison.timesRounded`).
    package static let currentVersion = 2

    package var version: Int
    /// ISO 8601 UTC, e.g. `2026-11-22T07:26:19.123Z`.
    package var startedUTC: String
    /// e.g. `simulated Fuffr case (built-in trace)` or `touch case AA:BB:…` / the discovery rule.
    package var device: String
    /// A summary for people: config file, enabled sides, touches per side, prompts, sample gap.
    package var configuration: JSONValue
    /// The recognizer set (`RecognizerSet.document`).
    package var recognizers: JSONValue

    /// `startedUTC` for a session started at `date`: the bytes `ISO8601DateFormatter` writes, whose
    /// milliseconds are `date`'s rounded, a half upwards (checked over 400 000 random times from 1875
    /// to 2065). `Date.ISO8601FormatStyle` cuts the fraction off instead, so it formats the whole
    /// seconds only.
    package static func utc(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        // Beyond ±1e17 ms (3 million years) there is no millisecond to round; the style's own text.
        guard milliseconds.isFinite, abs(milliseconds) < 1e17 else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        let total = Int64(milliseconds)
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let fraction = String(total - seconds * 1000)
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        return String(whole.dropLast()) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    package init(version: Int = Self.currentVersion, startedUTC: String, device: String,
                configuration: JSONValue = .object([:]), recognizers: JSONValue) {
        self.version = version
        self.startedUTC = startedUTC
        self.device = device
        self.configuration = configuration
        self.recognizers = recognizers
    }
}
