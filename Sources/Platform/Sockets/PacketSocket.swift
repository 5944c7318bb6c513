// In whole-module (release) builds sys/socket.h's constants (SOCK_DGRAM, MSG_NOSIGNAL…) are owned by the
// CBluetooth module, whose headers include it first; without this import they are not found.
import CBluetooth
#if canImport(Glibc)
import Glibc
#endif

/// A connected datagram-preserving socket (SOCK_SEQPACKET): an L2CAP ATT channel, or one end of a
/// Unix socketpair standing in for it. One packet is one ATT PDU in both cases. `TCPConnection` also
/// hands out a TCP stream as one (gpsd): there a "packet" is whatever one read returned.
///
/// Receiving runs on a thread of its own blocking in `poll` on the socket and a wake-up pipe, with no
/// timeout: the thread wakes for a packet or for `close()`, whose byte stays in the pipe until the
/// thread has seen it, so no wake-up can be missed. It feeds an `AsyncThrowingStream`; nothing spins
/// and an idle link costs no wake-ups.
/// The reader thread owns the descriptor's lifetime once started and closes it when it ends, so
/// a concurrent `send` can never hit a descriptor number already reused elsewhere.
public final class PacketSocket: @unchecked Sendable {
    /// The largest packet we read: the LE ATT MTU maximum (517) with room to spare.
    public static let maximumPacket = 1024
    /// How long one wait for room in the send buffer lasts (ms).
    static let pollSlice: Int32 = 250

    private let lock = HandleLock()
    private var fd: Int32  // guarded by lock; -1 once closed
    private var shutDown = false  // guarded by lock
    private var readerStarted = false  // guarded by lock
    /// Wakes the reader thread out of `poll` when we close; closed by the reader thread.
    private var wake: [Int32] = [-1, -1]  // guarded by lock

    /// Takes ownership of a connected descriptor.
    public init(adopting fd: Int32) {
        self.fd = fd
    }

    deinit {
        if !readerStarted, fd >= 0 { Glibc.close(fd) }
    }

    /// A connected pair of Unix SOCK_SEQPACKET sockets: the in-process "radio" between a GATT
    /// client and a simulated peripheral, with the same packet semantics as L2CAP.
    public static func pair() throws(SocketError) -> (PacketSocket, PacketSocket) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SocketError("socketpair(AF_UNIX, SOCK_SEQPACKET)", errno: errno)
        }
        return (PacketSocket(adopting: fds[0]), PacketSocket(adopting: fds[1]))
    }

    /// Sends one packet. Waits (bounded) while the kernel's send buffer is full.
    public func send(_ bytes: [UInt8]) throws(SocketError) {
        try lock.withLock { () throws(SocketError) in
            guard fd >= 0, !shutDown else { throw SocketError("send", errno: ENOTCONN) }
            var attempts = 0
            while true {
                let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if n >= 0 { return }
                let code = errno
                guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR, attempts < 8 else {
                    throw SocketError("send", errno: code)
                }
                attempts += 1
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Self.pollSlice)
            }
        }
    }

    /// The packets the peer sends. The stream finishes when the peer closes the link or `close()`
    /// is called, and throws `SocketError` when the link fails (reset, timeout). Call once.
    public func packets() -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self,
                                                                     bufferingPolicy: .bufferingNewest(4096))
        let started: (Int32, Int32)? = lock.withLock {
            guard !readerStarted, fd >= 0, !shutDown else { return nil }
            guard pipe(&wake) == 0 else { return nil }
            _ = fcntl(wake[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(wake[1], F_SETFD, FD_CLOEXEC)
            readerStarted = true
            return (fd, wake[0])
        }
        guard let (descriptor, wakeRead) = started else {
            continuation.finish(throwing: SocketError("receive", errno: EBADF))
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.close() }
        let failed = DetachedThread.start(name: "wf-socket") { [self] in
            let result = self.receiveLoop(descriptor, wake: wakeRead, continuation)
            self.lock.withLock {
                Glibc.close(self.fd)
                self.fd = -1
                Glibc.close(self.wake[0])
                Glibc.close(self.wake[1])
                self.wake = [-1, -1]
            }
            switch result {
            case .success: continuation.finish()
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        if let failed {
            continuation.finish(throwing: SocketError("starting the receive thread", errno: failed))
        }
        return stream
    }

    /// Ends the link: the peer sees it close, and `packets()` finishes. Idempotent.
    ///
    /// No `shutdown(2)`: the reader thread is woken through a pipe and closes the descriptor with a
    /// plain `close`, as BlueZ's own tools do. In the rig, shutting down an L2CAP socket whose link
    /// the peer had just reset went with a kernel BUG (list corruption in `hci_chan_del` under
    /// `l2cap_sock_release`, Debian 6.1.192) on every run; see docs/hil.md.
    public func close() {
        lock.withLock {
            guard fd >= 0, !shutDown else { return }
            shutDown = true
            if readerStarted {
                var byte: UInt8 = 1
                _ = Glibc.write(wake[1], &byte, 1)
            } else {
                Glibc.close(fd)
                fd = -1
            }
        }
    }

    /// Runs `body` with the open descriptor under the lock, so the reader thread cannot close it
    /// meanwhile (for socket options such as `L2CAPSocket.linkSecurity`); nil once closed.
    func withDescriptor<T>(_ body: (Int32) -> T) -> T? {
        lock.withLock { fd >= 0 && !shutDown ? body(fd) : nil }
    }

    private var isShutDown: Bool { lock.withLock { shutDown } }

    private func receiveLoop(_ fd: Int32, wake: Int32, _ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation)
        -> Result<Void, SocketError> {
        var buffer = [UInt8](repeating: 0, count: Self.maximumPacket)
        while !isShutDown {
            var p = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&p, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(SocketError("poll", errno: errno))
            }
            if ready == 0 || isShutDown { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                if case .terminated = continuation.yield(Array(buffer[0..<n])) { return .success(()) }
                continue
            }
            if n == 0 { return .success(()) }  // orderly close by the peer
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { continue }
            if isShutDown { return .success(()) }
            return .failure(SocketError("receive", errno: code))
        }
        return .success(())
    }
}
