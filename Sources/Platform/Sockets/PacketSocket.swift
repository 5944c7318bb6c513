#if canImport(Glibc)
import Glibc
#endif

/// A connected datagram-preserving socket (SOCK_SEQPACKET): an L2CAP ATT channel, or one end of a
/// Unix socketpair standing in for it. One packet is one ATT PDU in both cases.
///
/// Receiving runs on a thread of its own blocking in `poll` (in slices of `pollSlice`, so a close
/// is noticed even if the wake-up is missed), feeding an `AsyncThrowingStream`; nothing spins.
/// The reader thread owns the descriptor's lifetime once started and closes it when it ends, so
/// a concurrent `send` can never hit a descriptor number already reused elsewhere.
public final class PacketSocket: @unchecked Sendable {
    /// The largest packet we read: the LE ATT MTU maximum (517) with room to spare.
    public static let maximumPacket = 1024
    static let pollSlice: Int32 = 250  // ms

    private let lock = HandleLock()
    private var fd: Int32  // guarded by lock; -1 once closed
    private var shutDown = false  // guarded by lock
    private var readerStarted = false  // guarded by lock

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
        let descriptor: Int32? = lock.withLock {
            guard !readerStarted, fd >= 0 else { return nil }
            readerStarted = true
            return fd
        }
        guard let descriptor else {
            continuation.finish(throwing: SocketError("receive", errno: EBADF))
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.close() }
        let failed = DetachedThread.start { [self] in
            let result = self.receiveLoop(descriptor, continuation)
            self.lock.withLock {
                Glibc.close(self.fd)
                self.fd = -1
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
    public func close() {
        lock.withLock {
            guard fd >= 0, !shutDown else { return }
            shutDown = true
            // Wakes a reader blocked in poll; the reader thread then closes the descriptor.
            Glibc.shutdown(fd, Int32(SHUT_RDWR))
            if !readerStarted {
                Glibc.close(fd)
                fd = -1
            }
        }
    }

    public var isClosed: Bool { lock.withLock { fd < 0 || shutDown } }

    private var isShutDown: Bool { lock.withLock { shutDown } }

    private func receiveLoop(_ fd: Int32, _ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation)
        -> Result<Void, SocketError> {
        var buffer = [UInt8](repeating: 0, count: Self.maximumPacket)
        while !isShutDown {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Self.pollSlice)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(SocketError("poll", errno: errno))
            }
            if ready == 0 { continue }
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
