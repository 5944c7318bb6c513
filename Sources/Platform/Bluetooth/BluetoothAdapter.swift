#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A local Bluetooth controller as the kernel reports it ("hci0", its address, up or down).
///
/// Used by `wayfinder board check` and before BLE scanning starts. Unlike libbluetooth's own
/// lookups, which see only adapters that are up, a *down* adapter is still found and reported
/// with `isUp == false`, because "hci0 is down" is the useful diagnosis on a Pi.
package struct BluetoothAdapter: Sendable, Equatable, CustomStringConvertible {
    /// The kernel's adapter index (N in "hciN").
    package let id: Int
    /// The kernel's adapter name, e.g. "hci0".
    package let name: String
    package let address: BluetoothAddress
    /// Whether the adapter is powered up (`HCI_UP`); a down adapter cannot scan.
    package let isUp: Bool

    package init(id: Int, name: String, address: BluetoothAddress, isUp: Bool) {
        self.id = id
        self.name = name
        self.address = address
        self.isUp = isUp
    }

    package var description: String {
        "\(name) \(address) \(isUp ? "up" : "down")"
    }

    /// The adapter named "hciN", or the one whose address is "AA:BB:CC:DD:EE:FF".
    package static func named(_ name: String) throws(BluetoothAdapterError) -> BluetoothAdapter {
        try named(name, using: LibBluetoothHCI())
    }

    /// The adapter the kernel routes through by default (the first one up), or else the first
    /// adapter that exists even if it is down.
    package static func defaultAdapter() throws(BluetoothAdapterError) -> BluetoothAdapter {
        try defaultAdapter(using: LibBluetoothHCI())
    }

    /// Every adapter the kernel has registered, up or down, by id.
    package static func all() throws(BluetoothAdapterError) -> [BluetoothAdapter] {
        try all(using: LibBluetoothHCI())
    }

    // MARK: - Lookup rules, over any HCIQuerying (internal for tests)

    static func named(_ name: String, using hci: some HCIQuerying) throws(BluetoothAdapterError) -> BluetoothAdapter {
        let operation = "looking up Bluetooth adapter \"\(name)\""
        let index = adapterIndex(name)
        let address = BluetoothAddress(string: name)
        guard index != nil || address != nil else {
            // libbluetooth would read "hcifoo" as hci0 and a malformed address as 00:00:…,
            // so only well-formed names reach it.
            throw notFound(name, using: hci)
        }
        let id: Int32
        do {
            id = try hci.deviceID(named: name)
        } catch {
            switch error.code {
            case ENETDOWN:
                // hci_devid found "hciN" but it is down: report it rather than "not found".
                if let index { return try info(id: index, operation: operation, using: hci) }
                throw notFound(name, using: hci)
            case ENODEV:
                // hci_devid matches addresses of up adapters only; a down one may still have it.
                if let address, let match = try all(using: hci).first(where: { $0.address == address }) {
                    return match
                }
                throw notFound(name, using: hci)
            default:
                throw BluetoothAdapterError.mapping(errno: error.code, operation: operation)
            }
        }
        return try info(id: id, operation: operation, using: hci)
    }

    static func defaultAdapter(using hci: some HCIQuerying) throws(BluetoothAdapterError) -> BluetoothAdapter {
        let operation = "finding the default Bluetooth adapter"
        let id: Int32
        do {
            id = try hci.defaultRoute()
        } catch {
            guard error.code == ENODEV else {
                throw BluetoothAdapterError.mapping(errno: error.code, operation: operation)
            }
            // No adapter is up; one that is down is still the answer, with isUp false.
            guard let first = try all(using: hci).first else { throw BluetoothAdapterError.noAdapter }
            return first
        }
        return try info(id: id, operation: operation, using: hci)
    }

    static func all(using hci: some HCIQuerying) throws(BluetoothAdapterError) -> [BluetoothAdapter] {
        var adapters: [BluetoothAdapter] = []
        for id in 0..<LibBluetoothHCI.maxDevices {
            do {
                adapters.append(try hci.deviceInfo(id: id))
            } catch {
                // ENODEV: no adapter with this id; anything else says more about the system.
                guard error.code == ENODEV else {
                    throw BluetoothAdapterError.mapping(errno: error.code, operation: "listing Bluetooth adapters")
                }
            }
        }
        return adapters
    }

    /// N for a well-formed "hciN" (N within the kernel's 16-bit id range), else nil.
    static func adapterIndex(_ name: String) -> Int32? {
        guard name.hasPrefix("hci") else { return nil }
        let digits = name.dropFirst(3)
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int32(digits), value <= Int32(UInt16.max) else { return nil }
        return value
    }

    private static func info(id: Int32, operation: String, using hci: some HCIQuerying) throws(BluetoothAdapterError) -> BluetoothAdapter {
        do {
            return try hci.deviceInfo(id: id)
        } catch {
            throw BluetoothAdapterError.mapping(errno: error.code, operation: operation)
        }
    }

    /// `adapterNotFound` listing what exists; if listing itself fails, that failure (e.g. no
    /// Bluetooth in the kernel) is the more useful answer.
    private static func notFound(_ name: String, using hci: some HCIQuerying) -> BluetoothAdapterError {
        do {
            return .adapterNotFound(name: name, available: try all(using: hci).map(\.name))
        } catch {
            return error
        }
    }
}
