import BLE
import Config
import Logging
import Platform
@testable import Runtime
import XCTest

/// The touch case's connector, as far as it can be seen without an adapter.
final class TouchCaseConnectorTests: XCTestCase {
    let logger = Logger(label: "test")

    func testATableThatMatchesNothingIsRefusedBeforeAnyAdapterIsTouched() {
        XCTAssertThrowsError(try TouchCaseConnector.connector(for: DeviceSelection(enabled: true), adapter: "hci0", logger: logger)) {
            XCTAssertEqual($0 as? DeviceConnectorError, .matchesNothing(kind: .touchCase))
        }
    }

    func testAMissingAdapterIsTheAdaptersError() {
        XCTAssertThrowsError(try TouchCaseConnector.connector(for: .touchCaseDefaults, adapter: "hci99", logger: logger)) {
            XCTAssertNotNil($0 as? BluetoothAdapterError, "\($0)")
        }
    }

    /// After the first scan chose a case, later scans look for its address only (FuffrLib's FFRBLEManager.m).
    func testTheFirstChoiceNarrowsEveryLaterScanToThatCase() {
        let peer = StickyPeer(rule: DeviceSelection.touchCaseDefaults.discoveryRule)
        XCTAssertEqual(peer.rule.nameContains, ["Fuffr", "Neonode"])
        let found = DiscoveredDevice(DiscoveryReport(address: BluetoothAddress(string: "C4:7F:51:0A:1B:2C")!, addressType: .leRandom,
                                                     rssi: -50, advertisingData: AdvertisingData(localName: "Fuffr"), time: .zero))
        peer.chose(found)
        XCTAssertEqual(peer.rule.address?.description, "C4:7F:51:0A:1B:2C")
        XCTAssertTrue(peer.rule.matches(found))
    }
}
