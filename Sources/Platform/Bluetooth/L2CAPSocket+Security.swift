#if canImport(Glibc)
import Glibc
#endif
import BLE
import CBluetooth

extension L2CAPSocket {
    /// What the link under a connected L2CAP socket achieved, as `getsockopt(SOL_BLUETOOTH,
    /// BT_SECURITY)` reports it: the connection's security level and, while connected, its
    /// encryption key size (`l2cap_sock_getsockopt` in net/bluetooth/l2cap_sock.c returns
    /// `hcon->sec_level` and `hcon->enc_key_size`, not what was asked for). A key size of 0 means
    /// the link is not encrypted.
    package struct LinkSecurity: Sendable, Hashable, CustomStringConvertible {
        package var level: UInt8
        package var keySize: UInt8

        package var isEncrypted: Bool { keySize > 0 }

        package var description: String {
            let name = BluetoothSecurityLevel(rawValue: level)?.description ?? "level \(level)"
            return isEncrypted ? "\(name), \(keySize)-byte key" : "\(name), not encrypted"
        }
    }

    /// The link security of a connected L2CAP socket.
    package static func linkSecurity(of socket: PacketSocket) throws(SocketError) -> LinkSecurity {
        let result: Result<LinkSecurity, SocketError>? = socket.withDescriptor { fd in
            var value = bt_security()
            var length = socklen_t(MemoryLayout<bt_security>.size)
            guard getsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &value, &length) == 0 else {
                return .failure(SocketError("reading BT_SECURITY", errno: errno))
            }
            return .success(LinkSecurity(level: value.level, keySize: value.key_size))
        }
        guard let result else { throw SocketError("reading BT_SECURITY", errno: EBADF) }
        return try result.get()
    }
}
