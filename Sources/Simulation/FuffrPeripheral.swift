import BLE
import TouchCase

/// The Fuffr case's GATT server side, pure: the enable writes and CCCD switches in, touch-record
/// notifications out, driven by a scripted `FuffrTouchTrace` and time (fuffr-protocol.md §11).
///
/// - It streams only while FFF1 holds a side and n ≥ 1, only for enabled sides and fingers below n,
///   with ids in absolute slots (§5.3), and only on characteristics the central subscribed.
/// - Every held finger is reported every `reportInterval` (50 Hz), moving or not, so a central
///   keeping FuffrLib's 200 ms rule never times it out; a lifted finger gets one release record.
/// - Records travel at most 4 to a notification (20 bytes, the default ATT MTU's payload), spread
///   over the subscribed characteristics.
/// - Protocol violations are recorded, never answered: an FFF1 write that is not 2 bytes, and a
///   change between two sensing commands without `00 00` in between (the firmware crash §4.2 avoids).
public struct FuffrPeripheral: Sendable {
    public struct Notification: Sendable, Hashable {
        public var characteristic: BLEUUID
        public var bytes: [UInt8]
    }

    /// The spec knows no advertised name (§2); any name containing "Fuffr" is found by FuffrLib.
    public static let name = "Fuffr"
    public static let reportInterval: Duration = .milliseconds(20)
    public static let recordsPerNotification = 4

    public var trace: FuffrTouchTrace
    /// What FFF1 last set; kept by the firmware across connections.
    public private(set) var command = TouchEnableCommand.powerSave
    public private(set) var subscriptions: Set<BLEUUID> = []
    /// Every operation of the central, in order: "write FFF1 05 01", "notify FFF2 on".
    public private(set) var operations: [String] = []
    public private(set) var violations: [String] = []
    /// Notifications sent and records in them, for tests and the status line.
    public private(set) var notificationsSent = 0
    /// Per stroke index, the id it was last reported down with (for its release record).
    private var reported: [Int: (id: UInt8, rawX: UInt16, rawY: UInt16)] = [:]
    private var nextReportAt: Duration = .zero

    public init(trace: FuffrTouchTrace = FuffrTouchTrace()) {
        self.trace = trace
    }

    // MARK: Link

    /// A central connected: CCCDs start off (the case does not bond).
    public mutating func connect(at now: Duration) {
        subscriptions.removeAll()
        reported.removeAll()
        nextReportAt = now
    }

    public mutating func disconnect() {
        subscriptions.removeAll()
        reported.removeAll()
    }

    // MARK: Central operations

    public mutating func write(_ characteristic: BLEUUID, _ bytes: [UInt8]) {
        operations.append(TouchCaseOperation.write(characteristic, bytes).description)
        guard characteristic == FuffrGATT.enabler else {
            violations.append("write to \(characteristic), which the case does not take")
            return
        }
        guard let new = TouchEnableCommand(wire: bytes) else {
            violations.append("FFF1 write of \(bytes.count) bytes; the command is 2 bytes (§4.1)")
            return
        }
        if command.sensesTouches, new.sensesTouches, new != command {
            violations.append("FFF1 changed from \(command) to \(new) without 00 00 first (§4.2)")
        }
        if !new.sensesTouches || new.touchesPerSide != command.touchesPerSide { reported.removeAll() }
        command = new
    }

    public mutating func setNotifications(_ characteristic: BLEUUID, enabled: Bool) {
        operations.append(TouchCaseOperation.notifications(characteristic, enabled: enabled).description)
        if enabled { subscriptions.insert(characteristic) } else { subscriptions.remove(characteristic) }
    }

    // MARK: Time

    /// The notifications due by `now`: one report of every held finger per `reportInterval`.
    public mutating func advance(to now: Duration) -> [Notification] {
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

    private mutating func report(at now: Duration) -> [TouchRecord] {
        guard command.sensesTouches else { return [] }
        var records: [TouchRecord] = []
        for (index, stroke) in trace.strokes.enumerated() {
            if let point = stroke.position(at: now), command.sides.contains(stroke.side),
               let id = TouchSlots.id(side: stroke.side, slot: stroke.finger, touchesPerSide: command.touchesPerSide) {
                let raw = TouchNormalization.raw(x: point.x, y: point.y, side: stroke.side)
                records.append(TouchRecord(id: id, isDown: true, rawX: raw.rawX, rawY: raw.rawY))
                reported[index] = (id, raw.rawX, raw.rawY)
            } else if let last = reported.removeValue(forKey: index), stroke.sendsRelease {
                records.append(TouchRecord(id: last.id, isDown: false, rawX: last.rawX, rawY: last.rawY))
            }
        }
        return records.sorted { $0.id < $1.id }
    }
}
