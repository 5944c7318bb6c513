@testable import BLE
import Config
import Platform
@testable import Runtime
import XCTest

/// `[devices.pencil]` decides which pens the radio hears, as `[devices.*]` does for the belt and the
/// case: by default the SDK's names, or one address.
final class KernelPenRadioTests: XCTestCase {
    func device(_ address: String, name: String?) -> DiscoveredDevice {
        DiscoveredDevice(DiscoveryReport(address: BluetoothAddress(string: address) ?? BluetoothAddress(0), addressType: .leRandom,
                                         rssi: -60, advertisingData: AdvertisingData(localName: name), isConnectable: true, time: .zero))
    }

    func testTheDefaultRuleHearsPensByTheSDKsNames() {
        let rule = DeviceSelection.pencilDefaults.discoveryRule
        XCTAssertTrue(KernelPenRadio.heard(device("C0:11:22:33:44:55", name: "Pencil"), by: rule))
        XCTAssertTrue(KernelPenRadio.heard(device("C0:11:22:33:44:56", name: "Charcoal by 53"), by: rule))
        XCTAssertFalse(KernelPenRadio.heard(device("C0:11:22:33:44:57", name: "Fuffr"), by: rule))
        XCTAssertFalse(KernelPenRadio.heard(device("C0:11:22:33:44:58", name: nil), by: rule), "a pen must say its name")
    }

    func testAnAddressIsAnAllowlistOfOne() {
        let rule = DeviceSelection(enabled: true, address: "C0:11:22:33:44:55").discoveryRule
        XCTAssertTrue(KernelPenRadio.heard(device("C0:11:22:33:44:55", name: nil), by: rule))
        XCTAssertFalse(KernelPenRadio.heard(device("C0:11:22:33:44:56", name: "Pencil"), by: rule), "another Pencil is not ours")
    }

    /// As for the belt and the case: a table with no address and no lists matches nothing, not anything.
    func testARuleThatNamesNothingHearsNoPen() {
        let rule = DeviceSelection(enabled: true).discoveryRule
        XCTAssertFalse(KernelPenRadio.heard(device("C0:11:22:33:44:57", name: "Pencil"), by: rule))
    }
}
