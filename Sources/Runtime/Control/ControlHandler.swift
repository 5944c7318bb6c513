import Status

/// What the control socket asks of the appliance: its status, a control, and a signal when the
/// status changed (for `status --follow`).
package protocol ControlHandler: Sendable {
    func status() async -> StatusReport
    /// Carries out `command` for `source` and says what it did, in words for a person; throws
    /// `ControlRefusal` when it cannot be done now (why, and what to do).
    func perform(_ command: ControlCommand, from source: ControlPeerDescription) async throws(ControlRefusal) -> String
    /// Yields after each change of the status; finishes when the appliance stops.
    func changes() -> AsyncStream<Void>
}

/// Who sent a control, as the log names it ("control socket, uid 1000, pid 4242").
package struct ControlPeerDescription: Sendable, Hashable, CustomStringConvertible {
    package var uid: UInt32
    package var pid: Int32

    package init(uid: UInt32, pid: Int32) {
        self.uid = uid
        self.pid = pid
    }

    package var description: String { "control socket (uid \(uid), pid \(pid))" }
}

/// A control that cannot be carried out now, and why.
package struct ControlRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { reason }
}
