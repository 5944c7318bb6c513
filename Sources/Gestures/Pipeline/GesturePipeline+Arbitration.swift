/// Arbitration: turning a recognizer's proposal into a transition under failure requirements,
/// `shouldBegin` and exclusivity (docs/gestures.md). Every commit's consequences apply at once, so a later
/// recognizer in the same frame may already have been failed by an earlier one.
extension GesturePipeline {
    func apply(_ proposal: GestureProposal, to recognizer: GestureRecognizer, at now: Double) {
        stampTimer(recognizer)
        switch proposal {
        case .none:
            break
        case .fail:
            if recognizer.state == .possible { fail(recognizer, at: now) }
        case .change:
            if recognizer.state.isActive { transition(recognizer, to: .changed, at: now) }
        case .end:
            if recognizer.state.isActive {
                transition(recognizer, to: .ended, at: now)
            } else if recognizer.state == .possible {
                fail(recognizer, at: now)
            }
        case .cancel:
            if recognizer.state.isActive {
                transition(recognizer, to: .cancelled, at: now)
            } else if recognizer.state == .possible {
                fail(recognizer, at: now)
            }
        case .begin, .recognize:
            if recognizer.state == .possible { propose(proposal, for: recognizer, at: now) }
        }
    }

    /// Every B that `x` waits for: static edges plus the dynamic subclass and delegate hooks (UIKit's
    /// `shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)` and their delegate forms).
    func requires(_ x: GestureRecognizer, toFail b: GestureRecognizer) -> Bool {
        if x === b { return false }
        if x.requiredToFail.contains(b.index) { return true }
        if x.shouldRequireFailure(of: b) || b.shouldBeRequiredToFail(by: x) { return true }
        if let delegate = x.delegate, delegate.gestureRecognizer(x, shouldRequireFailureOf: b) { return true }
        if let delegate = b.delegate, delegate.gestureRecognizer(b, shouldBeRequiredToFailBy: x) { return true }
        return false
    }

    func isSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.simultaneousWith.contains(b.index) { return true }
        if let delegate = a.delegate, delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) { return true }
        if let delegate = b.delegate, delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) { return true }
        return false
    }

    func canPrevent(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.canPrevent(b) && b.canBePrevented(by: a)
    }

    /// Failure requirements for a recognizer that wants to leave `possible`: it fails if one it waits for
    /// succeeded, waits (pending) while one is engaged, and otherwise commits.
    func propose(_ proposal: GestureProposal, for x: GestureRecognizer, at now: Double) {
        var waits = false
        for b in recognizers where b !== x && requires(x, toFail: b) {
            if b.state.isActive || b.state == .recognized || b.state == .ended {
                fail(x, at: now)
                return
            }
            if b.isEngaged { waits = true }
        }
        if waits {
            x.pending = proposal
            // A complete discrete gesture has nothing left to time.
            if x.isDiscrete { x.disarm() }
            return
        }
        commit(proposal, for: x, at: now)
    }

    /// `shouldBegin`, then exclusivity, then the transition and what it settles.
    private func commit(_ proposal: GestureProposal, for x: GestureRecognizer, at now: Double) {
        x.pending = nil
        let delegateAllows = x.delegate?.gestureRecognizerShouldBegin(x) ?? true
        guard delegateAllows else {
            fail(x, at: now)
            return
        }
        for z in recognizers where z !== x && z.state.isActive {
            if z.sharesTouch(with: x) && !isSimultaneous(x, z) && canPrevent(z, x) {
                fail(x, at: now)
                return
            }
        }
        if x.isDiscrete { x.disarm() }
        transition(x, to: proposal == .begin ? .began : .recognized, at: now)
        if x.cancelsTouchesInView {
            for key in x.attempt where !x.ignored.contains(key) {
                delivery.cancel(key: key, at: now, into: &output.consumer)
            }
        }
        // Failure requirements resolve before exclusivity prevents, so the outcome does not depend on
        // registration order: whatever waited on `x` fails first, and a recognizer pending on one of those
        // re-checks and may fire (with `tap` requiring only `double`, a winning triple tap fails `double` and
        // the pending tap then fires).
        for y in recognizers where y !== x && y.isEngaged && requires(y, toFail: x) {
            fail(y, at: now)
        }
        for y in recognizers where y !== x && y.isEngaged {
            if y.sharesTouch(with: x) && !isSimultaneous(x, y) && canPrevent(x, y) {
                fail(y, at: now)
            }
        }
    }

    /// `failed`, then every pending recognizer that waited on it re-checks.
    func fail(_ recognizer: GestureRecognizer, at now: Double) {
        guard recognizer.state == .possible else { return }
        recognizer.pending = nil
        recognizer.disarm()
        transition(recognizer, to: .failed, at: now)
        for x in recognizers where x.state == .possible {
            guard let remembered = x.pending, requires(x, toFail: recognizer) else { continue }
            propose(remembered, for: x, at: now)
        }
    }

    /// Records a transition in the log and queues its actions for the end of the frame.
    func transition(_ recognizer: GestureRecognizer, to state: GestureState, at now: Double) {
        recognizer.state = state
        let record = GestureTransition(timeMs: now, recognizer: recognizer.name, state: state, values: recognizer.values)
        output.transitions.append(record)
        if state != .failed { pendingActions.append((recognizer.index, record)) }
        if state.isTerminal { needsReset = true }
    }
}
