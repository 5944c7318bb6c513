/// The three libbluetooth device queries `BluetoothAdapter` needs.
///
/// Why a protocol: the lookup rules (a down adapter is still found, a bad name lists the real
/// ones) must be testable on machines whose kernel has no Bluetooth at all.
protocol HCIQuerying: Sendable {
    /// `hci_devid`: the id of an *up* adapter named "hciN" (ENETDOWN if it is down) or having
    /// the address "AA:BB:CC:DD:EE:FF" (ENODEV if none is up).
    func deviceID(named name: String) throws(HCIErrno) -> Int32
    /// `hci_get_route(NULL)`: the first up adapter (ENODEV if none is up).
    func defaultRoute() throws(HCIErrno) -> Int32
    /// `hci_devinfo`: what the kernel knows of adapter `id` (ENODEV if there is none).
    func deviceInfo(id: Int32) throws(HCIErrno) -> BluetoothAdapter
}
