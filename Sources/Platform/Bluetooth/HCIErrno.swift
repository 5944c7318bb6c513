/// An errno from a libbluetooth call, carried as a typed error between `HCIQuerying` and
/// `BluetoothAdapter`.
struct HCIErrno: Error, Equatable {
    let code: Int32
}
