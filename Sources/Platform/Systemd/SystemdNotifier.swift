// In whole-module (release) builds sys/socket.h's constants (SOCK_DGRAM, MSG_NOSIGNAL…) are owned by the
// CBluetooth module, whose headers include it first; without this import they are not found.
import CBluetooth
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where service-manager notifications go. Tests capture them; production sends datagrams.
package protocol ServiceNotifier: Sendable {
    /// Sends newline-separated `KEY=VALUE` assignments. Failure is ignored by design (sd_notify(3)).
    func notify(_ assignments: String)
}

extension ServiceNotifier {
    /// `RELOADING=1` with the `MONOTONIC_USEC=` that sd_notify(3) pairs with it: systemd 253 and later
    /// use it to tell this reload from an earlier one; systemd 252 ignores it. The reload must end with
    /// `READY=1`.
    package func notifyReloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        notify("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
    }
}

/// The systemd notify protocol without libsystemd (sd_notify(3)): one AF_UNIX datagram per message
/// to `$NOTIFY_SOCKET`, a filesystem path or, with a leading `@`, an abstract socket.
package struct SystemdNotifier: ServiceNotifier {
    package let socketPath: String

    /// nil when not started by systemd with `Type=notify` (no `$NOTIFY_SOCKET`).
    package init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        self.init(socketPath: path)
    }

    package init(socketPath: String) {
        self.socketPath = socketPath
    }

    package func notify(_ assignments: String) {
        _ = send(assignments)
    }

    /// Returns the errno on failure, for diagnostics; callers normally ignore it.
    @discardableResult
    package func send(_ assignments: String) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_DGRAM, 0)
        #endif
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        // An '@' names a socket in the abstract namespace: its first byte is NUL and it has no terminator.
        let abstract = pathBytes.first == UInt8(ascii: "@")
        if abstract { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + pathBytes.count + (abstract ? 0 : 1)
        let payload = Array(assignments.utf8)
        let sent = payload.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), sa, socklen_t(length))
                }
            }
        }
        return sent < 0 ? errno : nil
    }
}
