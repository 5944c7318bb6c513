/// FTTouchClassifier's behaviour (`FTTouchClassifier.mm`, `Classification/`) on touches from a non-UIKit
/// source: each touch is Unknown at first, then Pen / Eraser when a switch event correlates with its begin
/// and end, Finger when it is an isolated tap or moving touch, Palm otherwise; changes are reported, also
/// after a touch ended, within the SDK's limits (2 s old, 300 ms after its end).
///
/// Pure: fed touches, switch events and `now`; `update(now:)` (once per frame, as the SDK) returns
/// the changes. Clusters are single touches here: the SDK's spatial clustering, geometric priors and
/// handedness live in the unavailable Core, see docs/pencil.md for what that changes.
package struct TouchClassifier: Sendable {
    /// Thresholds of `ClassificationProxy.cpp` (durations, and distances in points).
    package enum Limits {
        package static let reclassifyAge: Duration = .seconds(2)
        package static let reclassifyAfterEnd: Duration = .milliseconds(300)
        package static let isolationGap: Duration = .milliseconds(135)
        package static let tapGap: Duration = .milliseconds(143)
        package static let idleToPalm: Duration = .microseconds(137_500)
        package static let tapDuration: ClosedRange<Duration> = .milliseconds(16) ... .milliseconds(200)
        package static let fingerTravel = 7.0
        package static let stableFingerAge: Duration = .milliseconds(300)
        package static let longStroke: Duration = .milliseconds(1200)
        package static let longFingerTravel = 66.0
        package static let longPenTravel = 250.0
        package static let palmRadius = 30.29
        /// Odds above which a touch is the pen; score above which an isolated touch is.
        package static let penOdds = 0.8
        package static let isolatedPenScore = 0.2
        /// How long ended touches are kept (as competitors and for queries).
        package static let retention: Duration = .seconds(3)
    }

    package private(set) var isPenConnected = false
    package private(set) var penEvents = PenEventLog()
    private var touches: [TrackedTouch] = []
    private var liveByInput: [Int: Int] = [:]
    private var nextSerial = 1
    private var lastEnd: (at: Duration, serial: Int)?
    /// Fingers seen since the touches last went stale (the "≥ 2 fingers in this event" rule).
    private var fingersInEvent = 0
    /// Inputs dropped (a `moved` for an unknown touch, a `began` for a live id, …).
    package private(set) var droppedInputs = 0

    package init() {}

    // MARK: Inputs

    /// The pen connected or went away; while away every touch reads UnknownDisconnected and switch
    /// events are not logged (as the SDK does).
    package mutating func setPenConnected(_ connected: Bool, now: Duration) -> [ClassificationChange] {
        guard connected != isPenConnected else { return [] }
        isPenConnected = connected
        if !connected { penEvents.clear() }
        return update(now: now)
    }

    package mutating func penSwitch(_ event: PenSwitchEvent) {
        guard isPenConnected else { return }
        penEvents.log(event)
    }

    package mutating func touch(_ input: TouchInput) {
        guard input.x.isFinite, input.y.isFinite, input.radius?.isFinite ?? true else {
            droppedInputs += 1
            return
        }
        switch input.phase {
        case .began:
            if let serial = liveByInput[input.id] {
                // A begin for a live id: the source lost an end; close the old touch.
                end(serial, at: input.at, cancelled: true)
            }
            let serial = nextSerial
            nextSerial += 1
            var t = TrackedTouch(serial: serial, inputID: input.id, began: input.at, lastSample: input.at,
                                 start: (input.x, input.y), last: (input.x, input.y), maxRadius: input.radius,
                                 classification: isPenConnected ? .unknown : .unknownDisconnected)
            t.previousEnd = lastEnd?.at
            t.previousSerial = lastEnd?.serial
            for i in touches.indices where touches[i].isLive(at: input.at) {
                touches[i].hadConcurrent = true
                t.hadConcurrent = true
            }
            touches.append(t)
            liveByInput[input.id] = serial
        case .moved, .ended, .cancelled:
            guard let serial = liveByInput[input.id], let i = index(serial) else {
                droppedInputs += 1
                return
            }
            let dx = input.x - touches[i].last.x, dy = input.y - touches[i].last.y
            touches[i].travel += (dx * dx + dy * dy).squareRoot()
            touches[i].last = (input.x, input.y)
            touches[i].lastSample = input.at
            if let r = input.radius { touches[i].maxRadius = max(touches[i].maxRadius ?? r, r) }
            if input.phase != .moved { end(serial, at: input.at, cancelled: input.phase == .cancelled) }
        }
    }

    // MARK: Queries

    /// The class of a touch by stable id; nil when untracked, removed or cancelled (`classification:forTouch:`).
    package func classification(ofTouch serial: Int) -> TouchClassification? {
        guard let i = index(serial), !touches[i].cancelled else { return nil }
        return touches[i].classification
    }

    /// The stable id of the live (or most recent) touch with this source id (`idForTouch:`).
    package func touchID(forInput id: Int) -> Int? {
        liveByInput[id] ?? touches.last { $0.inputID == id }?.serial
    }

    /// Whether a switch held from `pressedAt` to `releasedAt` was the pen pressed on the case rather
    /// than a click in the air: a touch was on the case when the switch went down, having begun no
    /// more than the pen's delay before it (`PenTiming.maxDelay`), or began while it was held, no
    /// later than 8 cycles after the press (`PenTiming.earliestDown`: the SDK's window for a switch to
    /// be a touch's). Decidable when the click ends, before the touch's class is, since the SDK decides
    /// a pen touch only at its end.
    package func touchPressed(from pressedAt: Duration, to releasedAt: Duration) -> Bool {
        let window = Duration.seconds(-PenTiming.earliestDown)
        let delay = Duration.seconds(PenTiming.maxDelay)
        return touches.contains { t in
            guard !t.cancelled, t.began >= pressedAt - delay, t.began <= min(releasedAt, pressedAt + window) else { return false }
            return t.ended.map { $0 > pressedAt } ?? true
        }
    }

    /// The touch leaves classification (`removeTouchFromClassification:`).
    package mutating func remove(touch serial: Int) {
        touches.removeAll { $0.serial == serial }
        liveByInput = liveByInput.filter { $0.value != serial }
    }

    // MARK: Update

    /// Re-decides every touch that may still change and returns the reportable changes (the filters of
    /// `FTTouchClassifier.mm`).
    package mutating func update(now: Duration) -> [ClassificationChange] {
        penEvents.flush(now: now)
        touches.removeAll { t in t.ended.map { now - $0 > Limits.retention } ?? false }
        if !touches.contains(where: { $0.ended == nil || now - $0.ended! < .milliseconds(275) }) { fingersInEvent = 0 }
        var targets: [(Int, TouchClassification)] = []
        for i in touches.indices where mayChange(touches[i], now: now) {
            let target = decide(touches[i], now: now)
            // Undecided is not a class to fall back to: a decided touch keeps its class until a rule moves it.
            if target == .unknown && touches[i].classification != .unknownDisconnected { continue }
            targets.append((i, target))
        }
        var changes: [ClassificationChange] = []
        for (i, new) in targets {
            let old = touches[i].classification
            guard new != old, guardsAllow(touches[i], to: new, now: now) else { continue }
            touches[i].classification = new
            if new == .finger { fingersInEvent += 1 }
            // As in `FTTouchClassifier.mm`: changes to UnknownDisconnected are not reported; an old
            // UnknownDisconnected reads as Unknown while the pen is connected; old == new is dropped.
            let reportedOld = old == .unknownDisconnected && isPenConnected ? .unknown : old
            if new != .unknownDisconnected && reportedOld != new {
                changes.append(ClassificationChange(touchID: touches[i].serial, inputID: touches[i].inputID,
                                                    oldValue: reportedOld, newValue: new))
            }
        }
        return changes
    }

    // MARK: Rules

    private func mayChange(_ t: TrackedTouch, now: Duration) -> Bool {
        guard !t.cancelled else { return false }
        if !isPenConnected { return true }
        if now - t.began >= Limits.reclassifyAge { return false }
        if let end = t.ended, now - end >= Limits.reclassifyAfterEnd { return false }
        return true
    }

    private func decide(_ t: TrackedTouch, now: Duration) -> TouchClassification {
        guard isPenConnected else { return .unknownDisconnected }
        if let r = t.maxRadius, r > Limits.palmRadius { return .palm }
        let (score, type, event) = penScore(t, now: now)
        let winsEvent = event.map { wins(t, event: $0, score: score, now: now) } ?? false
        if winsEvent, PenTiming.odds(score) > Limits.penOdds { return type }
        let idle = now - t.lastSample > Limits.idleToPalm
        if isIsolated(t) {
            if winsEvent, score > Limits.isolatedPenScore { return type }
            if fingersInEvent >= 2 && t.classification != .finger { return .finger }
            if t.ended != nil && isTap(t) {
                let recent = t.previousEnd.map { t.began - $0 < Limits.tapGap } ?? false
                return recent ? .palm : .finger
            }
            if t.travel >= Limits.fingerTravel { return .finger }
            return t.ended != nil || idle ? .palm : .unknown
        }
        // Concurrent (or too soon after another touch) and not the pen: a palm, once the pen's down
        // event has had its 8 cycles to arrive, or the touch is over or idle.
        if t.classification == .finger { return .palm }
        let waited = now - t.began > .microseconds(Int64(PenTiming.latestUp * 1_000_000))
        return t.ended != nil || idle || waited ? .palm : .unknown
    }

    /// Isolated single touch (the Finger rule of `ClassificationProxy.cpp`): nothing concurrent in its life,
    /// and no other touch ended within 135 ms before it began unless that one was a finger.
    private func isIsolated(_ t: TrackedTouch) -> Bool {
        guard !t.hadConcurrent else { return false }
        guard let previous = t.previousEnd else { return true }
        return t.began - previous >= Limits.isolationGap
            || t.previousSerial.flatMap { index($0) }.map { touches[$0].classification == .finger } ?? false
    }

    private func isTap(_ t: TrackedTouch) -> Bool {
        guard let end = t.ended, Limits.tapDuration.contains(end - t.began) else { return false }
        let d = seconds(end - t.began)
        let limit = 55 + (85 - 55) * (d - 0.016) / (0.200 - 0.016)
        return t.travel < limit
    }

    /// Stability guards (`ClassificationProxy.cpp`): settled fingers and long pen strokes are not flipped.
    private func guardsAllow(_ t: TrackedTouch, to new: TouchClassification, now: Duration) -> Bool {
        let age = t.duration(now: now)
        switch (t.classification, new) {
        case (.finger, .pen), (.finger, .eraser):
            return now - t.began <= Limits.stableFingerAge
        case (.finger, .palm):
            let long = t.travel > Limits.longFingerTravel || age > Limits.longStroke
            return !long || concurrentPen(with: t)
        case (.pen, .palm), (.pen, .finger), (.eraser, .palm), (.eraser, .finger):
            return !(t.travel > Limits.longPenTravel || age > Limits.longStroke)
        default:
            return true
        }
    }

    private func concurrentPen(with t: TrackedTouch) -> Bool {
        touches.contains { o in
            o.serial != t.serial && [.pen, .eraser].contains(o.classification)
                && o.began < (t.ended ?? .seconds(Int64.max / 2)) && (o.ended ?? .seconds(Int64.max / 2)) > t.began
        }
    }

    // MARK: Pen score (`PenEvents.cpp`)

    /// The best switch's score for `t`, its class, and the matched down event.
    private func penScore(_ t: TrackedTouch, now: Duration) -> (Double, TouchClassification, PenEventLog.Entry?) {
        var best: (Double, TouchClassification, PenEventLog.Entry?) = (0, .pen, nil)
        for pen in PenSwitch.allCases {
            let (score, down) = score(t, pen: pen, now: now)
            if score > best.0 { best = (score, pen == .tip ? .pen : .eraser, down) }
        }
        return best
    }

    private func score(_ t: TrackedTouch, pen: PenSwitch, now: Duration) -> (Double, PenEventLog.Entry?) {
        let tb = seconds(t.began)
        let duration = seconds(t.duration(now: now))
        let interior = PenTiming.interior(duration: duration)
        // Down candidates: [tb − S, tb + min(D, duration + S)].
        var bestDown: (p: Double, entry: PenEventLog.Entry)?
        for e in penEvents.entries where e.pen == pen && e.isDown {
            let at = seconds(e.at)
            guard at >= tb - PenTiming.stale, at <= tb + interior, e.at <= now else { continue }
            let mine = PenTiming.downLikelihood(at - tb)
            guard mine > 0 else { continue }
            let all = touches.filter { !$0.cancelled }.reduce(0.0) { sum, o in
                let ob = seconds(o.began)
                let oInterior = PenTiming.interior(duration: seconds(o.duration(now: now)))
                guard at >= ob - PenTiming.stale, at <= ob + oInterior else { return sum }
                return sum + PenTiming.downLikelihood(at - ob)
            }
            let p = all > 0 ? mine / all : 0
            if p > (bestDown?.p ?? 0) { bestDown = (p, e) }
        }
        guard let down = bestDown else { return (0, nil) }
        guard let endTime = t.ended else {
            return (down.p * durationCheck(pen: pen, from: down.entry.at, to: now, touch: duration), down.entry)
        }
        let te = seconds(endTime)
        // Up candidates: [max(tb, te − interior, tDown), te + S].
        let from = max(tb, te - interior, seconds(down.entry.at))
        var bestUp: (p: Double, at: Duration)?
        for e in penEvents.entries where e.pen == pen && !e.isDown {
            let at = seconds(e.at)
            guard at >= from, at <= te + PenTiming.stale else { continue }
            let mine = PenTiming.upLikelihood(at - te)
            guard mine > 0 else { continue }
            let all = touches.filter { !$0.cancelled }.reduce(0.0) { sum, o in
                guard let oe = o.ended.map(seconds), seconds(o.began) < at,
                      oe >= at - PenTiming.stale, oe <= at + PenTiming.interior(duration: oe - seconds(o.began))
                else { return sum }
                return sum + PenTiming.upLikelihood(at - oe)
            }
            let p = all > 0 ? mine / all : 0
            if p > (bestUp?.p ?? 0) { bestUp = (p, e.at) }
        }
        if let up = bestUp {
            let factor = durationCheck(pen: pen, from: down.entry.at, to: up.at, touch: duration)
            return ((down.p * up.p).squareRoot() * factor, down.entry)
        }
        // Ended with no matching up: decays by (1 − dt), and is 0 once S/2 has passed.
        let dt = seconds(now - endTime)
        guard dt < PenTiming.stale / 2 else { return (0, down.entry) }
        return (down.p * (1 - dt), down.entry)
    }

    /// The duration check: switch-on time between the matched down and `end` vs the touch's duration.
    private func durationCheck(pen: PenSwitch, from down: Duration, to end: Duration, touch: Double) -> Double {
        var on = 0.0
        var pressedAt: Duration?
        for e in penEvents.entries where e.pen == pen && e.at >= down && e.at <= end {
            if e.isDown { pressedAt = pressedAt ?? e.at } else if let p = pressedAt {
                on += seconds(e.at - p)
                pressedAt = nil
            }
        }
        if let p = pressedAt { on += seconds(end - p) }
        return PenTiming.durationFactor(switchOn: on, touch: touch)
    }

    /// Winner takes all (`ClassificationProxy.cpp`): of the touches that claim the same down event, only the
    /// best scorer gets it.
    private func wins(_ t: TrackedTouch, event: PenEventLog.Entry, score: Double, now: Duration) -> Bool {
        for o in touches where o.serial != t.serial && !o.cancelled {
            let (s, _, e) = penScore(o, now: now)
            if e == event && (s > score || (s == score && o.serial < t.serial)) { return false }
        }
        return true
    }

    // MARK: Helpers

    private mutating func end(_ serial: Int, at: Duration, cancelled: Bool) {
        guard let i = index(serial) else { return }
        touches[i].ended = at
        touches[i].cancelled = cancelled
        liveByInput[touches[i].inputID] = nil
        if !cancelled { lastEnd = (at, serial) }
    }

    private func index(_ serial: Int) -> Int? { touches.firstIndex { $0.serial == serial } }

    private func seconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) + Double(atto) * 1e-18
    }
}
