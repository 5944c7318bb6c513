import Foundation
import Platform

/// What the guest kernel says about its Bluetooth sockets (debugfs, mounted by the rig's init).
enum Kernel {
    /// Whether an L2CAP socket listens on the ATT fixed channel of `address`. debugfs
    /// `bluetooth/l2cap` lines read "src (type) dst (type) state psm scid dcid imtu omtu sec mode";
    /// state 4 is BT_LISTEN (include/net/bluetooth/bluetooth.h), scid 0x0004 the ATT channel.
    static func attListening(on address: BluetoothAddress) -> Bool {
        guard let table = try? String(contentsOfFile: "/sys/kernel/debug/bluetooth/l2cap", encoding: .utf8) else { return false }
        let wanted = address.description.lowercased()
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 6 && fields[0].lowercased() == wanted && fields[4] == "4" && fields[6] == "0x0004"
        }
    }
}
