import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 (a port the kernel picks) for tests that need a peer speaking a line
/// protocol, such as gpsd. Blocking calls run on a Foundation thread of their own, never on the
/// cooperative pool, and each is bounded by a timeout.
package final class LocalTCPListener: @unchecked Sendable {
    package let port: Int
    private let fd: Int32

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            Glibc.close(fd)
            throw Failure(description: "bind/listen: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(fd) }

    /// The next client, or nil when none connected within `timeout`.
    package func accept(timeout: Duration = .seconds(10)) async -> Peer? {
        let fd = self.fd
        let client: Int32 = await Self.onThread {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Self.milliseconds(timeout)) == 1 else { return -1 }
            return Glibc.accept(fd, nil, nil)
        }
        return client >= 0 ? Peer(fd: client) : nil
    }

    /// One accepted connection.
    package final class Peer: @unchecked Sendable {
        private let fd: Int32
        private var buffered: [UInt8] = []

        init(fd: Int32) { self.fd = fd }
        deinit { close() }

        package func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// The next line the client sent (without its newline), or nil at timeout or close.
        package func readLine(timeout: Duration = .seconds(10)) async -> String? {
            let fd = self.fd
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeSubrange(...newline)
                    return line
                }
                let chunk: [UInt8]? = await LocalTCPListener.onThread {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&p, 1, LocalTCPListener.milliseconds(timeout)) == 1 else { return nil }
                    var buffer = [UInt8](repeating: 0, count: 1024)
                    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    return n > 0 ? Array(buffer[0..<n]) : nil
                }
                guard let chunk else { return nil }
                buffered += chunk
            }
        }

        private var closed = false
        package func close() {
            guard !closed else { return }
            closed = true
            Glibc.close(fd)
        }
    }

    static func milliseconds(_ d: Duration) -> Int32 {
        Int32(clamping: d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
