import XCTest
import BLE
import Platform
@testable import Config

/// `[devices.*]` becomes the `BLE.DiscoveryRule` the device actors and `wayfinder scan` match with.
final class DeviceSelectionRuleTests: XCTestCase {
    func testDefaultsAreTheBLERules() {
        XCTAssertEqual(DeviceSelection.beltDefaults.discoveryRule, .belt)
        XCTAssertEqual(DeviceSelection.touchCaseDefaults.discoveryRule, .touchCase)
        XCTAssertEqual(DeviceSelection.pencilDefaults.discoveryRule, .pencil)
        XCTAssertEqual(DeviceSelection.beltDefaults.serviceUUIDs, ["FE51", "65333333-A115-11E2-9E9A-0800200CA100"])
        XCTAssertEqual(DeviceSelection.beltDefaults.selectionWindow, .seconds(2))
        XCTAssertFalse(DeviceSelection.pencilDefaults.enabled)
    }

    func testAConfiguredAddressBecomesAnAllowlistOfOne() {
        var selection = DeviceSelection.beltDefaults
        selection.address = "C4:7F:51:0A:1B:2C"
        XCTAssertEqual(selection.discoveryRule.address, BluetoothAddress(string: "C4:7F:51:0A:1B:2C"))
        selection.address = "not an address"
        XCTAssertTrue(selection.discoveryRule.matchesNothing, "an address that does not parse must not widen the rule")
    }

    func testUUIDStringsInEitherFormConvert() {
        let selection = DeviceSelection(enabled: true, serviceUUIDs: ["fe51", "0000FFF0-0000-1000-8000-00805F9B34FB"])
        XCTAssertEqual(selection.discoveryRule.serviceUUIDs, [BLEUUID(0xFE51), BLEUUID(0xFFF0)])
    }
}
