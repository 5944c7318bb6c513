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
/// Receiving is an event loop's (`EventLoop.shared` unless told otherwise; the simulated devices'
/// ends are `EventLoop.peripherals`'; in a test, its `TestEventLoop`): the descriptor is in the
/// `poll` the loop sleeps in, and a packet is read on the loop's thread and fed to an
/// `AsyncThrowingStream` whose reader runs there too. A packet costs one wake-up of one thread; an idle link costs none. The loop owns the
/// descriptor's lifetime once receiving has started: `close()` asks the loop to stop watching it and
/// close it, so neither the loop's `poll` nor a concurrent `send` can meet a descriptor number already
/// reused elsewhere.
package final class PacketSocket: @unchecked Sendable {
    /// The largest packet we read: the LE ATT MTU maximum (517) with room to spare.
    package static let maximumPacket = 1024
    /// How many packets one wake-up reads at most, so that one busy link cannot hold up the loop; the
    /// loop's next `poll` sees the rest.
    static let packetsPerWake = 64
    /// How long one wait for room in the send buffer lasts (ms).
    static let pollSlice: Int32 = 250

    private let lock = HandleLock()
    private var fd: Int32  // guarded by lock; -1 once closed
    private var shutDown = false  // guarded by lock
    private var readerStarted = false  // guarded by lock
    /// The stream being fed, until the loop has closed the descriptor.
    private var receiving: AsyncThrowingStream<[UInt8], any Error>.Continuation?  // guarded by lock
    /// Read into on the loop's thread only.
    private var buffer = [UInt8](repeating: 0, count: PacketSocket.maximumPacket)
    private let loop: any ActorExecutor

    /// Takes ownership of a connected descriptor, to be read on `loop`.
    package init(adopting fd: Int32, loop: any ActorExecutor = EventLoop.shared) {
        self.fd = fd
        self.loop = loop
    }

    deinit {
        if !readerStarted, fd >= 0 { Glibc.close(fd) }
    }

    /// A connected pair of Unix SOCK_SEQPACKET sockets: the in-process "radio" between a GATT
    /// client and a simulated peripheral, with the same packet semantics as L2CAP. Each end is read
    /// on the loop of the side that owns it, as a real link's two ends are read by two machines.
    package static func pair(firstOn first: any ActorExecutor = EventLoop.shared,
                            secondOn second: any ActorExecutor = EventLoop.shared)
        throws(SocketError) -> (PacketSocket, PacketSocket) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SocketError("socketpair(AF_UNIX, SOCK_SEQPACKET)", errno: errno)
        }
        return (PacketSocket(adopting: fds[0], loop: first), PacketSocket(adopting: fds[1], loop: second))
    }

    /// Sends one packet. Waits (bounded) while the kernel's send buffer is full.
    package func send(_ bytes: [UInt8]) throws(SocketError) {
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
    package func packets() -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self,
                                                                     bufferingPolicy: .bufferingNewest(4096))
        // Watched under the lock: a `close()` from another thread can then only ask the loop to end
        // a descriptor it already polls, never leave a closed number in its `poll`.
        let started: Bool = lock.withLock {
            guard !readerStarted, fd >= 0, !shutDown else { return false }
            readerStarted = true
            receiving = continuation
            let descriptor = fd
            loop.watch(descriptor) { [self] in receive(descriptor) }
            return true
        }
        guard started else {
            continuation.finish(throwing: SocketError("receive", errno: EBADF))
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.close() }
        return stream
    }

    /// Ends the link: the peer sees it close, and `packets()` finishes. Idempotent.
    ///
    /// No `shutdown(2)`: the loop closes the descriptor with a plain `close`, as BlueZ's own tools
    /// do. In the rig, shutting down an L2CAP socket whose link the peer had just reset went with a
    /// kernel BUG (list corruption in `hci_chan_del` under `l2cap_sock_release`, Debian 6.1.192) on
    /// every run; see docs/hil.md.
    package func close() {
        let onLoop: Bool = lock.withLock {
            guard fd >= 0, !shutDown else { return false }
            shutDown = true
            if readerStarted { return true }
            Glibc.close(fd)
            fd = -1
            return false
        }
        if onLoop { loop.execute { [self] in end(.success(())) } }
    }

    /// Runs `body` with the open descriptor under the lock, so the loop cannot close it meanwhile
    /// (for socket options such as `L2CAPSocket.linkSecurity`); nil once closed.
    func withDescriptor<T>(_ body: (Int32) -> T) -> T? {
        lock.withLock { fd >= 0 && !shutDown ? body(fd) : nil }
    }

    /// On the loop's thread, when `poll` saw input, a hang-up or an error: reads what is there.
    private func receive(_ descriptor: Int32) {
        guard let continuation = lock.withLock({ shutDown ? nil : receiving }) else { return }
        for _ in 0..<Self.packetsPerWake {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                if case .terminated = continuation.yield(Array(buffer[0..<n])) { return end(.success(())) }
                continue
            }
            if n == 0 { return end(.success(())) }  // orderly close by the peer
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return }
            return end(.failure(SocketError("receive", errno: code)))
        }
    }

    /// On the loop's thread: stops polling the descriptor, closes it and finishes the stream. Once.
    private func end(_ result: Result<Void, SocketError>) {
        let ended: (Int32, AsyncThrowingStream<[UInt8], any Error>.Continuation)? = lock.withLock {
            guard let continuation = receiving, fd >= 0 else { return nil }
            let descriptor = fd
            loop.unwatch(descriptor)
            Glibc.close(descriptor)
            fd = -1
            shutDown = true
            receiving = nil
            return (descriptor, continuation)
        }
        guard let (_, continuation) = ended else { return }
        switch result {
        case .success: continuation.finish()
        case .failure(let error): continuation.finish(throwing: error)
        }
    }
}
