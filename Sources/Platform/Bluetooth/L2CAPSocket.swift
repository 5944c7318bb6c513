#if canImport(Glibc)
import Glibc
#endif
import BLE
import CBluetooth

/// L2CAP sockets on the LE ATT fixed channel (CID 4): the kernel creates the LE connection when we
/// connect, and a peripheral accepts one when it listens. No capability is
/// needed; the link's security is chosen with `BT_SECURITY`.
package enum L2CAPSocket {
    /// The ATT fixed channel (Core Spec Vol 3 Part A §2.1).
    package static let attChannel: UInt16 = 4

    /// Connects to `peer` over the adapter `local` (nil: any). The connect is non-blocking and
    /// waited for on a thread of its own in `poll` slices, so cancellation and the timeout apply.
    package static func connect(local: BluetoothAddress? = nil, peer: BluetoothAddress, type: BluetoothAddressType,
                               security: BluetoothSecurityLevel = .low, timeout: Duration) async throws -> PacketSocket {
        let fd = try open(local: local, security: security)
        let deadline = ContinuousClock.now + timeout
        do {
            try await DetachedThread.run { (cancelled: @Sendable () -> Bool) -> Result<Void, SocketError> in
                var address = socketAddress(peer, type: type)
                let rc = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_l2>.size))
                    }
                }
                if rc == 0 { return .success(()) }
                guard errno == EINPROGRESS else { return .failure(SocketError("connect to \(peer)", errno: errno)) }
                while true {
                    if cancelled() { return .failure(SocketError("connect to \(peer)", errno: ECANCELED)) }
                    if ContinuousClock.now >= deadline { return .failure(SocketError("connect to \(peer)", errno: ETIMEDOUT)) }
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&p, 1, 100)
                    if ready < 0 && errno != EINTR { return .failure(SocketError("poll", errno: errno)) }
                    if ready > 0 {
                        var soError: Int32 = 0
                        var length = socklen_t(MemoryLayout<Int32>.size)
                        getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length)
                        return soError == 0 ? .success(()) : .failure(SocketError("connect to \(peer)", errno: soError))
                    }
                }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return PacketSocket(adopting: fd)
    }

    /// A listening ATT socket for a peripheral we host (the rig's device simulators).
    package static func listen(local: BluetoothAddress? = nil, security: BluetoothSecurityLevel = .low) throws(SocketError) -> Listener {
        let fd = try open(local: local, security: security)
        guard Glibc.listen(fd, 1) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SocketError("listen on the ATT channel", errno: code)
        }
        return Listener(fd: fd)
    }

    /// Waits for centrals to connect. `accept` waits on its own thread, so it can be cancelled.
    package final class Listener: @unchecked Sendable {
        private let fd: Int32

        init(fd: Int32) { self.fd = fd }
        deinit { Glibc.close(fd) }

        /// The next connection and the central's address.
        package func accept() async throws -> (PacketSocket, BluetoothAddress) {
            let fd = self.fd
            return try await DetachedThread.run { (cancelled: @Sendable () -> Bool) -> Result<(PacketSocket, BluetoothAddress), SocketError> in
                while !cancelled() {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&p, 1, 100)
                    if ready < 0 && errno != EINTR { return .failure(SocketError("poll", errno: errno)) }
                    guard ready > 0 else { continue }
                    var peer = sockaddr_l2()
                    var length = socklen_t(MemoryLayout<sockaddr_l2>.size)
                    let client = withUnsafeMutablePointer(to: &peer) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            Glibc.accept(fd, $0, &length)
                        }
                    }
                    if client < 0 {
                        if errno == EAGAIN || errno == EINTR || errno == ECONNABORTED { continue }
                        return .failure(SocketError("accept on the ATT channel", errno: errno))
                    }
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    let address = withUnsafeBytes(of: peer.l2_bdaddr) { BluetoothAddress(littleEndianBytes: Array($0)) }
                    return .success((PacketSocket(adopting: client), address))
                }
                return .failure(SocketError("accept on the ATT channel", errno: ECANCELED))
            }
        }
    }

    // MARK: Helpers

    /// A non-blocking SEQPACKET socket bound to the ATT channel of the local adapter, with its security set.
    static func open(local: BluetoothAddress?, security: BluetoothSecurityLevel) throws(SocketError) -> Int32 {
        let fd = socket(AF_BLUETOOTH, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                        BTPROTO_L2CAP)
        guard fd >= 0 else { throw SocketError("socket(AF_BLUETOOTH, SOCK_SEQPACKET, BTPROTO_L2CAP)", errno: errno) }
        // Our own address is always public here: the rig's controllers and a Pi's adapter use their public address.
        var address = socketAddress(local ?? BluetoothAddress(0), type: .lePublic)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_l2>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SocketError("bind to the ATT channel of \(local.map { "\($0)" } ?? "any adapter")", errno: code)
        }
        var level = bt_security(level: security.rawValue, key_size: 0)
        guard setsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &level, socklen_t(MemoryLayout<bt_security>.size)) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SocketError("setting security level \(security)", errno: code)
        }
        return fd
    }

    static func socketAddress(_ address: BluetoothAddress, type: BluetoothAddressType) -> sockaddr_l2 {
        var a = sockaddr_l2()
        a.l2_family = sa_family_t(AF_BLUETOOTH)
        a.l2_psm = 0
        a.l2_cid = attChannel.littleEndian  // htobs: Bluetooth byte order is little-endian
        a.l2_bdaddr_type = type.rawValue
        let bytes = address.littleEndianBytes
        withUnsafeMutableBytes(of: &a.l2_bdaddr) { raw in
            for i in 0..<6 { raw[i] = bytes[i] }
        }
        return a
    }
}
