// sys/socket.h's constants are owned by CBluetooth in whole-module builds (see PacketSocket).
import CBluetooth
#if canImport(Glibc)
import Glibc
#endif

/// The command line's end of the control socket: connect, send one request, read the answers. It
/// blocks the calling thread, as a command that has nothing else to do may.
package final class ControlSocketClient {
    package let path: String
    private let fd: Int32
    /// The largest answer read: a status page's JSON is a few kilobytes.
    static let maximumAnswer = 256 * 1024

    package init(path: String) throws(ControlSocketError) {
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlSocketError(path: path, .system(operation: "socket", errno: errno)) }
        guard let result = UnixSocketAddress.with(path, { connect(fd, $0, $1) }) else {
            close(fd)
            throw ControlSocketError(path: path, .pathTooLong)
        }
        if result != 0 {
            let code = errno
            close(fd)
            switch code {
            case ENOENT, ECONNREFUSED: throw ControlSocketError(path: path, .notRunning)
            default: throw ControlSocketError(path: path, .system(operation: "connect", errno: code))
            }
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// One request and its answer on a connection of its own.
    package static func ask(_ path: String, _ request: String, timeout: Int32) throws(ControlSocketError) -> String {
        let client = try ControlSocketClient(path: path)
        try client.send(request)
        guard let answer = try client.receive(timeout: timeout) else { throw ControlSocketError(path: path, .closedWithoutAnswer) }
        return answer
    }

    /// Sends one request. An appliance that refuses the peer answers at once and hangs up, perhaps
    /// before the request is sent: a send to a closed connection is then not an error of its own,
    /// and `receive` returns the refusal that is waiting (or nil).
    package func send(_ text: String) throws(ControlSocketError) {
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n == bytes.count { return }
        let code = errno
        if n < 0, code == EPIPE || code == ECONNRESET { return }
        throw ControlSocketError(path: path, .system(operation: "send", errno: code))
    }

    /// The next answer; nil when the appliance closed the connection. `timeout` in milliseconds, -1
    /// to wait for as long as it takes (`status --follow`).
    package func receive(timeout: Int32) throws(ControlSocketError) -> String? {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&p, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw ControlSocketError(path: path, .system(operation: "poll", errno: errno)) }
            guard ready > 0 else { throw ControlSocketError(path: path, .timedOut) }
            break
        }
        var buffer = [UInt8](repeating: 0, count: Self.maximumAnswer)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { return nil }
        guard n > 0 else {
            let code = errno
            if code == ECONNRESET { return nil }
            throw ControlSocketError(path: path, .system(operation: "receive", errno: code))
        }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }
}
