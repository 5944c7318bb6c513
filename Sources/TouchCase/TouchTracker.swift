/// The life of each touch, from the down flag of its records and from silence (fuffr-protocol.md
/// §6), as FuffrLib's case handler and tracking handler together decide it:
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
    private var live: [Int: Live] = [:]

    init(silenceTimeout: Duration) {
        self.silenceTimeout = silenceTimeout
    }

    var isEmpty: Bool { live.isEmpty }

    /// The earliest moment a live touch will end by silence.
    var nextDeadline: Duration? { live.values.map { $0.heard + silenceTimeout }.min() }

    /// Every tracked touch, by id.
    var tracked: [TouchEvent] { live.values.map(\.event).sorted { $0.id < $1.id } }

    /// One record already mapped to its side; `x`, `y` normalized. Returns the touch change, if any.
    mutating func apply(id: Int, side: CaseSide, isDown: Bool, x: Double, y: Double, rawX: UInt16, rawY: UInt16,
                        now: Duration) -> [TouchCaseSession.Output] {
        if var touch = live[id] {
            if !isDown {
                live[id] = nil
                touch.event.phase = .ended
                touch.event.time = now
                return deliver(touch.event, as: .ended)
            }
            touch.heard = now
            touch.event.time = now
            guard touch.event.rawX != rawX || touch.event.rawY != rawY else {
                live[id] = touch
                return []
            }
            touch.event.phase = .moved
            (touch.event.x, touch.event.y, touch.event.rawX, touch.event.rawY) = (x, y, rawX, rawY)
            live[id] = touch
            return deliver(touch.event, as: .moved)
        }
        guard isDown else { return [] }
        let event = TouchEvent(side: side, id: id, phase: .began, x: x, y: y, rawX: rawX, rawY: rawY, time: now)
        live[id] = Live(event: event, heard: now)
        return deliver(event, as: .began)
    }

    /// Ends every touch whose silence ran out by `now`, in deadline order, each stamped at its deadline.
    mutating func expire(now: Duration) -> (outputs: [TouchCaseSession.Output], count: Int) {
        let due = live.values.filter { $0.heard + silenceTimeout <= now }
            .sorted { ($0.heard, $0.event.id) < ($1.heard, $1.event.id) }
        var out: [TouchCaseSession.Output] = []
        for touch in due {
            live[touch.event.id] = nil
            var event = touch.event
            event.phase = .ended
            event.time = touch.heard + silenceTimeout
            out += deliver(event, as: .ended)
        }
        return (out, due.count)
    }

    /// Cancels every touch (a lost link, a new configuration): nobody lifted these fingers.
    /// FuffrLib's observers hear them as ended (§6.2 "Disconnect").
    mutating func cancelAll(now: Duration) -> [TouchCaseSession.Output] {
        let all = tracked
        live.removeAll()
        return all.flatMap { touch -> [TouchCaseSession.Output] in
            var event = touch
            event.phase = .cancelled
            event.time = now
            return deliver(event, as: .ended)
        }
    }

    private func deliver(_ event: TouchEvent, as kind: TouchDelivery.Kind) -> [TouchCaseSession.Output] {
        let touches = kind == .moved ? tracked : [event]
        return [.touch(event), .delivery(TouchDelivery(kind: kind, touches: touches))]
    }
}
