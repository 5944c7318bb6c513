// sys/socket.h's constants are owned by CBluetooth in whole-module builds (see PacketSocket).
import CBluetooth
#if canImport(Glibc)
import Glibc
#endif

/// Who is at the other end of a Unix socket: the kernel's `SO_PEERCRED` (socket(7)), and the
/// supplementary groups of that process from `/proc/PID/status` (proc(5), "Groups:").
package struct PeerCredentials: Sendable, Equatable {
    package var pid: Int32
    package var uid: UInt32
    package var gid: UInt32
    /// The process's supplementary groups; empty when `/proc` could not be read (the process ended).
    package var groups: [UInt32]

    package init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// The credentials of `fd`'s peer; nil when the kernel does not say.
    package static func of(_ fd: Int32) -> PeerCredentials? {
        // `struct ucred` (pid_t pid, uid_t uid, gid_t gid: three 32-bit fields on Linux) is declared
        // only under _GNU_SOURCE, which Swift's Glibc module does not set: read it as three words.
        var words: [UInt32] = [0, 0, 0]
        var length = socklen_t(12)
        let result = words.withUnsafeMutableBytes { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, $0.baseAddress, &length) }
        guard result == 0, length == 12 else { return nil }
        let pid = Int32(bitPattern: words[0])
        return PeerCredentials(pid: pid, uid: words[1], gid: words[2], groups: supplementaryGroups(of: pid))
    }

    /// The "Groups:" line of `/proc/PID/status`.
    static func supplementaryGroups(of pid: Int32) -> [UInt32] {
        guard pid > 0, let bytes = try? AtomicFile.read("/proc/\(pid)/status") else { return [] }
        return groups(fromStatus: String(decoding: bytes, as: UTF8.self))
    }

    static func groups(fromStatus text: String) -> [UInt32] {
        for line in text.split(separator: "\n") where line.hasPrefix("Groups:") {
            return line.dropFirst("Groups:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { UInt32($0) }
        }
        return []
    }
}
