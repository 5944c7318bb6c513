import Foundation
import XCTest
@testable import Platform

/// Adapter lookup against the real kernel (which on build machines has no Bluetooth) and, for the
/// rules, against a scripted HCI.
final class BluetoothAdapterTests: XCTestCase {

    // MARK: - Real kernel

    func testLookupReportsWhatThisKernelReallyHas() throws {
        let probe = socket(AF_BLUETOOTH, Int32(SOCK_RAW.rawValue), 1 /* BTPROTO_HCI */)
        let probeErrno = errno
        if probe >= 0 { close(probe) }
        let bogus = "hci60000"

        if probe < 0 && probeErrno == EAFNOSUPPORT {
            // This machine: no AF_BLUETOOTH at all.
            XCTAssertThrowsError(try BluetoothAdapter.named("hci0")) { error in
                XCTAssertEqual(error as? BluetoothAdapterError, .bluetoothUnsupported)
                XCTAssertTrue("\(error)".contains("no Bluetooth support (AF_BLUETOOTH unavailable)"), "\(error)")
            }
            XCTAssertThrowsError(try BluetoothAdapter.named(bogus)) { error in
                XCTAssertEqual(error as? BluetoothAdapterError, .bluetoothUnsupported)
            }
            XCTAssertThrowsError(try BluetoothAdapter.defaultAdapter()) { error in
                XCTAssertEqual(error as? BluetoothAdapterError, .bluetoothUnsupported)
            }
        } else if probe >= 0 {
            // A kernel with Bluetooth: a name no adapter has must list the real ones.
            let present = try BluetoothAdapter.all().map(\.name)
            XCTAssertThrowsError(try BluetoothAdapter.named(bogus)) { error in
                XCTAssertEqual(error as? BluetoothAdapterError, .adapterNotFound(name: bogus, available: present))
            }
        } else if probeErrno == EPERM || probeErrno == EACCES {
            XCTAssertThrowsError(try BluetoothAdapter.named(bogus)) { error in
                guard case .permissionDenied = error as? BluetoothAdapterError else {
                    return XCTFail("expected permissionDenied, got \(error)")
                }
            }
        } else {
            XCTFail("unexpected errno \(probeErrno) from socket(AF_BLUETOOTH)")
        }
    }

    // MARK: - Lookup rules

    func testADownAdapterIsFoundByNameAndReportedDown() throws {
        let hci = ScriptedHCI(adapters: [adapter(0, up: false)])
        let found = try BluetoothAdapter.named("hci0", using: hci)
        XCTAssertEqual(found, adapter(0, up: false))
        XCTAssertFalse(found.isUp)
    }

    func testAnUpAdapterIsFoundByNameAndByAddress() throws {
        let hci = ScriptedHCI(adapters: [adapter(0, up: true), adapter(1, up: false)])
        XCTAssertEqual(try BluetoothAdapter.named("hci0", using: hci), adapter(0, up: true))
        XCTAssertEqual(try BluetoothAdapter.named("B8:27:EB:00:00:00", using: hci), adapter(0, up: true))
        XCTAssertEqual(try BluetoothAdapter.named("b8:27:eb:00:00:01", using: hci), adapter(1, up: false),
                       "a down adapter's address must still be found")
    }

    func testAnUnknownNameListsTheAdaptersThatExist() {
        let hci = ScriptedHCI(adapters: [adapter(0, up: true), adapter(1, up: false)])
        for name in ["hci7", "hcifoo", "hci", "hci-1", "wlan0", "", "AA:BB:CC:DD:EE:FF"] {
            XCTAssertThrowsError(try BluetoothAdapter.named(name, using: hci)) { error in
                XCTAssertEqual(error as? BluetoothAdapterError,
                               .adapterNotFound(name: name, available: ["hci0", "hci1"]), name)
            }
        }
        XCTAssertFalse(hci.devidNames.contains("hcifoo"), "libbluetooth would read hcifoo as hci0")
        XCTAssertFalse(hci.devidNames.contains("hci-1"))
    }

    func testTheDefaultAdapterIsTheRoutedOneElseTheFirstDownOneElseNone() throws {
        XCTAssertEqual(try BluetoothAdapter.defaultAdapter(using: ScriptedHCI(adapters: [adapter(0, up: false), adapter(1, up: true)])),
                       adapter(1, up: true))
        XCTAssertEqual(try BluetoothAdapter.defaultAdapter(using: ScriptedHCI(adapters: [adapter(0, up: false)])),
                       adapter(0, up: false))
        XCTAssertThrowsError(try BluetoothAdapter.defaultAdapter(using: ScriptedHCI(adapters: []))) { error in
            XCTAssertEqual(error as? BluetoothAdapterError, .noAdapter)
        }
    }

    func testPermissionErrorsCarryTheCapabilitiesHint() {
        let hci = ScriptedHCI(adapters: [], failure: EPERM)
        XCTAssertThrowsError(try BluetoothAdapter.named("hci0", using: hci)) { error in
            guard case .permissionDenied = error as? BluetoothAdapterError else {
                return XCTFail("expected permissionDenied, got \(error)")
            }
            let message = "\(error)"
            XCTAssertTrue(message.contains("CAP_NET_RAW") && message.contains("CAP_NET_ADMIN"), message)
        }
        XCTAssertEqual(BluetoothAdapterError.mapping(errno: EAFNOSUPPORT, operation: "x"), .bluetoothUnsupported)
    }

    // MARK: - Addresses

    func testBdaddrBytesAreLittleEndianAndPrintMostSignificantFirst() {
        let address = BluetoothAddress(littleEndianBytes: [0x56, 0x34, 0x12, 0xEB, 0x27, 0xB8])
        XCTAssertEqual(address.description, "B8:27:EB:12:34:56")
        XCTAssertEqual(address.octets, [0xB8, 0x27, 0xEB, 0x12, 0x34, 0x56])
        XCTAssertEqual(BluetoothAddress(string: "b8:27:eb:12:34:56"), address)
    }

    func testMalformedAddressStringsAreRejected() {
        for text in ["", "B8:27:EB:12:34", "B8:27:EB:12:34:56:78", "B8-27-EB-12-34-56", "G8:27:EB:12:34:56",
                     "B8:27:EB:12:34:5", "B8:27:EB:12:34:+5", ":::::"] {
            XCTAssertNil(BluetoothAddress(string: text), text)
        }
    }

    // MARK: - Helpers

    private func adapter(_ id: Int, up: Bool) -> BluetoothAdapter {
        BluetoothAdapter(id: id, name: "hci\(id)", address: BluetoothAddress(0xB827_EB00_0000 + UInt64(id)), isUp: up)
    }
}

/// Answers like libbluetooth does (lib/hci.c): hci_devid and hci_get_route see only adapters
/// that are up; hci_devinfo sees all of them.
private final class ScriptedHCI: HCIQuerying, @unchecked Sendable {
    private let adapters: [BluetoothAdapter]
    private let failure: Int32?
    private let lock = NSLock()
    private var names: [String] = []

    init(adapters: [BluetoothAdapter], failure: Int32? = nil) {
        self.adapters = adapters
        self.failure = failure
    }

    var devidNames: [String] { lock.withLock { names } }

    func deviceID(named name: String) throws(HCIErrno) -> Int32 {
        lock.withLock { names.append(name) }
        if let failure { throw HCIErrno(code: failure) }
        if name.hasPrefix("hci") {
            let id = Int(name.dropFirst(3)) ?? 0
            guard let match = adapters.first(where: { $0.id == id }) else { throw HCIErrno(code: ENODEV) }
            guard match.isUp else { throw HCIErrno(code: ENETDOWN) }
            return Int32(id)
        }
        guard let address = BluetoothAddress(string: name),
              let match = adapters.first(where: { $0.isUp && $0.address == address }) else {
            throw HCIErrno(code: ENODEV)
        }
        return Int32(match.id)
    }

    func defaultRoute() throws(HCIErrno) -> Int32 {
        if let failure { throw HCIErrno(code: failure) }
        guard let up = adapters.first(where: \.isUp) else { throw HCIErrno(code: ENODEV) }
        return Int32(up.id)
    }

    func deviceInfo(id: Int32) throws(HCIErrno) -> BluetoothAdapter {
        if let failure { throw HCIErrno(code: failure) }
        guard let match = adapters.first(where: { $0.id == Int(id) }) else { throw HCIErrno(code: ENODEV) }
        return match
    }
}
