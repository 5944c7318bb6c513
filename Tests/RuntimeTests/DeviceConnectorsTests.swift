import BLESockets
import Config
import Logging
import Platform
@testable import Runtime
import XCTest

/// How a `[devices.*]` table becomes a connector, as far as it can be seen without an adapter: the
/// rig (`PairingOverKernel`) runs the whole path against the kernel.
final class DeviceConnectorsTests: XCTestCase {
    let logger = Logger(label: "test")

    func testATableThatMatchesNothingIsRefusedBeforeAnyAdapterIsTouched() {
        let selection = DeviceSelection(enabled: true)
        XCTAssertThrowsError(try DeviceConnectors.connector(for: selection, kind: .pencil, adapter: "hci0", logger: logger)) {
            XCTAssertEqual($0 as? DeviceConnectorError, .matchesNothing(kind: .pencil))
            XCTAssertTrue("\($0)".contains("[devices.pencil]"), "\($0)")
        }
    }

    /// No Bluetooth on a build machine, no hci99 on a Pi: either way an adapter error, not a connector.
    func testAMissingAdapterIsTheAdaptersError() {
        XCTAssertThrowsError(try DeviceConnectors.connector(for: .beltDefaults, kind: .belt, adapter: "hci99", logger: logger)) {
            XCTAssertNotNil($0 as? BluetoothAdapterError, "\($0)")
        }
    }

    /// At security medium a failed connection most likely means a missing bond: the error says so.
    func testAnEncryptedLinkThatFailsPointsToWayfinderPair() async {
        let link = L2CAPGATTConnector(localAddress: nil, security: .medium, logger: logger) {
            throw GATTError.notFound("C4:7F:51:0A:1B:2C did not answer")
        }
        let connector = BondedGATTConnector(link: link, kind: .touchCase, security: .medium, bonds: nil)
        do {
            _ = try await connector.connect()
            XCTFail("connected")
        } catch {
            guard case let .notFound(what) = error as? GATTError else { return XCTFail("\(error)") }
            XCTAssertTrue(what.hasPrefix("C4:7F:51:0A:1B:2C did not answer"), what)
            XCTAssertTrue(what.contains("wayfinder pair touch-case"), what)
            XCTAssertTrue(what.contains("security = \"low\" in [devices.touch_case]"), what)
        }
    }

    func testOtherFailuresPassThroughUnchanged() async {
        let link = L2CAPGATTConnector(localAddress: nil, security: .medium, logger: logger) { throw GATTError.disconnected }
        do {
            _ = try await BondedGATTConnector(link: link, kind: .belt, security: .medium, bonds: nil).connect()
            XCTFail("connected")
        } catch {
            XCTAssertEqual(error as? GATTError, .disconnected)
        }
    }
}
