/// What a recording file holds, as `RecordingReader` found it: the header, every complete line after
/// it in order, and what had to be skipped. A file cut by `kill -9` or a power loss ends in a torn
/// line (bytes after the last newline); it is skipped and reported, never guessed at.
public struct RecordingContents: Sendable, Hashable {
    /// A skipped stretch of the file: where it starts, how long it is, and why.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        public var byteOffset: Int
        public var length: Int
        public var reason: String

        public var description: String { "line \(line) (byte \(byteOffset), \(length) bytes): \(reason)" }
    }

    public var header: RecordingHeader
    /// The lines after the header, in file order.
    public var lines: [RecordingLine]
    /// Bytes after the last newline: a line whose write never completed.
    public var tornTail: Skipped?
    /// Complete lines that did not decode (damage in the middle, or a line type from a newer version).
    public var badLines: [Skipped]

    public var touches: [TouchEvent] {
        lines.compactMap { if case .touch(let touch) = $0 { touch } else { nil } }
    }

    public var gestures: [GestureTransition] {
        lines.compactMap { if case .gesture(let transition) = $0 { transition } else { nil } }
    }

    /// Samples closed by a `sample_end` line (synced to the card when they were written).
    public var completedSamples: Int {
        lines.reduce(0) { if case .sampleEnd = $1 { $0 + 1 } else { $0 } }
    }

    /// The `end` line's reason; nil when the session was killed or lost power.
    public var endReason: String? {
        for line in lines.reversed() { if case .end(_, let reason) = line { return reason } }
        return nil
    }

    /// The latest time any line carries (ms): how far the live pipeline's clock got.
    public var lastTimeMs: Double? {
        lines.compactMap(\.timeMs).max()
    }
}
