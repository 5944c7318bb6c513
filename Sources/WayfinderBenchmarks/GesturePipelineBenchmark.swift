import Foundation
import Gestures

/// The gesture pipeline's cost per touch event: eight recognizers registered,
/// touches on all four sides of the case at its maximum report rate (up to 5 touches per side,
/// ~120 frames per second), every event through sanitising, the recognizers, arbitration and consumer
/// delivery. The budget is 2 000 instructions per event (so 2 400 events/s cost < 1 % of a Pi Zero 2 W
/// core); instructions are counted with `valgrind --tool=callgrind` on the small mode
/// `WayfinderBenchmarks gestures EVENTS REPEATS LAYOUT` (scripts/gesture-callgrind.sh).
enum GesturePipelineBenchmark {
    enum Layout: String {
        /// Every recognizer listens to all four sides: each event reaches all eight (the worst case).
        case allSides = "all"
        /// Two recognizers per side, as a configuration that maps gestures per side would do.
        case perSide = "split"
    }

    /// Eight recognizers: tap, double tap (the tap waits for it), long press, swipe (four directions),
    /// pan, pinch, rotation and tap-swipe.
    static func pipeline(_ layout: Layout) -> GesturePipeline {
        let all = Set(CaseSide.allCases)
        func sides(_ side: CaseSide) -> Set<CaseSide> { layout == .allSides ? all : [side] }
        let pipeline = GesturePipeline()
        let double = TapGestureRecognizer(name: "double", sides: sides(.right), numberOfTapsRequired: 2)
        let tap = TapGestureRecognizer(name: "tap", sides: sides(.right))
        let recognizers: [GestureRecognizer] = [
            double, tap,
            LongPressGestureRecognizer(name: "press", sides: sides(.left)),
            SwipeGestureRecognizer(name: "swipe", sides: sides(.left), directions: [.left, .right, .up, .down]),
            PanGestureRecognizer(name: "pan", sides: sides(.top)),
            PinchGestureRecognizer(name: "pinch", sides: sides(.top)),
            RotationGestureRecognizer(name: "rotation", sides: sides(.bottom)),
            TapSwipeGestureRecognizer(name: "tapswipe", sides: sides(.bottom)),
        ]
        do {
            for recognizer in recognizers { try pipeline.add(recognizer) }
            try pipeline.require(tap, toFail: double)
            try pipeline.allowSimultaneous(recognizers[5], recognizers[6])
        } catch {
            print("gesture benchmark set-up failed: \(error)")
        }
        return pipeline
    }

    /// A deterministic trace of at least `events` events in frames of one time stamp (8 ms apart).
    /// Each side runs its own cycle of taps, double taps, strokes, holds and two- to five-finger
    /// drags, so every recognizer is engaged, recognizes and fails along the way.
    static func trace(events: Int) -> [[GestureInput]] {
        struct Live { var id: Int; var x: Double; var y: Double; var dx: Double; var dy: Double; var left: Int }
        let sides = CaseSide.allCases
        var live: [[Live]] = Array(repeating: [], count: 4)
        var nextId = 1
        var frames: [[GestureInput]] = []
        var count = 0
        var step = 0
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
        }
        while count < events {
            let t = Duration.milliseconds(step * 8)
            var frame: [GestureInput] = []
            for (s, side) in sides.enumerated() {
                if live[s].isEmpty, random() < 0.2 {
                    // A new episode: 1–5 fingers, short (tap) to long (hold), still or moving.
                    let fingers = 1 + Int(random() * 5)
                    let length = [3, 6, 25, 70][Int(random() * 4)]
                    let speed = random() < 0.3 ? 0 : 0.004 + random() * 0.01
                    let angle = random() * 2 * .pi
                    for _ in 0..<fingers {
                        let touch = Live(id: nextId, x: 0.2 + random() * 0.6, y: 0.2 + random() * 0.6,
                                         dx: speed * cos(angle), dy: speed * sin(angle), left: length)
                        nextId = nextId % 1_000_000 + 1
                        live[s].append(touch)
                        frame.append(.touch(TouchEvent(side: side, id: touch.id, phase: .began, x: touch.x, y: touch.y,
                                                       time: t, touchClass: .finger)))
                    }
                    continue
                }
                var kept: [Live] = []
                for var touch in live[s] {
                    touch.left -= 1
                    touch.x = min(1, max(0, touch.x + touch.dx))
                    touch.y = min(1, max(0, touch.y + touch.dy))
                    let phase: TouchPhase = touch.left <= 0 ? .ended : .moved
                    frame.append(.touch(TouchEvent(side: side, id: touch.id, phase: phase, x: touch.x, y: touch.y,
                                                   time: t, touchClass: .finger)))
                    if phase == .moved { kept.append(touch) }
                }
                live[s] = kept
            }
            count += frame.count
            if !frame.isEmpty { frames.append(frame) }
            step += 1
        }
        return frames
    }

    /// Feeds the trace through a fresh pipeline; returns the transitions seen (so the work is used).
    static func drive(_ frames: [[GestureInput]], layout: Layout) -> Int {
        let pipeline = pipeline(layout)
        var transitions = 0
        for frame in frames {
            pipeline.process(frame: frame)
            transitions += pipeline.output.transitions.count
            pipeline.clearOutput()
        }
        return transitions
    }

    /// The timed run for `make bench`: events per second and time per event, both layouts.
    static func report(events: Int) {
        let frames = trace(events: events)
        let total = frames.reduce(0) { $0 + $1.count }
        for layout in [Layout.allSides, .perSide] {
            var best = Double.infinity
            var transitions = 0
            for _ in 0..<3 {
                let started = clock.now
                transitions = drive(frames, layout: layout)
                best = min(best, started.duration(to: clock.now).inSeconds)
            }
            let rate = Double(total) / best
            let name = "gesture pipeline, 8 recognizers (\(layout == .allSides ? "each on 4 sides" : "2 per side"))"
            print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(Int((best / Double(total) * 1e9).rounded())) ns per event, "
                  + "\(Int(rate)) events/s  (\(total) events, \(transitions) transitions)")
        }
    }

    /// The small mode for callgrind: build the trace once, drive it `repeats` times.
    static func callgrindMode(events: Int, repeats: Int, layout: Layout) {
        let frames = trace(events: events)
        var transitions = 0
        for _ in 0..<repeats { transitions += drive(frames, layout: layout) }
        print("events \(frames.reduce(0) { $0 + $1.count }) × \(repeats), transitions \(transitions)")
    }
}
