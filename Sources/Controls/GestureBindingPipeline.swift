import Gestures

/// The gesture pipeline built from a `GestureCommandMap`: one recognizer per binding, on the binding's
/// sides (or every sensed side), with the relations that keep bindings apart; fed touch events and
/// time, it answers which bindings were made. Pure and single-threaded, like `GesturePipeline`.
///
/// Relations: a single tap waits for a double tap and a tap-swipe on a shared side to fail (so the
/// first tap of either is not also a tap); recognizers are registered in the order tap-swipe, swipe,
/// double tap, tap, long press, pinch, rotation, so that among recognizers sharing a touch the more
/// specific one wins a tie (docs/gestures.md, "Exclusivity").
public final class GestureBindingPipeline {
    public let pipeline: GesturePipeline
    public let bindings: [GestureBinding]
    /// Binding index per registered recognizer index.
    private var bindingOf: [Int] = []

    public init(map: GestureCommandMap, sensedSides: Set<CaseSide>) throws {
        pipeline = GesturePipeline(handedness: map.handedness)
        bindings = map.bindings
        func rank(_ g: RecognizedGesture) -> Int {
            switch g {
            case .tapThenSwipe: 0
            case .swipe: 1
            case .doubleTap: 2
            case .tap: 3
            case .longPress: 4
            case .pinch: 5
            case .rotation: 6
            }
        }
        let order = bindings.indices.sorted { (rank(bindings[$0].gesture), $0) < (rank(bindings[$1].gesture), $1) }
        var recognizers: [Int: GestureRecognizer] = [:]
        for index in order {
            let binding = bindings[index]
            let sides = (binding.sides ?? sensedSides).intersection(sensedSides)
            guard !sides.isEmpty,
                  let recognizer = binding.makeRecognizer(name: "\(binding.gesture.configName)#\(index)", sides: sides)
            else { continue }
            try pipeline.add(recognizer)
            bindingOf.append(index)
            recognizers[index] = recognizer
        }
        for (index, tap) in recognizers where bindings[index].gesture == .tap {
            for (other, waitFor) in recognizers where !tap.sides.isDisjoint(with: waitFor.sides) {
                switch bindings[other].gesture {
                case .doubleTap, .tapThenSwipe: try pipeline.require(tap, toFail: waitFor)
                default: break
                }
            }
        }
    }

    /// Feeds one touch event as a frame of its own; returns the bindings made (by index).
    public func process(_ event: TouchEvent) -> [Int] {
        pipeline.process(frame: [.touch(event)])
        return made()
    }

    /// Fires the timers due by `timeMs` (a tap that waited for a double tap, a long press).
    public func advance(toMs timeMs: Double) -> [Int] {
        pipeline.advance(toMs: timeMs)
        return made()
    }

    public var nextDeadlineMs: Double? { pipeline.nextDeadlineMs }

    private func made() -> [Int] {
        let transitions = pipeline.takeOutput().transitions
        var found: [Int] = []
        for t in transitions {
            guard let r = pipeline.recognizer(named: t.recognizer), r.index >= 0, r.index < bindingOf.count else { continue }
            let binding = bindingOf[r.index]
            if bindings[binding].isMade(by: t) { found.append(binding) }
        }
        return found
    }
}
