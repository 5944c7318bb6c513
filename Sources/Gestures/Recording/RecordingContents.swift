/// What a recording file holds, as `RecordingReader` found it: the header, every complete line after
/// it in order, and what had to be skipped. A file cut by `kill -9` or a power loss ends in a torn
/// line (bytes after the last newline); it is skipped and reported, never guessed at.
package struct RecordingContents: Sendable, Hashable {
    /// A skipped stretch of the file: where it starts, how long it is, and why.
    package struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line number.
        package var line: Int
        package var byteOffset: Int
        package var length: Int
        package var reason: String

        package var description: String { "line \(line) (byte \(byteOffset), \(length) bytes): \(reason)" }
    }

    package var header: RecordingHeader
    /// The lines after the header, in file order.
    package var lines: [RecordingLine]
    /// Bytes after the last newline: a line whose write never completed.
    package var tornTail: Skipped?
    /// Complete lines that did not decode (damage in the middle, or a line type from a newer version).
    package var badLines: [Skipped]

    package var touches: [TouchEvent] {
        lines.compactMap { if case .touch(let touch) = $0 { touch } else { nil } }
    }

    package var gestures: [GestureTransition] {
        lines.compactMap { if case .gesture(let transition) = $0 { transition } else { nil } }
    }

    /// Samples closed by a `sample_end` line (synced to the card when they were written).
    package var completedSamples: Int {
        lines.reduce(0) { if case .sampleEnd = $1 { $0 + 1 } else { $0 } }
    }

    /// The `end` line's reason; nil when the session was killed or lost power.
    package var endReason: String? {
        for line in lines.reversed() { if case .end(_, let reason) = line { return reason } }
        return nil
    }

    /// The latest time any line carries (ms): how far the live pipeline's clock got.
    package var lastTimeMs: Double? {
        lines.compactMap(\.timeMs).max()
    }
}
