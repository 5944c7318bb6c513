import BLE

/// One connection to one Fuffr case, as a pure state machine: the enable sequence, the decoding of touch
/// notifications and the touch lifecycle of FuffrLib's `FFRCaseHandler.m` and `FFRTrackingHandler.m`.
///
/// The owner performs the `.perform` operations strictly in the order returned (several may be
/// outstanding; it runs them one at a time, as ATT allows) and reports each with `completed` or
/// `failed`; it feeds every notification, calls `tick` so silent touches end, and reports the end
/// of the link. Garbage from the case is counted in `counters` and dropped, never fatal.
///
/// The enable sequence of FuffrLib's `enableSides:touchesPerSide:`, on every connection and every change
/// of `command`:
/// 1. write FFF1 `00 00` — so the firmware never changes sides while streaming (its crash);
/// 2. enable notifications on every touch characteristic present (FFF2…FFF6), whatever the sides,
///    as FuffrLib does in practice;
/// 3. write FFF1 `[bitmap, n]`.
///
/// Ids are read with the touches per side the case is known to use: 0 from the moment a sequence
/// starts (records in between are dropped, where FuffrLib divided by zero), then the value of each
/// FFF1 write once the case acknowledged it.
package struct TouchCaseSession: Sendable {
    package enum State: String, Sendable, Hashable, CustomStringConvertible {
        case notConnected = "not connected"
        case connecting
        /// The link is up; the owner discovers service FFF0 and its characteristics.
        case discovering
        /// An enable sequence is being performed.
        case enabling
        /// The case runs the last command sent.
        case ready

        package var description: String { rawValue }
    }

    package enum Output: Sendable, Hashable {
        /// Perform this GATT operation after those returned before it; report it back.
        case perform(GATTOperation)
        case stateChanged(State)
        /// A touch began, moved, ended or was cancelled: for the gesture pipeline.
        case touch(TouchEvent)
        /// The same change as FuffrLib's observers see it.
        case delivery(TouchDelivery)
        /// Input that was dropped (it is counted too); worth a log line.
        case dropped(String)
        /// The connection cannot be used; the owner closes the link (and reconnects later).
        case failed(String)
    }

    package static let defaultSilenceTimeout: Duration = .milliseconds(200)

    package private(set) var state: State = .notConnected
    /// The command the case should run; applied on the next connection when not connected.
    package private(set) var command: TouchEnableCommand
    /// The touches per side ids are currently decoded with (see the type's comment).
    package private(set) var decodingTouchesPerSide = 0
    package private(set) var counters = TouchCaseCounters()
    private var tracker: TouchTracker
    private var touchCharacteristics: [BLEUUID] = []
    private var pending: [GATTOperation] = []

    package init(command: TouchEnableCommand, silenceTimeout: Duration = Self.defaultSilenceTimeout) {
        self.command = command
        tracker = TouchTracker(silenceTimeout: silenceTimeout)
    }

    /// Every touch being tracked, by id.
    package var trackedTouches: [TouchEvent] { tracker.tracked }

    /// When `tick` should next be called for a silent touch to end on time; nil with no live touch.
    package var nextDeadline: Duration? { tracker.nextDeadline }

    /// Operations returned but not yet reported back.
    package var outstandingOperations: [GATTOperation] { pending }

    // MARK: Link

    package mutating func connecting() -> [Output] {
        resetLink()
        return transition(to: .connecting)
    }

    package mutating func linkEstablished() -> [Output] {
        transition(to: .discovering)
    }

    /// The characteristics found in service FFF0. Starts the enable sequence, or fails when the
    /// peripheral has no FFF1 or no touch characteristic (then it is no Fuffr we can use).
    package mutating func discovered(_ characteristics: Set<BLEUUID>, now: Duration) -> [Output] {
        guard state == .discovering else { return [] }
        touchCharacteristics = FuffrGATT.touchCharacteristics.filter(characteristics.contains)
        guard characteristics.contains(FuffrGATT.enabler) else {
            return fail("no enable characteristic FFF1 in service FFF0: not a Fuffr case", now: now)
        }
        guard !touchCharacteristics.isEmpty else {
            return fail("no touch characteristic (FFF2–FFF6) in service FFF0: not a Fuffr case", now: now)
        }
        return startSequence(now: now)
    }

    /// The link ended (`expected`: we closed it). Live touches are cancelled.
    package mutating func linkLost(expected: Bool, now: Duration) -> [Output] {
        let was = state
        var out: [Output] = []
        tracker.cancelAll(now: now, into: &out)
        resetLink()
        out += transition(to: .notConnected)
        if was != .notConnected && !expected { out.append(.dropped("link lost while \(was)")) }
        return out
    }

    // MARK: Configuration

    /// Asks for another command (other sides, other touches per side, power saving). Connected,
    /// the full sequence runs again, as each of FuffrLib's `enableSides` calls does; otherwise it
    /// is kept for the next connection. Asking for the command already asked for does nothing.
    package mutating func configure(_ new: TouchEnableCommand, now: Duration) -> [Output] {
        guard new != command else { return [] }
        command = new
        guard state == .enabling || state == .ready else { return [] }
        return startSequence(now: now)
    }

    // MARK: Operations

    /// The oldest outstanding operation succeeded.
    package mutating func completed(_ operation: GATTOperation, now: Duration) -> [Output] {
        guard pending.first == operation else { return [] }
        pending.removeFirst()
        if case .write(FuffrGATT.enabler, let bytes, _) = operation, let written = TouchEnableCommand(wire: bytes) {
            decodingTouchesPerSide = written.touchesPerSide
        }
        if pending.isEmpty && state == .enabling { return transition(to: .ready) }
        return []
    }

    /// An operation failed: FuffrLib then stops using the case until it connects again (`FFRCaseHandler.m`); we
    /// end the link, and the owner reconnects, which runs the sequence afresh.
    package mutating func failed(_ operation: GATTOperation, reason: String, now: Duration) -> [Output] {
        guard pending.contains(operation) else { return [] }
        return fail("\(operation) failed: \(reason)", now: now)
    }

    // MARK: Input

    /// A notification. Touches come from FFF2–FFF6 alike; the side is the id's (`TouchSlots`).
    package mutating func received(_ characteristic: BLEUUID, _ bytes: [UInt8], now: Duration) -> [Output] {
        var out = tick(now: now)
        guard FuffrGATT.touchCharacteristics.contains(characteristic) else {
            counters.foreignNotifications += 1
            return out + [.dropped("notification from \(characteristic), which carries no touches")]
        }
        guard !bytes.isEmpty, bytes.count % TouchRecord.size == 0 else {
            counters.malformedNotifications += 1
            return out + [.dropped("a \(bytes.count)-byte notification on \(characteristic): not whole 5-byte records")]
        }
        for offset in stride(from: 0, to: bytes.count, by: TouchRecord.size) {
            let record = TouchRecord(bytes, at: offset)
            guard record.id != 0 else { continue }
            guard let side = TouchSlots.side(of: record.id, touchesPerSide: decodingTouchesPerSide) else {
                counters.unmappedRecords += 1
                out.append(.dropped("touch id \(record.id) maps to no side with \(decodingTouchesPerSide) touches per side"))
                continue
            }
            counters.records += 1
            let (x, y) = TouchNormalization.normalized(rawX: record.rawX, rawY: record.rawY, side: side)
            // Above full scale a side's value leaves [0, 1] (past 1, or below 0 where the side mirrors).
            let (cx, cy) = (min(max(x, 0), 1), min(max(y, 0), 1))
            if (cx, cy) != (x, y) { counters.clampedCoordinates += 1 }
            tracker.apply(id: Int(record.id), side: side, isDown: record.isDown, x: cx, y: cy,
                          rawX: record.rawX, rawY: record.rawY, now: now, into: &out)
        }
        return out
    }

    /// Time passing: touches silent for the timeout end (FuffrLib's `FFRTrackingHandler.m`).
    package mutating func tick(now: Duration) -> [Output] {
        var out: [Output] = []
        counters.silentEnds += tracker.expire(now: now, into: &out)
        return out
    }

    // MARK: Internals

    private mutating func startSequence(now: Duration) -> [Output] {
        var out: [Output] = []
        tracker.cancelAll(now: now, into: &out)
        decodingTouchesPerSide = 0
        let sequence: [GATTOperation] =
            [.write(FuffrGATT.enabler, TouchEnableCommand.powerSave.bytes, withResponse: true)]
            + touchCharacteristics.map { .notifications($0, enabled: true) }
            + [.write(FuffrGATT.enabler, command.bytes, withResponse: true)]
        pending += sequence
        out += transition(to: .enabling)
        out += sequence.map(Output.perform)
        return out
    }

    /// The link cannot be used: live touches are cancelled now, as when it is lost. Left tracked,
    /// they would end by silence 200 ms later, after the session already said it was not connected.
    private mutating func fail(_ why: String, now: Duration) -> [Output] {
        var out: [Output] = []
        tracker.cancelAll(now: now, into: &out)
        resetLink()
        return out + [.failed(why)] + transition(to: .notConnected)
    }

    private mutating func resetLink() {
        pending = []
        touchCharacteristics = []
        decodingTouchesPerSide = 0
    }

    private mutating func transition(to new: State) -> [Output] {
        guard new != state else { return [] }
        state = new
        return [.stateChanged(new)]
    }
}
