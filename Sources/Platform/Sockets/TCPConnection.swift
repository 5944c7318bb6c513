// See PacketSocket.swift: in whole-module builds the socket constants come through CBluetooth.
import CBluetooth
#if canImport(Glibc)
import Glibc
#endif

/// Opens a TCP connection (gpsd on localhost:2947) as a `PacketSocket`: on a stream socket each
/// "packet" is simply the chunk one read returned, which is what a line-oriented pure client wants.
///
/// Why not Foundation's streams: the receive side then runs on the same poll-slice thread as every
/// other socket here, and closing it behaves the same way (wake pipe, no `shutdown`).
package enum TCPConnection {
    /// Resolves `host` (a name or a numeric address) and connects to the first address that accepts
    /// within `timeout`. The attempt runs on a thread of its own and ends early when the task is cancelled.
    /// - Throws: `SocketError` for the last address tried (ECONNREFUSED when nothing listens).
    package static func connect(host: String, port: Int, timeout: Duration = .seconds(5)) async throws -> PacketSocket {
        let fd: Int32 = try await DetachedThread.run { cancelled in
            connectBlocking(host: host, port: port, timeout: timeout, cancelled: cancelled)
        }
        return PacketSocket(adopting: fd)
    }

    private static func connectBlocking(host: String, port: Int, timeout: Duration,
                                        cancelled: @Sendable () -> Bool) -> Result<Int32, SocketError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            // getaddrinfo's own codes are not errnos; a name that does not resolve reads as "no such host".
            return .failure(SocketError("resolving \(host)", errno: rc == EAI_SYSTEM ? errno : EHOSTUNREACH))
        }
        defer { freeaddrinfo(first) }
        var lastError = SocketError("connecting to \(host):\(port)", errno: ECONNREFUSED)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family,
                            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else {
                lastError = SocketError("socket", errno: errno)
                continue
            }
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .success(fd) }
            var code = errno
            if code == EINPROGRESS {
                code = waitForConnection(fd, deadline: deadline, cancelled: cancelled)
                if code == 0 { return .success(fd) }
            }
            Glibc.close(fd)
            lastError = SocketError("connecting to \(host):\(port)", errno: code)
            if code == ECANCELED || code == ETIMEDOUT { break }
        }
        return .failure(lastError)
    }

    /// Polls for the connection in slices; 0 once connected, else the errno of the failure.
    private static func waitForConnection(_ fd: Int32, deadline: ContinuousClock.Instant, cancelled: @Sendable () -> Bool) -> Int32 {
        while true {
            if cancelled() { return ECANCELED }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return ETIMEDOUT }
            let (seconds, attoseconds) = left.components
            let slice = min(PacketSocket.pollSlice, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&p, 1, slice)
            if ready < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if ready == 0 { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
            return error
        }
    }
}
