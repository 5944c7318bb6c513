import BLE
import Belt
import XCTest

/// Which GATT operation each kind of belt write is: the link performs exactly this, so a wrong mapping
/// would write a CCCD as a value or read where it should write.
final class BeltWriteGATTTests: XCTestCase {
    func testAValueIsWrittenWithResponseToItsCharacteristic() {
        let write = BeltWrite(characteristic: .fe03, bytes: [0x01, 0x81, 0x03, 0x00])
        XCTAssertEqual(write.gattOperation, .write(BLEUUID(0xFE03), [0x01, 0x81, 0x03, 0x00], withResponse: true))
        XCTAssertEqual(write.gattOperation.description, "write FE03 01 81 03 00")
    }

    func testANotificationSwitchIsACCCDWriteOnOrOff() {
        XCTAssertEqual(BeltWrite.notifications(.fe02, enabled: true).gattOperation, .notifications(BLEUUID(0xFE02), enabled: true))
        XCTAssertEqual(BeltWrite.notifications(.fe06, enabled: false).gattOperation, .notifications(BLEUUID(0xFE06), enabled: false))
        XCTAssertEqual(BeltWrite.notifications(.fe02, enabled: true).gattOperation.description, "notify FE02 on")
    }

    func testAReadRequestIsARead() {
        XCTAssertEqual(BeltWrite.read(.fe09).gattOperation, .read(BLEUUID(0xFE09)))
        XCTAssertEqual(GATTOperation.write(BLEUUID(0xFFF1), [0x0F], withResponse: false).description, "write-command FFF1 0F")
    }
}
