import CBluetooth

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `HCIQuerying` through libbluetooth itself (linked for real, `-lbluetooth`).
///
/// Each call opens its own raw HCI socket inside libbluetooth, so a kernel without Bluetooth
/// answers EAFNOSUPPORT from every one of them.
struct LibBluetoothHCI: HCIQuerying {
    /// `HCI_MAX_DEV` from <bluetooth/hci.h>: the adapter ids libbluetooth itself scans.
    static let maxDevices = Int32(HCI_MAX_DEV)

    func deviceID(named name: String) throws(HCIErrno) -> Int32 {
        let id = hci_devid(name)
        guard id >= 0 else { throw HCIErrno(code: errno) }
        return id
    }

    func defaultRoute() throws(HCIErrno) -> Int32 {
        let id = hci_get_route(nil)
        guard id >= 0 else { throw HCIErrno(code: errno) }
        return id
    }

    func deviceInfo(id: Int32) throws(HCIErrno) -> BluetoothAdapter {
        var info = hci_dev_info()
        guard hci_devinfo(id, &info) >= 0 else { throw HCIErrno(code: errno) }
        let name = withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let address = withUnsafeBytes(of: info.bdaddr.b) { BluetoothAddress(littleEndianBytes: Array($0)) }
        let isUp = (info.flags >> UInt32(HCI_UP)) & 1 == 1
        return BluetoothAdapter(id: Int(info.dev_id), name: name, address: address, isUp: isUp)
    }
}
