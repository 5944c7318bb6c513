/// The life of each touch, from the down flag of its records and from silence, as FuffrLib's case
/// handler and tracking handler (`FFRCaseHandler.m`, `FFRTrackingHandler.m`) together decide it:
///
/// | tracked? | record down | result |
/// |---|---|---|
/// | no  | 1 | began (also for an id pruned by silence that comes back: FuffrLib re-adds it as began) |
/// | yes | 1 | moved if the position changed; otherwise only the touch's time is refreshed |
/// | yes | 0 | ended, at the last tracked position |
/// | no  | 0 | ignored |
///
/// FuffrLib keeps a "previous down" table beside its tracked set; the table above is what the two
/// together produce, so one set suffices. A touch not heard of for `silenceTimeout` (200 ms) ends.
/// FuffrLib checks that every 67 ms, so its ends come 200–267 ms after the last record; here the
/// end is stamped exactly at the deadline, whenever `expire` is called after it.
struct TouchTracker: Sendable {
    private struct Live: Sendable {
        var event: TouchEvent
        /// When a record of this touch last arrived.
        var heard: Duration
    }

    let silenceTimeout: Duration
    /// Indexed by id: ids are 5 bits on the wire, so 32 slots hold every possible touch, in id order.
    private var live = [Live?](repeating: nil, count: 32)
    private var liveCount = 0

    init(silenceTimeout: Duration) {
        self.silenceTimeout = silenceTimeout
    }

    var isEmpty: Bool { liveCount == 0 }

    /// The earliest moment a live touch will end by silence.
    var nextDeadline: Duration? {
        guard liveCount > 0 else { return nil }
        return live.lazy.compactMap { $0.map { $0.heard + self.silenceTimeout } }.min()
    }

    /// Every tracked touch, by id.
    var tracked: [TouchEvent] { liveCount == 0 ? [] : live.compactMap { $0?.event } }

    /// One record already mapped to its side (`id` in 1…31); `x`, `y` normalized. Appends the touch change, if any.
    mutating func apply(id: Int, side: CaseSide, isDown: Bool, x: Double, y: Double, rawX: UInt16, rawY: UInt16,
                        now: Duration, into out: inout [TouchCaseSession.Output]) {
        guard live.indices.contains(id) else { return }
        if var touch = live[id] {
            if !isDown {
                remove(id)
                touch.event.phase = .ended
                touch.event.time = now
                deliver(touch.event, as: .ended, into: &out)
                return
            }
            touch.heard = now
            touch.event.time = now
            guard touch.event.rawX != rawX || touch.event.rawY != rawY else {
                live[id] = touch
                return
            }
            touch.event.phase = .moved
            (touch.event.x, touch.event.y, touch.event.rawX, touch.event.rawY) = (x, y, rawX, rawY)
            live[id] = touch
            deliver(touch.event, as: .moved, into: &out)
            return
        }
        guard isDown else { return }
        let event = TouchEvent(side: side, id: id, phase: .began, x: x, y: y, time: now, rawX: rawX, rawY: rawY)
        live[id] = Live(event: event, heard: now)
        liveCount += 1
        deliver(event, as: .began, into: &out)
    }

    /// Ends every touch whose silence ran out by `now`, in deadline order, each stamped at its
    /// deadline; returns how many ended.
    mutating func expire(now: Duration, into out: inout [TouchCaseSession.Output]) -> Int {
        guard let first = nextDeadline, first <= now else { return 0 }
        let due = live.compactMap { $0 }.filter { $0.heard + silenceTimeout <= now }
            .sorted { ($0.heard, $0.event.id) < ($1.heard, $1.event.id) }
        for touch in due {
            remove(touch.event.id)
            var event = touch.event
            event.phase = .ended
            event.time = touch.heard + silenceTimeout
            deliver(event, as: .ended, into: &out)
        }
        return due.count
    }

    /// Cancels every touch (a lost link, a new configuration): nobody lifted these fingers.
    /// FuffrLib's observers hear them as ended (`FFRCaseHandler.m`, `peripheralDisconnected:`).
    mutating func cancelAll(now: Duration, into out: inout [TouchCaseSession.Output]) {
        for var event in tracked {
            remove(event.id)
            event.phase = .cancelled
            event.time = now
            deliver(event, as: .ended, into: &out)
        }
    }

    private mutating func remove(_ id: Int) {
        guard live[id] != nil else { return }
        live[id] = nil
        liveCount -= 1
    }

    private func deliver(_ event: TouchEvent, as kind: TouchDelivery.Kind, into out: inout [TouchCaseSession.Output]) {
        out.append(.touch(event))
        out.append(.delivery(TouchDelivery(kind: kind, touches: kind == .moved ? tracked : [event])))
    }
}
