import XCTest
import Platform
@testable import BLE

/// What `wayfinder scan` prints.
final class ScanListingTests: XCTestCase {
    static let devices: [DiscoveredDevice] = {
        var belt = Sighting.device("C4:7F:51:0A:1B:2C", rssi: -58, name: "naviGuertel 1234", services: [BLEUUID(0xFE51)], at: 3.2125)
        belt.manufacturerData = [ManufacturerData(companyID: 0x0059, data: [0xAB])]
        var anonymous = DiscoveredDevice(Sighting.report("7A:00:00:00:00:01", type: .leRandom, rssi: nil, connectable: false, at: 1))
        anonymous.txPowerLevel = -4
        return [belt, Sighting.device("01:02:03:04:05:06", rssi: -71, name: "Fuffr"), anonymous]
    }()

    func testTableHasOneAlignedRowPerDeviceWithItsKind() {
        let lines = ScanListing(devices: Self.devices).table().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "ADDRESS            TYPE    RSSI  NAME              KIND        SERVICES",
            "C4:7F:51:0A:1B:2C  public   -58  naviGuertel 1234  belt        FE51",
            "01:02:03:04:05:06  public   -71  Fuffr             touch case  -",
            "7A:00:00:00:00:01  random     ?  -                 unknown     -",
        ])
    }

    func testJSONIsAnArrayWithOneObjectPerLine() {
        XCTAssertEqual(ScanListing(devices: Self.devices).json(), """
        [
          {"address":"C4:7F:51:0A:1B:2C","addressType":"public","connectable":true,"kind":"belt","lastSeen":3.212,"manufacturerData":["5900ab"],"name":"naviGuertel 1234","rssi":-58,"services":["FE51"],"txPower":null},
          {"address":"01:02:03:04:05:06","addressType":"public","connectable":true,"kind":"touch_case","lastSeen":0,"manufacturerData":[],"name":"Fuffr","rssi":-71,"services":[],"txPower":null},
          {"address":"7A:00:00:00:00:01","addressType":"random","connectable":false,"kind":"unknown","lastSeen":1,"manufacturerData":[],"name":null,"rssi":null,"services":[],"txPower":-4}
        ]
        """)
        XCTAssertEqual(ScanListing(devices: []).json(), "[]")
    }

    func testHostileNamesAreEscapedInJSONAndDefusedInTheTable() {
        let device = Sighting.device("01:02:03:04:05:06", name: "a\"b\\c\n\u{1B}[2J")
        XCTAssertTrue(ScanListing(devices: [device]).json().contains(#""name":"a\"b\\c\n\u001b[2J""#))
        XCTAssertTrue(ScanListing(devices: [device]).table().contains("a\"b\\c??[2J"))
    }
}
