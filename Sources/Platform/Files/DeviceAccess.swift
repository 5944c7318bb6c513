#if canImport(Glibc)
import Glibc
#endif

/// Whether this process may read and write a device node, and if not, what to tell the person setting
/// it up: the path and the group that owns it (dialout for a UART on Debian), so the message can say
/// exactly which group the service user needs.
package enum DeviceAccess: Sendable, Equatable {
    case usable
    case missing
    case permissionDenied(group: String?)
    case other(errno: Int32)

    package static func check(_ path: String) -> DeviceAccess {
        if access(path, R_OK | W_OK) == 0 { return .usable }
        switch errno {
        case ENOENT, ENOTDIR: return .missing
        case EACCES, EPERM: return .permissionDenied(group: owningGroup(of: path))
        case let code: return .other(errno: code)
        }
    }

    /// The name of the group that owns `path`; nil when it cannot be read.
    package static func owningGroup(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }

    /// What to do about a device the service may not open.
    package static func permissionHint(path: String, group: String?) -> String {
        let group = group ?? "dialout"
        return "permission denied opening \(path): add the service user to the '\(group)' group "
            + "(usermod -aG \(group) USER, then log in again) or give the systemd unit SupplementaryGroups=\(group)"
    }
}
