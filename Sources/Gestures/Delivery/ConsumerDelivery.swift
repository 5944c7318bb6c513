/// Delivery of raw touches to the underlying consumer under the recognizers' cancel and delay rules
/// (docs/gestures.md, "Consumer delivery"). One record per touch the consumer may still hear about; a
/// touch without a record is finished or was cancelled by a recognition, and its further events are dropped.
struct ConsumerDelivery {
    private struct Record {
        var key: UInt64
        var id: Int
        /// Where the touch was last seen (a cancel is reported there).
        var position: TouchPoint
        /// The began was handed over (so a recognition must cancel the touch).
        var beganDelivered = false
        var withheldBegan: TouchPoint?
        /// Where the touch is now, if it moved while its began was withheld.
        var withheldMove: TouchPoint?
        var withheldEnd: (phase: TouchPhase, position: TouchPoint)?

        var holdsSomething: Bool { withheldBegan != nil || withheldEnd != nil }
    }

    private var records: [Record] = []
    /// Touches a recognition cancelled before the consumer heard of them, in the current frame: their
    /// `began` in this frame is not delivered either (cancellations precede the frame's events).
    private var cancelledUnseen: [UInt64] = []
    /// Records with withheld events, so releases need not scan every touch.
    private var withheldCount = 0

    /// Delivers or withholds this frame's event. `delaysBegan`/`delaysEnded` say whether some
    /// undecided recognizer holding the touch delays that phase now.
    mutating func deliver(_ change: FrameChange, at now: Double, delaysBegan: () -> Bool, delaysEnded: () -> Bool,
                          into output: inout [ConsumerEvent]) {
        let event = change.event
        let position = change.position
        if event.phase == .began {
            guard !cancelledUnseen.contains(change.key) else { return }
            var record = Record(key: change.key, id: event.id, position: position)
            if delaysBegan() {
                record.withheldBegan = position
                withheldCount += 1
            } else {
                record.beganDelivered = true
                output.append(ConsumerEvent(timeMs: now, id: event.id, phase: .began, x: position.x, y: position.y))
            }
            records.append(record)
            return
        }
        guard let index = records.firstIndex(where: { $0.key == change.key }) else { return }
        records[index].position = position
        if records[index].withheldBegan != nil {
            if event.phase == .moved {
                records[index].withheldMove = position
            } else {
                records[index].withheldEnd = (event.phase, position)
            }
            return
        }
        switch event.phase {
        case .began:
            return
        case .moved:
            output.append(ConsumerEvent(timeMs: now, id: event.id, phase: .moved, x: position.x, y: position.y))
        case .ended where delaysEnded():
            records[index].withheldEnd = (.ended, position)
            withheldCount += 1
        case .ended, .cancelled:
            output.append(ConsumerEvent(timeMs: now, id: event.id, phase: event.phase, x: position.x, y: position.y))
            records.remove(at: index)
        }
    }

    /// A recognizer with `cancelsTouchesInView` committed: the consumer gets `cancelled` for a touch it
    /// is receiving, nothing for one whose began it never saw, and nothing more for either.
    mutating func cancel(key: UInt64, at now: Double, into output: inout [ConsumerEvent]) {
        guard let index = records.firstIndex(where: { $0.key == key }) else {
            cancelledUnseen.append(key)
            return
        }
        let record = records.remove(at: index)
        if record.holdsSomething { withheldCount -= 1 }
        if record.beganDelivered {
            output.append(ConsumerEvent(timeMs: now, id: record.id, phase: .cancelled,
                                        x: record.position.x, y: record.position.y))
        }
    }

    /// Hands over what is no longer held back, at `now` (the decision time). Ends the frame.
    mutating func release(at now: Double, delaysBegan: (UInt64) -> Bool, delaysEnded: (UInt64) -> Bool,
                          into output: inout [ConsumerEvent]) {
        if !cancelledUnseen.isEmpty { cancelledUnseen.removeAll(keepingCapacity: true) }
        guard withheldCount > 0 else { return }
        var index = 0
        while index < records.count {
            var record = records[index]
            guard record.holdsSomething else { index += 1; continue }
            if let began = record.withheldBegan {
                guard !delaysBegan(record.key) else { index += 1; continue }
                output.append(ConsumerEvent(timeMs: now, id: record.id, phase: .began, x: began.x, y: began.y))
                if let moved = record.withheldMove {
                    output.append(ConsumerEvent(timeMs: now, id: record.id, phase: .moved, x: moved.x, y: moved.y))
                }
                record.withheldBegan = nil
                record.withheldMove = nil
                record.beganDelivered = true
            }
            if let end = record.withheldEnd, end.phase == .cancelled || !delaysEnded(record.key) {
                output.append(ConsumerEvent(timeMs: now, id: record.id, phase: end.phase,
                                            x: end.position.x, y: end.position.y))
                records.remove(at: index)
                withheldCount -= 1
                continue
            }
            if !record.holdsSomething { withheldCount -= 1 }
            records[index] = record
            index += 1
        }
    }
}
