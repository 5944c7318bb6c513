/// One line of a gesture recording (`wayfinder record`, docs/recording.md): the header, then the
/// session as it happened — label prompts, raw touches, the pipeline's transitions, sample ends, and
/// the end line of a session that closed normally. One JSON object per line, so a file cut anywhere
/// still holds every line before the cut.
public enum RecordingLine: Sendable, Hashable {
    case header(RecordingHeader)
    /// The label the operator was asked to perform from sample `sample` on (FingerBlade's cut prompt).
    case prompt(timeMs: Double, sample: Int, label: String)
    case touch(RecordedTouch)
    /// A transition of the live pipeline (`failed` is not recorded: every idle recognizer fails).
    case gesture(GestureTransition)
    /// Sample `sample` is complete: all touches up and quiet for the sample gap. The file is synced here.
    case sampleEnd(timeMs: Double, sample: Int)
    /// The session stopped normally (`reason`: "duration", "signal", "trace played", "link closed").
    case end(timeMs: Double, reason: String)

    /// The line's time on the session clock (ms); nil for the header.
    public var timeMs: Double? {
        switch self {
        case .header: nil
        case .prompt(let t, _, _), .sampleEnd(let t, _), .end(let t, _): t
        case .touch(let touch): touch.event.timeMs
        case .gesture(let transition): transition.timeMs
        }
    }
}
