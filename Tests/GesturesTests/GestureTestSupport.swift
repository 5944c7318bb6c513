@testable import Gestures

/// A touch trace written the way the conformance examples read: times in ms, screen-aligned positions.
struct Trace {
    var items: [GestureInput] = []

    mutating func touch(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double,
                        side: CaseSide = .right, touchClass: TouchClass = .finger) {
        items.append(.touch(TouchEvent(timeMs: t, id: id, side: side, phase: phase, x: x, y: y, touchClass: touchClass)))
    }

    /// Down at `t`, up `duration` later, without moving.
    mutating func tap(_ t: Double, _ id: Int, at x: Double = 0.5, _ y: Double = 0.5, duration: Double = 60,
                      side: CaseSide = .right) {
        touch(t, id, .began, x, y, side: side)
        touch(t + duration, id, .ended, x, y, side: side)
    }

    /// A straight stroke from `from` to `to` in `steps` moves `every` ms apart, lifted one step later.
    mutating func stroke(_ t: Double, _ id: Int, from: (Double, Double), to: (Double, Double), steps: Int = 4,
                         every: Double = 20, side: CaseSide = .right) {
        touch(t, id, .began, from.0, from.1, side: side)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            touch(t + Double(step) * every, id, .moved, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f, side: side)
        }
        touch(t + Double(steps + 1) * every, id, .ended, to.0, to.1, side: side)
    }

    mutating func control(_ item: GestureInput) {
        items.append(item)
    }
}

extension GesturePipeline {
    /// Feeds a trace frame by frame (consecutive touch items with the same time form one frame).
    func feed(_ trace: Trace, thenAdvanceTo end: Double? = nil) {
        var frame: [GestureInput] = []
        for item in trace.items {
            if case .touch = item, let last = frame.last, last.timeMs == item.timeMs {
                frame.append(item)
                continue
            }
            if !frame.isEmpty { process(frame: frame) }
            frame = [item]
        }
        if !frame.isEmpty { process(frame: frame) }
        if let end { advance(toMs: end) }
    }

    /// The log of one recognizer as "state@time" strings.
    func states(of name: String) -> [String] {
        output.transitions.filter { $0.recognizer == name }.map { "\($0.state.rawValue)@\(Self.format($0.timeMs))" }
    }

    /// The transitions of one recognizer.
    func log(of name: String) -> [GestureTransition] {
        output.transitions.filter { $0.recognizer == name }
    }

    /// The consumer's events of one touch as "phase@time".
    func consumer(of id: Int) -> [String] {
        output.consumer.filter { $0.id == id }.map { "\($0.phase.rawValue)@\(Self.format($0.timeMs))" }
    }

    static func format(_ t: Double) -> String {
        t == t.rounded() ? String(Int(t)) : String(t)
    }
}

/// A pipeline holding the given recognizers, in order.
func pipeline(_ recognizers: GestureRecognizer..., handedness: Handedness = .right) throws -> GesturePipeline {
    let pipeline = GesturePipeline(handedness: handedness)
    for recognizer in recognizers { try pipeline.add(recognizer) }
    return pipeline
}

extension TouchEvent {
    /// A touch at `timeMs` of session time, in the order the scenario files list a touch's fields.
    init(timeMs: Double, id: Int, side: CaseSide, phase: TouchPhase, x: Double, y: Double,
         touchClass: TouchClass = .unknown, rawX: UInt16? = nil, rawY: UInt16? = nil) {
        self.init(side: side, id: id, phase: phase, x: x, y: y, time: Duration(milliseconds: timeMs) ?? .zero,
                  rawX: rawX, rawY: rawY, touchClass: touchClass)
    }

    var timeMs: Double { time.inMilliseconds }
}
