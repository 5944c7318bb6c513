// sys/socket.h's constants are owned by CBluetooth in whole-module builds (see PacketSocket).
import CBluetooth
#if canImport(Glibc)
import Glibc
#endif

/// The appliance's control socket: a Unix `SOCK_SEQPACKET` socket at a path (one request or answer
/// per packet, so neither side frames lines), accepted on an event loop. Each connection comes with
/// its peer's credentials; whether to serve it is the caller's rule.
///
/// The socket file is made with mode 0660 and, given a group, owned by it: the kernel then refuses a
/// `connect` from anyone who is not root, the owner or in the group (unix(7): connecting needs write
/// permission on the socket file).
package final class ControlSocketListener: @unchecked Sendable {
    package let path: String
    private let fd: Int32
    private let loop: any ActorExecutor
    private let lock = HandleLock()
    private var closed = false  // guarded by lock
    private var accepted: AsyncStream<Connection>.Continuation?  // guarded by lock

    /// A connection and who made it.
    package struct Connection: Sendable {
        package let socket: PacketSocket
        /// Nil when the kernel did not say (it always does for a Unix socket).
        package let peer: PeerCredentials?
    }

    /// Listens at `path`. A socket file left by an appliance that is gone is replaced; one that
    /// still answers, or a file that is not a socket, is an error.
    package init(path: String, group: UInt32? = nil, loop: any ActorExecutor = EventLoop.shared) throws(ControlSocketError) {
        self.path = path
        self.loop = loop
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else { throw ControlSocketError(path: path, .notASocket) }
            if Self.answers(path) { throw ControlSocketError(path: path, .inUse) }
            unlink(path)
        }
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = socket(AF_UNIX, type, 0)
        guard fd >= 0 else { throw ControlSocketError(path: path, .system(operation: "socket", errno: errno)) }
        // Made without any permission for others from the start (no window in which anyone could
        // connect before the chmod), then opened to the group.
        let previous = umask(0o177)
        let bound = UnixSocketAddress.with(path) { bind(fd, $0, $1) }
        let bindErrno = errno
        umask(previous)
        guard let bound else {
            Glibc.close(fd)
            throw ControlSocketError(path: path, .pathTooLong)
        }
        guard bound == 0 else {
            Glibc.close(fd)
            throw ControlSocketError(path: path, .system(operation: "bind", errno: bindErrno))
        }
        // Under systemd the file already has the group (the service runs with Group=wayfinder), and
        // the unit's system call filter refuses chown (@privileged): only a different group is set.
        var made = stat()
        let hasGroup = stat(path, &made) == 0 && made.st_gid == group ?? made.st_gid
        if let group, !hasGroup, chown(path, uid_t.max, group) != 0 {
            let code = errno
            Glibc.close(fd)
            unlink(path)
            throw ControlSocketError(path: path, .system(operation: "chown to group \(group)", errno: code))
        }
        guard chmod(path, 0o660) == 0, listen(fd, 8) == 0 else {
            let code = errno
            Glibc.close(fd)
            unlink(path)
            throw ControlSocketError(path: path, .system(operation: "listen", errno: code))
        }
        self.fd = fd
    }

    /// The connections, accepted on the loop, until `close()`. Call once.
    package func connections() -> AsyncStream<Connection> {
        let (stream, sink) = AsyncStream.makeStream(of: Connection.self, bufferingPolicy: .bufferingNewest(16))
        let (fd, loop) = (self.fd, self.loop)
        let started = lock.withLock { () -> Bool in
            guard !closed else { return false }
            accepted = sink
            loop.watch(fd) {
                // Up to a handful per wake-up; the next poll sees the rest.
                for _ in 0..<8 {
                    // accept4 is declared only under _GNU_SOURCE; the flags are set after. The socket
                    // is read with MSG_DONTWAIT, and the appliance starts no programs meanwhile.
                    let client = accept(fd, nil, nil)
                    guard client >= 0 else { return }
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    sink.yield(Connection(socket: PacketSocket(adopting: client, loop: loop), peer: PeerCredentials.of(client)))
                }
            }
            return true
        }
        if !started { sink.finish() }
        sink.onTermination = { [weak self] _ in self?.close() }
        return stream
    }

    /// Stops listening, ends `connections()` and removes the socket file. Idempotent.
    package func close() {
        let (mustClose, sink) = lock.withLock { () -> (Bool, AsyncStream<Connection>.Continuation?) in
            guard !closed else { return (false, nil) }
            closed = true
            defer { accepted = nil }
            return (true, accepted)
        }
        guard mustClose else { return }
        sink?.finish()
        let (fd, path) = (self.fd, self.path)
        loop.execute {
            self.loop.unwatch(fd)
            Glibc.close(fd)
            unlink(path)
        }
    }

    /// Whether something accepts connections at `path`.
    static func answers(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        return UnixSocketAddress.with(path) { connect(fd, $0, $1) } == 0
    }
}
