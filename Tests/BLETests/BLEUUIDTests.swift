import XCTest
@testable import BLE

final class BLEUUIDTests: XCTestCase {
    func testShortAndLongFormsOfTheSameUUIDAreEqual() {
        XCTAssertEqual(BLEUUID(0xFE51), BLEUUID(string: "0000fe51-0000-1000-8000-00805f9b34fb"))
        XCTAssertEqual(BLEUUID(string: "0xFE51"), BLEUUID(0xFE51))
        XCTAssertEqual(BLEUUID(0xFE51).uuidString, "0000FE51-0000-1000-8000-00805F9B34FB")
        XCTAssertEqual(BLEUUID(0xFE51).description, "FE51")
    }

    func testATTWireFormIsLittleEndianAndShortWhenPossible() {
        XCTAssertEqual(BLEUUID(0x2800).attWire, [0x00, 0x28])
        let legacy = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!
        XCTAssertEqual(legacy.attWire.count, 16)
        XCTAssertEqual(legacy.attWire.first, 0x00)
        XCTAssertEqual(legacy.attWire.last, 0x65)
        XCTAssertEqual(BLEUUID(littleEndian: legacy.attWire), legacy)
        XCTAssertNil(legacy.uuid16)
    }

    func testThirtyTwoBitUUIDsFromAdvertisingExpandOnTheBase() {
        let uuid = BLEUUID(littleEndian: [0x51, 0xFE, 0x00, 0x00])
        XCTAssertEqual(uuid, BLEUUID(0xFE51))
        XCTAssertEqual(BLEUUID(littleEndian: [0x01, 0x02, 0x03, 0x04])?.uuidString, "04030201-0000-1000-8000-00805F9B34FB")
    }

    func testMalformedUUIDTextIsRejected() {
        for bad in ["", "FE5", "FE511", "GE51", "0000FE51-0000-1000-8000-00805F9B34F", "0000FE5100001000800000805F9B34FB--00",
                    "0000FE51-00001-000-8000-00805F9B34FB"] {
            XCTAssertNil(BLEUUID(string: bad), bad)
        }
        XCTAssertNil(BLEUUID(littleEndian: [1, 2, 3]))
    }
}
