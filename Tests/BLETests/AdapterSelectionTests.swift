import XCTest
import Platform
@testable import BLE
@testable import BLESockets

final class AdapterSelectionTests: XCTestCase {
    static func info(_ address: String, powered: Bool = true, le: Bool = true, capable: Bool = true) -> ControllerInformation {
        ControllerInformation(address: BluetoothAddress(string: address)!,
                              supportedSettings: capable ? [.powered, .lowEnergy, .bredr] : [.powered, .bredr],
                              currentSettings: (powered ? ControllerSettings.powered : []).union(le ? ControllerSettings.lowEnergy : []))
    }

    func testDefaultIsTheFirstPoweredLEAdapter() throws {
        let choice = try AdapterSelection.choose(requested: nil, controllers: [
            (index: 0, information: Self.info("00:00:00:00:00:01", powered: false)),
            (index: 1, information: Self.info("00:00:00:00:00:02", capable: false)),
            (index: 2, information: Self.info("00:00:00:00:00:03")),
        ], power: false)
        XCTAssertEqual(choice.name, "hci2")
        XCTAssertFalse(choice.needsPowerOn)
    }

    func testAnAdapterCanBeNamedByHciNameIndexOrAddress() throws {
        let controllers = [(index: UInt16(0), information: Self.info("00:00:00:00:00:01")),
                           (index: UInt16(1), information: Self.info("B8:27:EB:12:34:56"))]
        XCTAssertEqual(try AdapterSelection.choose(requested: "hci1", controllers: controllers, power: false).index, 1)
        XCTAssertEqual(try AdapterSelection.choose(requested: "1", controllers: controllers, power: false).index, 1)
        XCTAssertEqual(try AdapterSelection.choose(requested: "b8:27:eb:12:34:56", controllers: controllers, power: false).index, 1)
        XCTAssertThrowsError(try AdapterSelection.choose(requested: "hci7", controllers: controllers, power: false)) {
            XCTAssertEqual($0 as? BLEManagementError, .adapterNotFound(name: "hci7", available: ["hci0", "hci1"]))
        }
        XCTAssertThrowsError(try AdapterSelection.choose(requested: "hcix", controllers: controllers, power: false))
    }

    func testNothingIsPoweredWithoutBeingAsked() throws {
        let off = [(index: UInt16(0), information: Self.info("00:00:00:00:00:01", powered: false, le: false))]
        XCTAssertThrowsError(try AdapterSelection.choose(requested: nil, controllers: off, power: false)) {
            XCTAssertEqual($0 as? BLEManagementError, .poweredOff(adapter: "hci0"))
        }
        let choice = try AdapterSelection.choose(requested: nil, controllers: off, power: true)
        XCTAssertTrue(choice.needsPowerOn)
        XCTAssertTrue(choice.needsLowEnergy)
        let leOff = [(index: UInt16(0), information: Self.info("00:00:00:00:00:01", le: false))]
        XCTAssertThrowsError(try AdapterSelection.choose(requested: "hci0", controllers: leOff, power: false)) {
            XCTAssertEqual($0 as? BLEManagementError, .lowEnergyDisabled(adapter: "hci0"))
        }
    }

    func testNoAdaptersOrNoLEAdapters() {
        XCTAssertThrowsError(try AdapterSelection.choose(requested: nil, controllers: [], power: true)) {
            XCTAssertEqual($0 as? BLEManagementError, .noAdapter)
        }
        XCTAssertThrowsError(try AdapterSelection.choose(requested: nil, controllers: [(index: 0, information: Self.info("00:00:00:00:00:01", capable: false))], power: true)) {
            XCTAssertEqual($0 as? BLEManagementError, .notLowEnergyCapable(adapter: "hci0"))
        }
    }

    func testErrorMessagesTellTheUserWhatToDo() {
        XCTAssertTrue(BLEManagementError.poweredOff(adapter: "hci0").description.contains("--power"))
        XCTAssertTrue(BLEManagementError.poweredOff(adapter: "hci0").description.contains("btmgmt --index 0 power on"))
        XCTAssertTrue(BLEManagementError.permissionDenied(operation: "start discovery on hci0").description.contains("CAP_NET_ADMIN"))
        XCTAssertTrue(BLEManagementError.socket(.permissionDenied(operation: "x")).description.contains("AmbientCapabilities=CAP_NET_ADMIN"))
        XCTAssertTrue(BLEManagementError.commandFailed(operation: "power on hci0", status: .rfKilled).description.contains("rfkill"))
    }
}
