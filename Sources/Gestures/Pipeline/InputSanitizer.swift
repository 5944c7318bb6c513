/// The sanitising rules and the mirroring of docs/gestures.md ("Sanitising", "Handedness"), applied in
/// stream order before any recognizer sees an event. Owns the table of live touches and their serial keys.
struct InputSanitizer {
    enum Outcome {
        case drop
        case accept(FrameChange)
        /// A `began` for a live id: `cancel` must run as a frame of its own before `begin`.
        case reuse(cancel: FrameChange, begin: FrameChange)
    }

    var handedness: Handedness
    private(set) var live: [LiveTouch] = []
    var counters = PipelineCounters()
    private var nextKey: UInt64 = 1

    init(handedness: Handedness) {
        self.handedness = handedness
    }

    mutating func sanitize(_ raw: TouchEvent, at now: Double) -> Outcome {
        guard raw.x.isFinite, raw.y.isFinite else {
            counters.nonFinite += 1
            return .drop
        }
        var event = raw
        let cx = min(max(raw.x, 0), 1), cy = min(max(raw.y, 0), 1)
        if cx != raw.x || cy != raw.y { counters.clamped += 1 }
        event.x = handedness == .left ? 1 - cx : cx
        event.y = cy
        let index = live.firstIndex { $0.id == raw.id }
        if event.phase == .began {
            let begin = admit(event, at: now)
            guard let index else { return .accept(begin) }
            counters.reusedIdentity += 1
            let old = live.remove(at: index)
            // The new entry was appended after the old one, which is now gone.
            var cancel = event
            cancel.phase = .cancelled
            cancel.side = old.side
            cancel.x = old.position.x
            cancel.y = old.position.y
            return .reuse(cancel: FrameChange(key: old.key, event: cancel), begin: begin)
        }
        guard let index else {
            counters.unknownTouch += 1
            return .drop
        }
        guard live[index].side == event.side else {
            counters.sideMismatch += 1
            return .drop
        }
        let key = live[index].key
        if event.phase.isFinal {
            live.remove(at: index)
        } else {
            live[index].position = TouchPoint(x: event.x, y: event.y)
            live[index].lastEventMs = now
        }
        return .accept(FrameChange(key: key, event: event))
    }

    private mutating func admit(_ event: TouchEvent, at now: Double) -> FrameChange {
        let key = nextKey
        nextKey += 1
        live.append(LiveTouch(key: key, id: event.id, side: event.side,
                              position: TouchPoint(x: event.x, y: event.y), lastEventMs: now))
        return FrameChange(key: key, event: event)
    }

    func liveKey(forId id: Int) -> UInt64? {
        live.first { $0.id == id }?.key
    }

    /// The live touch with the earliest stale deadline, if any is due by `limit`.
    func firstStale(timeoutMs: Double, upTo limit: Double) -> LiveTouch? {
        var best: LiveTouch?
        for touch in live where touch.lastEventMs + timeoutMs <= limit {
            if best.map({ touch.lastEventMs < $0.lastEventMs }) ?? true { best = touch }
        }
        return best
    }

    /// Removes a stale touch and returns the synthetic `cancelled` that ends it.
    mutating func expire(_ touch: LiveTouch, at now: Double) -> FrameChange? {
        guard let index = live.firstIndex(where: { $0.key == touch.key }) else { return nil }
        live.remove(at: index)
        counters.staleTouches += 1
        return FrameChange(key: touch.key, event: TouchEvent(side: touch.side, id: touch.id, phase: .cancelled,
                                                             x: touch.position.x, y: touch.position.y,
                                                             time: Duration(milliseconds: now) ?? .zero))
    }
}
