/// Who may use the control socket: root, the user the appliance runs as, and the members of its
/// group (`wayfinder` on a Pi; docs/control.md says how to add a user). The socket file's mode
/// (0660, that group) already keeps everyone else from connecting; this is the second check, on the
/// peer's credentials from the kernel, so that a socket file whose mode was loosened by hand does
/// not open the controls to every local user.
package struct ControlAccess: Sendable, Equatable {
    /// The appliance's own user.
    package var ownerUID: UInt32
    /// The group whose members may connect; nil when the socket belongs to the owner alone.
    package var group: UInt32?

    package init(ownerUID: UInt32, group: UInt32?) {
        self.ownerUID = ownerUID
        self.group = group
    }

    package func allows(uid: UInt32, gid: UInt32, groups: [UInt32]) -> Bool {
        if uid == 0 || uid == ownerUID { return true }
        guard let group else { return false }
        return gid == group || groups.contains(group)
    }

    /// What the refused peer is told (and the log says).
    package func refusal(uid: UInt32) -> String {
        if let group {
            return "user \(uid) may not use the control socket: it is for root, the appliance's user and group \(group) (add the user to that group)"
        }
        return "user \(uid) may not use the control socket: it is for root and the appliance's user"
    }
}
