import Gestures

/// The gesture pipeline built from a `GestureCommandMap`: one recognizer per binding, on the binding's
/// sides (or every sensed side), with the relations that keep bindings apart; fed touch events and
/// time, it answers which bindings were made. Pure and single-threaded, like `GesturePipeline`.
///
/// Relations (docs/gestures.md, "Bindings"):
/// - a single tap waits for a double tap and a tap-swipe on a shared side to fail, so the first tap
///   of either is not also a tap;
/// - a drag (pan, edge pan) waits for a swipe and a tap-swipe on a shared side to fail, so a quick
///   stroke is the swipe; a pan waits for an edge pan on a shared side, which fails at once unless
///   the touch went down at its edge;
/// - drags of one kind are simultaneous: `pan-up` and `pan-down` on one side share the stroke, each
///   stepping in its own direction;
/// - a pinch in and out, a rotation either way, tap-swipes of different directions are simultaneous:
///   one recognizer's gesture each, told apart by its sense when it is made;
/// - recognizers are registered in the order tap-swipe, swipe, double tap, tap, long press, edge
///   pan, pan, pinch, rotation, so that among recognizers sharing a touch the more specific one wins
///   a tie.
///
/// A continuous binding is made once per `step` of travel (`TravelSteps`); a discrete one once.
package final class GestureBindingPipeline {
    package let pipeline: GesturePipeline
    package let bindings: [GestureBinding]
    /// Binding index per registered recognizer index.
    private var bindingOf: [Int] = []
    /// The steps of each continuous binding's drag in progress, by binding index.
    private var drags: [Int: TravelSteps] = [:]

    package init(map: GestureCommandMap, sensedSides: Set<CaseSide>) throws {
        pipeline = GesturePipeline(handedness: map.handedness)
        bindings = map.bindings
        func rank(_ g: RecognizedGesture) -> Int {
            switch g {
            case .tapThenSwipe: 0
            case .swipe: 1
            case .doubleTap: 2
            case .tap: 3
            case .longPress: 4
            case .edgePan: 5
            case .pan: 6
            case .pinch: 7
            case .rotation: 8
            }
        }
        let order = bindings.indices.sorted { (rank(bindings[$0].gesture), $0) < (rank(bindings[$1].gesture), $1) }
        var recognizers: [Int: GestureRecognizer] = [:]
        for index in order {
            let binding = bindings[index]
            let sides = binding.effectiveSides(sensed: sensedSides)
            guard !sides.isEmpty,
                  let recognizer = binding.makeRecognizer(name: "\(binding.gesture.configName)#\(index)", sides: sides)
            else { continue }
            try pipeline.add(recognizer)
            bindingOf.append(index)
            recognizers[index] = recognizer
        }
        // In registration order, so the relations (and a log of them) do not depend on hashing.
        let registered = order.compactMap { index in recognizers[index].map { (index, $0) } }
        for (index, recognizer) in registered {
            for (other, waitFor) in registered where other != index && !recognizer.sides.isDisjoint(with: waitFor.sides) {
                switch (bindings[index].gesture, bindings[other].gesture) {
                case (.tap, .doubleTap), (.tap, .tapThenSwipe),
                     (.pan, .swipe), (.pan, .tapThenSwipe), (.pan, .edgePan),
                     (.edgePan, .swipe), (.edgePan, .tapThenSwipe):
                    try pipeline.require(recognizer, toFail: waitFor)
                case (.pan, .pan), (.edgePan, .edgePan):
                    if index < other { try pipeline.allowSimultaneous(recognizer, waitFor) }
                case let (a, b) where Self.differOnlyInSense(a, b):
                    if index < other { try pipeline.allowSimultaneous(recognizer, waitFor) }
                default:
                    break
                }
            }
        }
    }

    /// Whether two gestures are one recognizer's, told apart only when it is made (`isMade`): a pinch
    /// in or out, a rotation either way, a tap-swipe's direction. Bound on a shared side, they must
    /// recognize together, or the first registered would take every pinch and the other never fire.
    static func differOnlyInSense(_ a: RecognizedGesture, _ b: RecognizedGesture) -> Bool {
        switch (a, b) {
        case (.pinch(let x), .pinch(let y)): x != y
        case (.rotation(let x), .rotation(let y)): x != y
        case (.tapThenSwipe(let x), .tapThenSwipe(let y)): x != y
        default: false
        }
    }

    /// Feeds one touch event as a frame of its own; returns the bindings made (by index).
    package func process(_ event: TouchEvent) -> [Int] {
        pipeline.process(frame: [.touch(event)])
        return made()
    }

    /// Fires the timers due by `timeMs` (a tap that waited for a double tap, a long press).
    package func advance(toMs timeMs: Double) -> [Int] {
        pipeline.advance(toMs: timeMs)
        return made()
    }

    package var nextDeadlineMs: Double? { pipeline.nextDeadlineMs }

    private func made() -> [Int] {
        let transitions = pipeline.takeOutput().transitions
        var found: [Int] = []
        for t in transitions {
            guard let r = pipeline.recognizer(named: t.recognizer), r.index >= 0, r.index < bindingOf.count else { continue }
            let index = bindingOf[r.index]
            let binding = bindings[index]
            if binding.gesture.isContinuous {
                switch t.state {
                case .began, .changed:
                    guard let travel = binding.travel(in: t.values) else { break }
                    var steps = drags[index] ?? TravelSteps(step: binding.step)
                    found += repeatElement(index, count: steps.travel(to: travel))
                    drags[index] = steps
                default:
                    drags[index] = nil
                }
            } else if binding.isMade(by: t) {
                found.append(index)
            }
        }
        return found
    }
}
