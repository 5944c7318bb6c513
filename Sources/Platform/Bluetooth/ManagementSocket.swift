import CBluetooth
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kernel's Bluetooth management interface (mgmt): one `HCI_CHANNEL_CONTROL` socket.
///
/// Why mgmt and not raw HCI: the kernel then picks legacy or extended LE scan commands itself (a
/// controller driven with extended ones, as on a Pi 5, refuses the legacy ones with Command
/// Disallowed) and arbitrates with bluetoothd (docs/ble.md). Each datagram is one
/// whole mgmt packet: a command we send, an event the kernel sends (mgmt-api.txt, "Packet
/// Structures"). This type moves bytes only; the codec is `BLE/Management`.
///
/// Ownership: send from any thread; receive from one thread at a time. Once `events()`
/// has started, its thread owns the descriptor and closes it when the stream ends, so a close can
/// never race a `poll` on a reused descriptor number.
package final class ManagementSocket: @unchecked Sendable {
    /// The largest packet: 6 header bytes and a 16-bit parameter length, plus one byte to detect a
    /// datagram the buffer cut short.
    static let receiveCapacity = 6 + Int(UInt16.max) + 1

    private let lock = HandleLock()
    private var descriptor: Int32  // guarded by lock; -1 once closed
    private var pumping = false  // guarded by lock
    private let receiveLock = HandleLock()
    private let buffer: UnsafeMutableRawBufferPointer  // guarded by receiveLock

    /// Opens and binds a control-channel socket, the way mgmt-api.txt ("Example") does:
    /// `socket(PF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI)` bound to
    /// `sockaddr_hci{AF_BLUETOOTH, HCI_DEV_NONE, HCI_CHANNEL_CONTROL}`.
    ///
    /// Binding succeeds without CAP_NET_ADMIN, but the socket is then untrusted: the kernel answers
    /// most commands with Permission Denied and withholds Device Found (`hci_sock_bind`,
    /// `hci_mgmt_cmd` in net/bluetooth/hci_sock.c). That answer arrives as a mgmt status, not here.
    package static func open() throws(ManagementSocketError) -> ManagementSocket {
        let type = Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(AF_BLUETOOTH, type, BTPROTO_HCI)
        guard fd >= 0 else {
            throw ManagementSocketError.mapping(errno: errno, operation: "open the Bluetooth management socket")
        }
        var address = sockaddr_hci()
        address.hci_family = sa_family_t(AF_BLUETOOTH)
        address.hci_dev = UInt16(HCI_DEV_NONE)
        address.hci_channel = UInt16(HCI_CHANNEL_CONTROL)
        let rc = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_hci>.size))
            }
        }
        guard rc == 0 else {
            let code = errno
            Glibc.close(fd)
            throw ManagementSocketError.mapping(errno: code, operation: "bind the Bluetooth management socket")
        }
        return ManagementSocket(adopting: fd)
    }

    /// Takes ownership of an open datagram descriptor. Tests and the rig hand in one end of a
    /// `socketpair(AF_UNIX, SOCK_SEQPACKET)` to play the kernel's side with real mgmt bytes.
    package init(adopting descriptor: Int32) {
        self.descriptor = descriptor
        buffer = .allocate(byteCount: Self.receiveCapacity, alignment: 8)
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Sends one whole packet.
    package func send(_ packet: [UInt8]) throws(ManagementSocketError) {
        let fd = lock.withLock { descriptor }
        guard fd >= 0 else { throw .closed }
        let sent = packet.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == packet.count else {
            if sent < 0 { throw ManagementSocketError.mapping(errno: errno, operation: "send a Bluetooth management command") }
            throw ManagementSocketError.system(operation: "send a Bluetooth management command", errno: EMSGSIZE)
        }
    }

    /// The next packet, or nil when none arrived within `timeout` (or a signal interrupted the wait).
    package func receive(timeout: Duration) throws(ManagementSocketError) -> [UInt8]? {
        try receive(timeout: Self.milliseconds(timeout), stop: nil)
    }

    /// Waits for a packet, or for `stop` when it is given (then nil); `timeout` in milliseconds, -1
    /// for none.
    func receive(timeout: Int32, stop: StopFlag?) throws(ManagementSocketError) -> [UInt8]? {
        let fd = lock.withLock { descriptor }
        guard fd >= 0 else { throw .closed }
        var entries = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let stop { entries.append(stop.pollEntry) }
        let ready = poll(&entries, nfds_t(entries.count), timeout)
        if ready < 0 {
            if errno == EINTR { return nil }
            throw ManagementSocketError.mapping(errno: errno, operation: "wait for the Bluetooth management socket")
        }
        let entry = entries[0]
        if ready == 0 || entry.revents == 0 { return nil }
        if entry.revents & Int16(POLLNVAL) != 0 { throw .closed }
        if entry.revents & Int16(POLLIN) == 0 && entry.revents & Int16(POLLERR | POLLHUP) != 0 {
            throw .closed
        }
        return try receiveLock.withLock { () throws(ManagementSocketError) -> [UInt8]? in
            let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return nil }
                throw ManagementSocketError.mapping(errno: errno, operation: "read the Bluetooth management socket")
            }
            // A zero-length datagram: the peer end of a socketpair closed, or the socket was shut.
            if count == 0 { throw .closed }
            return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Closes the descriptor (idempotent). With a running `events` stream, end the stream instead.
    package func close() {
        let fd = lock.withLock { () -> Int32 in
            let fd = descriptor
            descriptor = -1
            return fd
        }
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Every packet the kernel sends, read by a dedicated thread that blocks in `poll` on the socket
    /// and on the stream's stop signal, with no timeout: it wakes for a packet or for the end.
    /// Ending the stream, from either side, stops the thread at once, and the thread then closes
    /// the socket.
    ///
    /// Only one stream per socket: a second call finishes at once with `.closed`.
    package func events() -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: [UInt8].self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        let alreadyPumping = lock.withLock { () -> Bool in
            defer { pumping = true }
            return pumping
        }
        guard !alreadyPumping else {
            continuation.finish(throwing: ManagementSocketError.closed)
            return stream
        }
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.set() }
        let failure = DetachedThread.start(name: "wf-mgmt") { [self] in
            defer { close() }
            while !stop.isSet {
                do {
                    guard let packet = try receive(timeout: stop.pollTimeout, stop: stop) else { continue }
                    if case .terminated = continuation.yield(packet) { return }
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
            }
            continuation.finish()
        }
        if let failure {
            continuation.finish(throwing: ManagementSocketError.system(operation: "start the Bluetooth management reader", errno: failure))
            close()
        }
        return stream
    }

    /// `poll`'s timeout: whole milliseconds, rounded up so a short wait does not become a spin.
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }
}
