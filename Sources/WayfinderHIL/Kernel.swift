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

    /// The LE links the adapter has: each connection is a device `hciN:handle` in
    /// /sys/class/bluetooth (net/bluetooth/hci_sysfs.c, `hci_conn_init_sysfs`).
    static func links(of adapter: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/bluetooth")) ?? []
        return entries.filter { $0.hasPrefix(adapter + ":") }
    }

    /// Waits until neither controller has a link left from an earlier check. Why: after the last
    /// channel closes, the kernel keeps the LE link for a disconnect timeout. Seen in the rig: a
    /// central that connected again within it got its ATT channel on the lingering link, the new
    /// listening socket on the peripheral side never accepted it, and discovery failed when the old
    /// link finally went down. (Our reading: the kernel gives a listener the ATT channel only when a
    /// connection becomes ready; not verified line by line.)
    static func waitForNoLinks(_ env: HILEnvironment, within limit: Duration = .seconds(15)) async throws {
        try await waitUntil(limit, "links left from an earlier check to close") {
            links(of: env.centralAdapter).isEmpty && links(of: env.peripheralAdapter).isEmpty
        }
    }
}
