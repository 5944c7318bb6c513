import BLE
import TouchCase

/// The Fuffr case's GATT server side, pure: the enable writes and CCCD switches in, touch-record
/// notifications out, driven by a scripted `FuffrTouchTrace` and time (docs/touch-case.md, "The
/// simulated case").
///
/// - It streams only while FFF1 holds a side and n ≥ 1, only for enabled sides and fingers below n,
///   with ids in absolute slots (FuffrLib's `SideLookupTable`), and only on characteristics the central
///   subscribed.
/// - Every held finger is reported every `reportInterval` (50 Hz), moving or not, so a central
///   keeping FuffrLib's 200 ms rule never times it out; a lifted finger gets one release record.
/// - Records travel at most 4 to a notification (20 bytes, the default ATT MTU's payload), spread
///   over the subscribed characteristics.
/// - Protocol violations are recorded, never answered: an FFF1 write that is not 2 bytes, and a
///   change between two sensing commands without `00 00` in between (the firmware crash FuffrLib's
///   `enableSides` avoids).
package struct FuffrPeripheral: Sendable {
    package struct Notification: Sendable, Hashable {
        package var characteristic: BLEUUID
        package var bytes: [UInt8]
    }

    /// No source gives the advertised name; any name containing "Fuffr" is found by FuffrLib (`FFRTouchManager.m`).
    package static let name = "Fuffr"
    package static let reportInterval: Duration = .milliseconds(20)
    package static let recordsPerNotification = 4

    package var trace: FuffrTouchTrace
    /// What FFF1 last set; kept by the firmware across connections.
    package private(set) var command = TouchEnableCommand.powerSave
    package private(set) var subscriptions: Set<BLEUUID> = []
    /// Every operation of the central, in order: "write FFF1 05 01", "notify FFF2 on".
    package private(set) var operations: [String] = []
    package private(set) var violations: [String] = []
    /// Notifications sent and records in them, for tests and the status line.
    package private(set) var notificationsSent = 0
    /// Per stroke, the id and raw point it was last reported down with (for its release record).
    private var reported: [FuffrTouchTrace.Stroke: (id: UInt8, rawX: UInt16, rawY: UInt16)] = [:]
    /// When the last report was made: strokes that began and ended since are caught up.
    private var lastReport: Duration = .zero
    private var nextReportAt: Duration = .zero

    package init(trace: FuffrTouchTrace = FuffrTouchTrace()) {
        self.trace = trace
    }

    // MARK: Link

    /// A central connected: CCCDs start off (the case does not bond).
    package mutating func connect(at now: Duration) {
        subscriptions.removeAll()
        reported.removeAll()
        nextReportAt = now
        lastReport = now
    }

    package mutating func disconnect() {
        subscriptions.removeAll()
        reported.removeAll()
    }

    // MARK: Central operations

    package mutating func write(_ characteristic: BLEUUID, _ bytes: [UInt8]) {
        operations.append(GATTOperation.write(characteristic, bytes, withResponse: true).description)
        guard characteristic == FuffrGATT.enabler else {
            violations.append("write to \(characteristic), which the case does not take")
            return
        }
        guard let new = TouchEnableCommand(wire: bytes) else {
            violations.append("FFF1 write of \(bytes.count) bytes; the command is 2 bytes (FuffrLib FFRCaseHandler.m)")
            return
        }
        if command.sensesTouches, new.sensesTouches, new != command {
            violations.append("FFF1 changed from \(command) to \(new) without 00 00 first (FuffrLib FFRCaseHandler.m)")
        }
        if !new.sensesTouches || new.touchesPerSide != command.touchesPerSide { reported.removeAll() }
        command = new
    }

    package mutating func setNotifications(_ characteristic: BLEUUID, enabled: Bool) {
        operations.append(GATTOperation.notifications(characteristic, enabled: enabled).description)
        if enabled { subscriptions.insert(characteristic) } else { subscriptions.remove(characteristic) }
    }

    // MARK: Time

    /// The notifications due by `now`: one report of every held finger per `reportInterval`.
    package mutating func advance(to now: Duration) -> [Notification] {
        guard now >= nextReportAt else { return [] }
        nextReportAt = now + Self.reportInterval
        let records = report(at: now)
        let channels = FuffrGATT.touchCharacteristics.filter(subscriptions.contains)
        guard !records.isEmpty, !channels.isEmpty else { return [] }
        let chunks = stride(from: 0, to: records.count, by: Self.recordsPerNotification).map {
            Array(records[$0..<min($0 + Self.recordsPerNotification, records.count)])
        }
        notificationsSent += chunks.count
        return chunks.enumerated().map { i, chunk in
            Notification(characteristic: channels[i % channels.count], bytes: chunk.flatMap(\.bytes))
        }
    }

    /// When `advance(to:)` next has something to send: every report interval while a finger is down or
    /// owes its release, else when the next stroke starts; nil when the script has nothing left. Lets
    /// the host sleep between strokes instead of waking 50 times a second of session time.
    package func nextReportTime(after now: Duration) -> Duration? {
        if !reported.isEmpty { return max(nextReportAt, now) }
        guard let start = trace.strokes.filter({ $0.end > now }).map({ max($0.start, now) }).min() else { return nil }
        return max(start, nextReportAt)
    }

    /// One report of every finger down at `now`. A stroke is reported from its first point to its last
    /// even when this report comes late (a busy host running faster than real time): a stroke that
    /// began a report interval or more ago and was not reported yet first gets a record at its start
    /// point, and one that ended away
    /// from its last reported point gets a record at its end point, its release following in the next
    /// report.
    private mutating func report(at now: Duration) -> [TouchRecord] {
        guard command.sensesTouches else { return [] }
        defer { lastReport = now }
        var records: [TouchRecord] = []
        func record(_ id: UInt8, _ down: Bool, _ x: Double, _ y: Double, _ side: CaseSide) -> (id: UInt8, rawX: UInt16, rawY: UInt16) {
            let raw = TouchNormalization.raw(x: x, y: y, side: side)
            records.append(TouchRecord(id: id, isDown: down, rawX: raw.rawX, rawY: raw.rawY))
            return (id, raw.rawX, raw.rawY)
        }
        for stroke in trace.strokes where stroke.start <= now {
            guard command.sides.contains(stroke.side),
                  let id = TouchSlots.id(side: stroke.side, slot: stroke.finger, touchesPerSide: command.touchesPerSide) else {
                reported[stroke] = nil
                continue
            }
            let fresh = reported[stroke] == nil && stroke.end > lastReport
            if let point = stroke.position(at: now) {
                // Only when at least one report was missed: on time, the current point is the first.
                if fresh, now - stroke.start >= Self.reportInterval, point != (stroke.fromX, stroke.fromY) {
                    _ = record(id, true, stroke.fromX, stroke.fromY, stroke.side)
                }
                reported[stroke] = record(id, true, point.x, point.y, stroke.side)
            } else if fresh || reported[stroke] != nil {
                let end = TouchNormalization.raw(x: stroke.toX, y: stroke.toY, side: stroke.side)
                if fresh, (stroke.fromX, stroke.fromY) != (stroke.toX, stroke.toY) {
                    _ = record(id, true, stroke.fromX, stroke.fromY, stroke.side)
                }
                // The finger reaches its end point first and lifts at the next report, so that every
                // finger's last move comes before any release (a pinch ends at its full spread).
                if fresh || reported[stroke].map({ $0.rawX != end.rawX || $0.rawY != end.rawY }) == true {
                    reported[stroke] = record(id, true, stroke.toX, stroke.toY, stroke.side)
                    continue
                }
                if let last = reported.removeValue(forKey: stroke), stroke.sendsRelease {
                    records.append(TouchRecord(id: last.id, isDown: false, rawX: last.rawX, rawY: last.rawY))
                }
            }
        }
        // By id, keeping each finger's records in order.
        return records.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
    }
}
