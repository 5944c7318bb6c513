/// One line of a gesture recording (`wayfinder record`, docs/recording.md): the header, then the
/// session as it happened — label prompts, raw touches, the pipeline's transitions, sample ends, and
/// the end line of a session that closed normally. One JSON object per line, so a file cut anywhere
/// still holds every line before the cut.
package enum RecordingLine: Sendable, Hashable {
    case header(RecordingHeader)
    /// The label the operator was asked to perform from sample `sample` on (FingerBlade's cut prompt).
    case prompt(timeMs: Double, sample: Int, label: String)
    /// A touch as the pipeline was fed it (its time is the frame's stamp), with the case's raw values.
    case touch(TouchEvent)
    /// A transition of the live pipeline (`failed` is not recorded: every idle recognizer fails).
    case gesture(GestureTransition)
    /// Sample `sample` is complete: all touches up and quiet for the sample gap. The file is synced here.
    case sampleEnd(timeMs: Double, sample: Int)
    /// The session stopped normally (`reason`: "duration", "signal", "trace played", "link closed").
    case end(timeMs: Double, reason: String)

    /// The line's time on the session clock (ms); nil for the header.
    package var timeMs: Double? {
        switch self {
        case .header: nil
        case .prompt(let t, _, _), .sampleEnd(let t, _), .end(let t, _): t
        case .touch(let touch): touch.time.inMilliseconds
        case .gesture(let transition): transition.timeMs
        }
    }
}

extension RecordingLine: Encodable {
    private enum CodingKeys: String, CodingKey {
        case type, format, version, startedUTC = "started_utc", device, configuration, recognizers
        case timeMs = "t_ms", sample, label, reason
        case id, side, phase, x, y, touchClass = "class", rawX = "raw_x", rawY = "raw_y"
        case recognizer, state, values
        case tapCount = "tap_count"
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .header(let header):
            try c.encode("header", forKey: .type)
            try c.encode(RecordingHeader.format, forKey: .format)
            try c.encode(header.version, forKey: .version)
            try c.encode(header.startedUTC, forKey: .startedUTC)
            try c.encode(header.device, forKey: .device)
            try c.encode(header.configuration, forKey: .configuration)
            try c.encode(header.recognizers, forKey: .recognizers)
        case .prompt(let t, let sample, let label):
            try c.encode("prompt", forKey: .type)
            try c.encodeNumber(t, forKey: .timeMs)
            try c.encode(sample, forKey: .sample)
            try c.encode(label, forKey: .label)
        case .touch(let e):
            try c.encode("touch", forKey: .type)
            try c.encodeNumber(e.time.inMilliseconds, forKey: .timeMs)
            try c.encode(e.id, forKey: .id)
            try c.encode(e.side.rawValue, forKey: .side)
            try c.encode(e.phase.rawValue, forKey: .phase)
            try c.encodeNumber(e.x, forKey: .x)
            try c.encodeNumber(e.y, forKey: .y)
            if e.touchClass != .unknown { try c.encode(e.touchClass.rawValue, forKey: .touchClass) }
            try c.encodeIfPresent(e.rawX, forKey: .rawX)
            try c.encodeIfPresent(e.rawY, forKey: .rawY)
        case .gesture(let transition):
            try c.encode("gesture", forKey: .type)
            try c.encodeNumber(transition.timeMs, forKey: .timeMs)
            try c.encode(transition.recognizer, forKey: .recognizer)
            try c.encode(transition.state.rawValue, forKey: .state)
            try c.encode(RecordedValues(values: transition.values), forKey: .values)
        case .sampleEnd(let t, let sample):
            try c.encode("sample_end", forKey: .type)
            try c.encodeNumber(t, forKey: .timeMs)
            try c.encode(sample, forKey: .sample)
        case .end(let t, let reason):
            try c.encode("end", forKey: .type)
            try c.encodeNumber(t, forKey: .timeMs)
            try c.encode(reason, forKey: .reason)
        }
    }

    /// A transition's values as a recording keeps them: the conformance keys and the tap count.
    private struct RecordedValues: Encodable {
        var values: GestureValues

        func encode(to encoder: any Encoder) throws {
            try values.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(values.tapCount, forKey: .tapCount)
        }
    }
}
