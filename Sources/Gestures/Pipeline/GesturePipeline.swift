/// The single-threaded, deterministic gesture pipeline of docs/gestures.md: frames of touch events in,
/// transitions (the log, and actions) and consumer events out. Time is event time in milliseconds,
/// never the wall clock; recognizer timers are deadlines on that clock, fired before the first frame
/// that reaches them or by `advance(toMs:)`. Malformed input is dropped and counted, never a crash.
///
/// Per frame: timers due by the frame's time fire (each as its own mini-frame), the events are sanitized
/// and mirrored, each recognizer (in registration order) is fed the touches it may see and proposes a
/// transition, which arbitration (failure requirements, exclusivity) turns into what happens; then the
/// consumer gets the recognition-caused cancels, the frame's events and the released ones; terminal
/// recognizers reset and the actions run.
///
/// Not re-entrant: delegate hooks and actions must not call back into the pipeline that called them
/// (queue the call instead). The hot state is marked `@exclusivity(unchecked)`: the pipeline runs on
/// one thread and never holds an access across a callback, and the runtime exclusivity checks were
/// 60 % of the cost per touch event (benchmark: 3 000 → 1 300 instructions per event).
package final class GesturePipeline {
    @exclusivity(unchecked) package private(set) var recognizers: [GestureRecognizer] = []
    /// The effective time of the last frame (ms); never moves backwards. Nil before the first input.
    @exclusivity(unchecked) package private(set) var clockMs: Double?
    /// When set, a touch without events for this long is cancelled (FuffrLib's `FFRTrackingHandler.m`
    /// prunes after 200 ms).
    package var staleTouchTimeoutMs: Double?
    /// Everything produced since the caller last cleared it.
    @exclusivity(unchecked) package internal(set) var output = GestureOutput()

    @exclusivity(unchecked) var sanitizer: InputSanitizer
    @exclusivity(unchecked) var delivery = ConsumerDelivery()
    /// Transitions of the current frame whose actions run at its end.
    @exclusivity(unchecked) var pendingActions: [(recognizer: Int, transition: GestureTransition)] = []
    @exclusivity(unchecked) var needsReset = false
    @exclusivity(unchecked) private var timerSequence: UInt64 = 0
    @exclusivity(unchecked) private var changes: [FrameChange] = []

    package init(handedness: Handedness = .right, staleTouchTimeoutMs: Double? = nil) {
        sanitizer = InputSanitizer(handedness: handedness)
        self.staleTouchTimeoutMs = staleTouchTimeoutMs
    }

    package var handedness: Handedness {
        get { sanitizer.handedness }
        set { sanitizer.handedness = newValue }
    }

    package var counters: PipelineCounters { sanitizer.counters }

    // MARK: Configuration

    /// Registers a recognizer; registration order is evaluation order within a frame.
    package func add(_ recognizer: GestureRecognizer) throws {
        guard recognizer.index < 0 else { throw GestureConfigurationError.alreadyRegistered(recognizer.name) }
        recognizer.index = recognizers.count
        recognizers.append(recognizer)
    }

    package func recognizer(named name: String) -> GestureRecognizer? {
        recognizers.first { $0.name == name }
    }

    /// `recognizer.require(toFail: other)`: it recognizes only once `other` failed (UIKit's
    /// `require(toFail:)`). Rejects cycles.
    package func require(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) throws {
        try checkRegistered(recognizer)
        try checkRegistered(other)
        if let path = requirementPath(from: other.index, to: recognizer.index) {
            throw GestureConfigurationError.requirementCycle(([recognizer.index] + path).map { recognizers[$0].name })
        }
        if !recognizer.requiredToFail.contains(other.index) { recognizer.requiredToFail.append(other.index) }
    }

    /// Declares the pair simultaneous: neither prevents the other (docs/gestures.md, "Exclusivity").
    package func allowSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) throws {
        try checkRegistered(a)
        try checkRegistered(b)
        if !a.simultaneousWith.contains(b.index) { a.simultaneousWith.append(b.index) }
        if !b.simultaneousWith.contains(a.index) { b.simultaneousWith.append(a.index) }
    }

    private func checkRegistered(_ recognizer: GestureRecognizer) throws {
        guard recognizer.index >= 0, recognizer.index < recognizers.count, recognizers[recognizer.index] === recognizer
        else { throw GestureConfigurationError.notRegistered(recognizer.name) }
    }

    /// The static requirement path from `start` to `goal` (inclusive), if one exists.
    private func requirementPath(from start: Int, to goal: Int) -> [Int]? {
        var stack: [[Int]] = [[start]]
        var seen: Set<Int> = []
        while let path = stack.popLast() {
            guard let last = path.last else { continue }
            if last == goal { return path }
            guard seen.insert(last).inserted else { continue }
            for next in recognizers[last].requiredToFail { stack.append(path + [next]) }
        }
        return nil
    }

    // MARK: Input

    /// Processes one frame: items that share a time stamp (docs/gestures.md, "Frames"). Control items are
    /// split off into frames of their own at the same effective time.
    package func process(frame items: [GestureInput]) {
        guard !items.isEmpty else { return }
        var stamp = -Double.infinity
        for item in items {
            let time = item.timeMs
            if time.isFinite { stamp = max(stamp, time) }
        }
        if !stamp.isFinite { sanitizer.counters.nonFinite += 1 }
        let now = max(stamp.isFinite ? stamp : (clockMs ?? 0), clockMs ?? -Double.infinity)
        fireTimers(upTo: now)
        clockMs = now
        changes.removeAll(keepingCapacity: true)
        for item in items {
            switch item {
            case .touch(let event):
                switch sanitizer.sanitize(event, at: now) {
                case .drop:
                    break
                case .accept(let change):
                    changes.append(change)
                case .reuse(let cancel, let begin):
                    flushTouchFrame(at: now)
                    runTouchFrame([cancel], at: now)
                    changes.append(begin)
                }
            case .setEnabled(_, let name, let enabled):
                flushTouchFrame(at: now)
                guard let recognizer = recognizer(named: name) else { sanitizer.counters.unknownRecognizer += 1; break }
                applyEnabled(recognizer, enabled, at: now)
            case .ignore(_, let name, let id):
                flushTouchFrame(at: now)
                guard let recognizer = recognizer(named: name) else { sanitizer.counters.unknownRecognizer += 1; break }
                applyIgnore(touchId: id, for: recognizer, at: now)
            }
        }
        flushTouchFrame(at: now)
    }

    /// Fires every timer due by `timeMs` without input (docs/gestures.md, "Clock and timers"); hosts call
    /// it from a periodic tick.
    package func advance(toMs timeMs: Double) {
        guard timeMs.isFinite else { return }
        fireTimers(upTo: timeMs)
        clockMs = max(clockMs ?? timeMs, timeMs)
    }

    /// `advance(toMs:)` for a host whose clock is a `Duration` on the session timeline, when the case's
    /// event times are on the same timeline.
    package func advance(to time: Duration) {
        advance(toMs: time.inMilliseconds)
    }

    /// Empties `output`, keeping its storage.
    package func clearOutput() {
        output.transitions.removeAll(keepingCapacity: true)
        output.consumer.removeAll(keepingCapacity: true)
    }

    /// Returns `output` and empties it.
    package func takeOutput() -> GestureOutput {
        defer { output = GestureOutput() }
        return output
    }

    private func flushTouchFrame(at now: Double) {
        guard !changes.isEmpty else { return }
        let frame = changes
        changes.removeAll(keepingCapacity: true)
        runTouchFrame(frame, at: now)
    }

    // MARK: Control items

    /// Enables or disables a recognizer at `timeMs`, as a control frame of its own (UIKit's `isEnabled`).
    package func setEnabled(_ recognizer: GestureRecognizer, _ enabled: Bool, atMs timeMs: Double) {
        process(frame: [.setEnabled(timeMs: timeMs, recognizer: recognizer.name, enabled: enabled)])
    }

    /// Makes a recognizer ignore a touch from `timeMs` on, as a control frame of its own (UIKit's `ignore(_:for:)`).
    package func ignore(touchId: Int, for recognizer: GestureRecognizer, atMs timeMs: Double) {
        process(frame: [.ignore(timeMs: timeMs, recognizer: recognizer.name, touchId: touchId)])
    }

    private func applyEnabled(_ recognizer: GestureRecognizer, _ enabled: Bool, at now: Double) {
        guard recognizer.isEnabled != enabled else { return }
        recognizer.isEnabled = enabled
        if !enabled {
            if recognizer.state.isActive {
                transition(recognizer, to: .cancelled, at: now)
            } else if recognizer.isEngaged {
                fail(recognizer, at: now)
            }
        }
        finishFrame(at: now)
    }

    private func applyIgnore(touchId: Int, for recognizer: GestureRecognizer, at now: Double) {
        if let key = sanitizer.liveKey(forId: touchId) {
            if let index = recognizer.tracked.firstIndex(where: { $0.key == key }) {
                let touch = recognizer.tracked.remove(at: index)
                recognizer.ignored.append(key)
                if recognizer.state == .possible || recognizer.state.isActive {
                    apply(recognizer.didIgnore(touch, now: now), to: recognizer, at: now)
                }
            } else if recognizer.attempt.contains(key), !recognizer.ignored.contains(key) {
                recognizer.ignored.append(key)
            }
        }
        finishFrame(at: now)
    }

    // MARK: Timers

    private func fireTimers(upTo limit: Double) {
        while true {
            var next: GestureRecognizer?
            for recognizer in recognizers {
                guard let deadline = recognizer.timerDeadline, deadline <= limit else { continue }
                if let best = next, let bestDeadline = best.timerDeadline,
                   bestDeadline < deadline || (bestDeadline == deadline && best.timerSequence < recognizer.timerSequence) {
                    continue
                }
                next = recognizer
            }
            var stale: LiveTouch?
            if let timeout = staleTouchTimeoutMs, timeout.isFinite, timeout >= 0 {
                stale = sanitizer.firstStale(timeoutMs: timeout, upTo: limit)
            }
            if let stale, let timeout = staleTouchTimeoutMs,
               next.flatMap(\.timerDeadline).map({ stale.lastEventMs + timeout <= $0 }) ?? true {
                let at = max(stale.lastEventMs + timeout, clockMs ?? -Double.infinity)
                clockMs = at
                if let cancel = sanitizer.expire(stale, at: at) { runTouchFrame([cancel], at: at) }
                continue
            }
            guard let recognizer = next, let deadline = recognizer.timerDeadline else { return }
            let at = max(deadline, clockMs ?? -Double.infinity)
            clockMs = at
            recognizer.timerDeadline = nil
            if recognizer.state == .possible || recognizer.state.isActive {
                apply(recognizer.timerFired(now: at), to: recognizer, at: at)
            }
            finishFrame(at: at)
        }
    }

    func stampTimer(_ recognizer: GestureRecognizer) {
        guard recognizer.timerNeedsSequence else { return }
        recognizer.timerNeedsSequence = false
        timerSequence += 1
        recognizer.timerSequence = timerSequence
    }

    // MARK: Frames

    /// One frame of sanitized events: feed, arbitrate, deliver, reset.
    func runTouchFrame(_ frame: [FrameChange], at now: Double) {
        for recognizer in recognizers {
            feed(frame, to: recognizer, at: now)
        }
        for change in frame {
            delivery.deliver(change, at: now,
                             delaysBegan: { self.delays(change.key, began: true) },
                             delaysEnded: { self.delays(change.key, began: false) },
                             into: &output.consumer)
        }
        finishFrame(at: now)
    }

    /// Applies the frame to one recognizer's tracked set and, if it saw anything, asks its logic.
    private func feed(_ frame: [FrameChange], to recognizer: GestureRecognizer, at now: Double) {
        let listening = recognizer.isEnabled && (recognizer.state == .possible || recognizer.state.isActive)
            && !(recognizer.pending != nil && recognizer.isDiscrete)
        var saw = false
        for change in frame {
            let event = change.event
            if event.phase == .began {
                guard listening, recognizer.sideMask & event.side.bit != 0,
                      recognizer.classMask & event.touchClass.bit != 0 else { continue }
                let touch = TrackedTouch(key: change.key, id: event.id, down: change.position,
                                         position: change.position, isNew: true)
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: event) ?? true,
                      recognizer.accepts(touch) else { continue }
                recognizer.tracked.append(touch)
                recognizer.attempt.append(change.key)
                saw = true
                continue
            }
            guard let index = recognizer.tracked.firstIndex(where: { $0.key == change.key }) else { continue }
            recognizer.tracked[index].position = change.position
            switch event.phase {
            case .moved: recognizer.tracked[index].moved = true
            case .ended: recognizer.tracked[index].lifted = true
            case .cancelled: recognizer.tracked[index].cancelled = true
            case .began: break
            }
            saw = true
        }
        guard saw else { return }
        if listening {
            apply(recognizer.update(now: now), to: recognizer, at: now)
        }
        recognizer.tracked.removeAll { $0.isLeaving }
        for index in recognizer.tracked.indices {
            recognizer.tracked[index].isNew = false
            recognizer.tracked[index].moved = false
        }
    }

    /// Whether some undecided recognizer holding the touch delays its began (or ended) now (UIKit's
    /// `delaysTouchesBegan`, `delaysTouchesEnded`).
    func delays(_ key: UInt64, began: Bool) -> Bool {
        for recognizer in recognizers where (began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded) {
            if recognizer.isUndecided(for: key) { return true }
        }
        return false
    }

    /// End of a frame or timer mini-frame: releases, resets, then actions in transition order.
    func finishFrame(at now: Double) {
        delivery.release(at: now, delaysBegan: { self.delays($0, began: true) },
                         delaysEnded: { self.delays($0, began: false) }, into: &output.consumer)
        if needsReset {
            needsReset = false
            for recognizer in recognizers where recognizer.state.isTerminal { reset(recognizer) }
        }
        for recognizer in recognizers { stampTimer(recognizer) }
        guard !pendingActions.isEmpty else { return }
        let actions = pendingActions
        pendingActions.removeAll(keepingCapacity: true)
        for action in actions { recognizers[action.recognizer].sendActions(action.transition) }
    }

    /// Back to `possible`. Touches of the attempt still down leave `tracked` and so stay excluded until
    /// they lift (as UIKit's `reset()` documents); touches that begin later start a new attempt.
    private func reset(_ recognizer: GestureRecognizer) {
        recognizer.tracked.removeAll(keepingCapacity: true)
        recognizer.attempt.removeAll(keepingCapacity: true)
        recognizer.ignored.removeAll(keepingCapacity: true)
        recognizer.timerDeadline = nil
        recognizer.timerNeedsSequence = false
        recognizer.pending = nil
        recognizer.state = .possible
        recognizer.resetGesture()
    }
}
