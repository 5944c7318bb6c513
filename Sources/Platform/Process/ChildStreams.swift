// In whole-module (release) builds sys/socket.h's constants are owned by the CBluetooth module.
import CBluetooth
import CSpawnShim
import Glibc

/// The three standard streams between `ChildProcess` and its child: the parent's ends, which it polls,
/// and the child's ends, which the spawn hands to the child and the parent then closes. Every
/// descriptor is close-on-exec from its creation and closed by `closeAll`, on every path.
///
/// Standard output and error are pipes, and both are read as data arrives, in one poll loop: reading
/// one to its end before the other would deadlock as soon as the child fills the other pipe (64 KiB,
/// pipe(7)) and blocks in write. Standard input is a Unix stream socket rather than a pipe so that it
/// can be written with `send(…, MSG_NOSIGNAL)`: when the child exits without reading all of it, the
/// write fails with EPIPE instead of raising SIGPIPE, whose default action would end this process
/// (the project writes its other sockets the same way). A child reads a socket like a pipe.
struct ChildStreams {
    /// The parent's ends; -1 once closed.
    private(set) var input: Int32 = -1
    private(set) var output: Int32 = -1
    private(set) var error: Int32 = -1
    /// The child's ends, closed in the parent once the child runs; -1 once closed.
    private(set) var childInput: Int32 = -1
    private(set) var childOutput: Int32 = -1
    private(set) var childError: Int32 = -1

    /// What the child has written so far, each stream at most `limit` bytes.
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private(set) var stdoutTruncated = false
    private(set) var stderrTruncated = false

    let program: String
    let limit: Int

    /// Opens the pipes for standard output and error and, when the child gets input, the socket for
    /// standard input. On failure everything opened so far is closed again.
    init(program: String, withInput: Bool, limit: Int) throws(ChildProcessError) {
        self.program = program
        self.limit = max(0, limit)
        do throws(ChildProcessError) {
            (output, childOutput) = try Self.pipe(program)
            (error, childError) = try Self.pipe(program)
            if withInput {
                var ends: [Int32] = [-1, -1]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                    throw .systemCall(program: program, call: "socketpair", errno: errno)
                }
                (input, childInput) = (ends[0], ends[1])
            }
            for fd in [input, output, error] where fd >= 0 {
                let flags = fcntl(fd, F_GETFL)
                guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
                    throw .systemCall(program: program, call: "fcntl(O_NONBLOCK)", errno: errno)
                }
            }
        } catch {
            closeAll()
            throw error
        }
    }

    static func pipe(_ program: String) throws(ChildProcessError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        let result = ends.withUnsafeMutableBufferPointer { wf_pipe_cloexec($0.baseAddress) }
        guard result == 0 else { throw .systemCall(program: program, call: "pipe2", errno: result) }
        return (ends[0], ends[1])
    }

    mutating func closeChildEnds() {
        Self.close(&childInput)
        Self.close(&childOutput)
        Self.close(&childError)
    }

    mutating func closeAll() {
        closeChildEnds()
        Self.close(&input)
        Self.close(&output)
        Self.close(&error)
    }

    private static func close(_ fd: inout Int32) {
        guard fd >= 0 else { return }
        // close(2): on Linux the descriptor is released even when close reports EINTR, so it is
        // never retried.
        _ = Glibc.close(fd)
        fd = -1
    }

    /// Writes `bytes` to the child's standard input and reads its output and error until both reach
    /// end of file. Returns false when `timeout` (counted from `start`) ran out first. Standard input is
    /// closed once written, so the child sees its end; a child that stops reading (EPIPE) loses the rest.
    mutating func exchange(_ bytes: [UInt8], start: ContinuousClock.Instant, timeout: Duration) throws(ChildProcessError) -> Bool {
        var written = 0
        if input >= 0, bytes.isEmpty { Self.close(&input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while output >= 0 || error >= 0 {
            guard let remaining = timeout.span(since: start.duration(to: .now)), remaining > .zero else { return false }
            var polled: [pollfd] = []
            if input >= 0 { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            if output >= 0 { polled.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if error >= 0 { polled.append(pollfd(fd: error, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), Self.pollMilliseconds(remaining))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .systemCall(program: program, call: "poll", errno: errno)
            }
            for entry in polled where entry.revents != 0 {
                if entry.fd == input {
                    try send(bytes, written: &written, revents: entry.revents)
                } else if entry.fd == output {
                    try Self.read(&output, into: &stdout, truncated: &stdoutTruncated, buffer: &buffer, limit: limit, program: program)
                } else if entry.fd == error {
                    try Self.read(&error, into: &stderr, truncated: &stderrTruncated, buffer: &buffer, limit: limit, program: program)
                }
            }
        }
        Self.close(&input)
        return true
    }

    private mutating func send(_ bytes: [UInt8], written: inout Int, revents: Int16) throws(ChildProcessError) {
        guard revents & Int16(POLLOUT) != 0 else {
            // POLLERR or POLLHUP without room to write: the child has closed its end.
            Self.close(&input)
            return
        }
        let count = min(bytes.count - written, 1 << 16)
        let sent = bytes.withUnsafeBytes { raw in
            Glibc.send(input, raw.baseAddress.map { $0 + written }, count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        if sent < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR: return
            case EPIPE, ECONNRESET: Self.close(&input)
            default: throw .systemCall(program: program, call: "send", errno: errno)
            }
            return
        }
        written += sent
        if written >= bytes.count { Self.close(&input) }
    }

    private static func read(_ fd: inout Int32, into collected: inout [UInt8], truncated: inout Bool,
                             buffer: inout [UInt8], limit: Int, program: String) throws(ChildProcessError) {
        let descriptor = fd
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            throw .systemCall(program: program, call: "read", errno: errno)
        }
        if count == 0 {
            close(&fd)
            return
        }
        let room = max(0, limit - collected.count)
        if count > room { truncated = true }
        collected.append(contentsOf: buffer.prefix(min(count, room)))
    }

    /// `remaining` as poll(2)'s timeout: whole milliseconds rounded up (so the loop does not spin on a
    /// sub-millisecond rest), at most Int32.max.
    static func pollMilliseconds(_ remaining: Duration) -> Int32 {
        let (seconds, attoseconds) = remaining.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let rest = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        guard !overflow, milliseconds < Int64(Int32.max) - rest else { return Int32.max }
        return Int32(milliseconds + rest)
    }
}
