/// The replay output as check.py reads it (docs/gestures.md, "The conformance harness"): per scenario its
/// name, the transition log (time, recognizer, state, values under the conformance value keys) and the
/// consumer's events. Non-finite numbers are written as `null`.
package struct GestureReplayReport: Encodable, Sendable {
    package struct Result: Encodable, Sendable {
        package var name: String
        package var log: [GestureTransition]
        package var consumer: [ConsumerEvent]
    }

    package var results: [Result]

    package init(results: [(name: String, output: GestureOutput)]) {
        self.results = results.map { Result(name: $0.name, log: $0.output.transitions, consumer: $0.output.consumer) }
    }

    /// The report as one line of JSON text, with its newline.
    package var json: String { JSONText.encode(self) + "\n" }

    package static func json(results: [(name: String, output: GestureOutput)]) -> String {
        GestureReplayReport(results: results).json
    }
}

extension GestureTransition: Encodable {
    private enum CodingKeys: String, CodingKey {
        case timeMs = "t_ms", recognizer, state, values
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeNumber(timeMs, forKey: .timeMs)
        try c.encode(recognizer, forKey: .recognizer)
        try c.encode(state.rawValue, forKey: .state)
        try c.encode(values, forKey: .values)
    }
}

extension ConsumerEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case timeMs = "t_ms", id, phase, x, y
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeNumber(timeMs, forKey: .timeMs)
        try c.encode(id, forKey: .id)
        try c.encode(phase.rawValue, forKey: .phase)
        try c.encodeNumber(x, forKey: .x)
        try c.encodeNumber(y, forKey: .y)
    }
}

/// The conformance value keys (docs/gestures.md), each present only when the recognizer has that
/// value. A recording adds `tap_count` (`RecordingLine`), which the conformance harness does not know.
extension GestureValues: Encodable {
    enum CodingKeys: String, CodingKey {
        case locationX = "location_x", locationY = "location_y"
        case translationX = "translation_x", translationY = "translation_y"
        case velocityX = "velocity_x", velocityY = "velocity_y"
        case velocity, scale, rotation, direction, taps
        case swipeX = "swipe_dx", swipeY = "swipe_dy"
        case numberOfTouches
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeNumberIfPresent(location?.x, forKey: .locationX)
        try c.encodeNumberIfPresent(location?.y, forKey: .locationY)
        try c.encodeNumberIfPresent(translation?.x, forKey: .translationX)
        try c.encodeNumberIfPresent(translation?.y, forKey: .translationY)
        try c.encodeNumberIfPresent(velocityXY?.x, forKey: .velocityX)
        try c.encodeNumberIfPresent(velocityXY?.y, forKey: .velocityY)
        try c.encodeNumberIfPresent(velocity, forKey: .velocity)
        try c.encodeNumberIfPresent(scale, forKey: .scale)
        try c.encodeNumberIfPresent(rotation, forKey: .rotation)
        try c.encodeIfPresent(direction?.rawValue, forKey: .direction)
        try c.encodeIfPresent(taps, forKey: .taps)
        try c.encodeNumberIfPresent(swipe?.x, forKey: .swipeX)
        try c.encodeNumberIfPresent(swipe?.y, forKey: .swipeY)
        try c.encodeIfPresent(numberOfTouches, forKey: .numberOfTouches)
    }
}
