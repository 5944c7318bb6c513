import Gestures
import TouchCase

extension FuffrTouchTrace {
    /// Reads a trace file for `wayfinder record --simulated --trace FILE` (docs/recording.md):
    /// `{"strokes": [{"side": "right", "finger": 0, "start_ms": 600, "duration_ms": 250,
    /// "from": [0.2, 0.5], "to": [0.8, 0.5], "release": true}, …]}` — `to` defaults to `from` (a
    /// finger held still), `finger` to 0, `release` to true. Throws naming the first bad stroke.
    package init(json bytes: [UInt8]) throws(TraceFileError) {
        let document: JSONValue
        do { document = try JSONValue.parse(bytes) } catch { throw TraceFileError(description: "\(error)") }
        guard let items = document["strokes"]?.array else { throw TraceFileError(description: "no \"strokes\" array") }
        var strokes: [Stroke] = []
        for (index, item) in items.enumerated() {
            func bad(_ why: String) -> TraceFileError { TraceFileError(description: "strokes[\(index)]: \(why)") }
            func point(_ key: String) -> (x: Double, y: Double)? {
                guard let pair = item[key]?.array, pair.count == 2, let x = pair[0].double, let y = pair[1].double,
                      (0...1).contains(x), (0...1).contains(y) else { return nil }
                return (x, y)
            }
            guard let side = item["side"]?.string.flatMap(CaseSide.init(rawValue:)) else {
                throw bad("\"side\" must be top, bottom, left or right")
            }
            let finger = item["finger"]?.int ?? 0
            guard (0..<TouchEnableCommand.maximumTouchesPerSide).contains(finger) else { throw bad("\"finger\" must be 0…4") }
            // A day at most: longer is no labelling session, and the limit keeps the conversion to
            // microseconds far inside Int64.
            let day = 86_400_000.0
            guard let start = item["start_ms"]?.double, start.isFinite, (0...day).contains(start) else {
                throw bad("\"start_ms\" must be a time from 0 to 86400000 (a day)")
            }
            guard let duration = item["duration_ms"]?.double, duration.isFinite, duration > 0, duration <= day else {
                throw bad("\"duration_ms\" must be > 0 and at most a day")
            }
            guard let from = point("from") else { throw bad("\"from\" must be [x, y] within 0…1") }
            let to = item["to"] == nil ? from : point("to")
            guard let to else { throw bad("\"to\" must be [x, y] within 0…1") }
            strokes.append(Stroke(side: side, finger: finger, start: .microseconds(Int64(start * 1000)),
                                  duration: .microseconds(Int64(duration * 1000)), from: from, to: to,
                                  sendsRelease: item["release"]?.bool ?? true))
        }
        self.init(strokes)
    }

    /// When the last finger lifts.
    package var end: Duration { strokes.map(\.end).max() ?? .zero }

    /// The same strokes `offset` later (the next round of a looped session).
    package func shifted(by offset: Duration) -> FuffrTouchTrace {
        FuffrTouchTrace(strokes.map { stroke in
            var moved = stroke
            moved.start += offset
            return moved
        })
    }

    /// A labelling session on the right edge, about 12 s: swipe right, tap, tap then swipe, double
    /// tap, long press, swipe left — 1.5 s or more apart so each is its own sample.
    package static let labellingDemo = FuffrTouchTrace([
        Stroke(side: .right, start: .milliseconds(600), duration: .milliseconds(250), from: (0.2, 0.5), to: (0.8, 0.5)),
        Stroke(side: .right, start: .milliseconds(2600), duration: .milliseconds(80), from: (0.5, 0.5)),
        Stroke(side: .right, start: .milliseconds(4600), duration: .milliseconds(80), from: (0.3, 0.5)),
        Stroke(side: .right, start: .milliseconds(4800), duration: .milliseconds(250), from: (0.2, 0.5), to: (0.8, 0.5)),
        Stroke(side: .right, start: .milliseconds(6600), duration: .milliseconds(80), from: (0.5, 0.5)),
        Stroke(side: .right, start: .milliseconds(6800), duration: .milliseconds(80), from: (0.5, 0.5)),
        Stroke(side: .right, start: .milliseconds(8600), duration: .milliseconds(900), from: (0.5, 0.5)),
        Stroke(side: .right, start: .milliseconds(11000), duration: .milliseconds(250), from: (0.8, 0.5), to: (0.2, 0.5)),
    ])

    /// The prompts that label `labellingDemo`'s samples, in order.
    package static let labellingDemoPrompts = ["swipe right", "tap", "tap then swipe", "double tap", "long press", "swipe left"]
}
