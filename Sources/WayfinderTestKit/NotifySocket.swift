import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket bound as systemd binds `$NOTIFY_SOCKET`, for tests that run the executable as
/// systemd would and check what it tells the service manager. A thread of its own collects every
/// message until `close()`.
package final class NotifySocket: @unchecked Sendable {
    package let path: String
    private let lock = NSLock()
    private var received: [String] = []

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package init() throws {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        let path = NSTemporaryDirectory() + "wayfinder-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(fd)
            throw Failure(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path).map { $0 + bytes.count + 1 } ?? MemoryLayout<sockaddr_un>.size
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        guard bound == 0 else {
            Glibc.close(fd)
            throw Failure(description: "bind \(path): errno \(errno)")
        }
        // Woken every 100 ms to see whether it is closed; the thread owns the descriptor and closes it.
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.path = path
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !isClosed {
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { continue }
                let text = String(decoding: buffer[0..<n], as: UTF8.self)
                lock.lock(); received.append(text); lock.unlock()
            }
            Glibc.close(fd)
        }
    }

    private var isClosed: Bool {
        lock.lock(); defer { lock.unlock() }
        return closed
    }
    private var closed = false

    /// Every message so far, in order.
    package var messages: [String] {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    /// Stops collecting and removes the socket file.
    package func close() {
        lock.lock(); closed = true; lock.unlock()
        unlink(path)
    }
}
