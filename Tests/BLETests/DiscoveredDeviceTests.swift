import XCTest
import Platform
@testable import BLE

final class DiscoveredDeviceTests: XCTestCase {
    func testRepeatedReportsMergeNewestRSSIAndTheNameFromWhicheverReportHadIt() {
        var devices = DiscoveredDevices()
        devices.record(Sighting.report("C4:7F:51:0A:1B:2C", rssi: -70, services: [BLEUUID(0xFE51)], at: 0))
        devices.record(Sighting.report("C4:7F:51:0A:1B:2C", rssi: -55, name: "naviGuertel 7", at: 0.4))
        let merged = devices.record(Sighting.report("C4:7F:51:0A:1B:2C", rssi: -62, at: 0.9))
        XCTAssertEqual(devices.count, 1)
        XCTAssertEqual(merged.rssi, -62, "the newest RSSI, not the strongest")
        XCTAssertEqual(merged.name, "naviGuertel 7", "a report without a name does not erase it")
        XCTAssertEqual(merged.serviceUUIDs, [BLEUUID(0xFE51)], "services from an earlier report stay")
        XCTAssertEqual(merged.firstSeen, .zero)
        XCTAssertEqual(merged.lastSeen, .milliseconds(900))
        XCTAssertEqual(merged.reportCount, 3)
    }

    func testACompleteNameIsNotReplacedByAShortenedOne() {
        var device = DiscoveredDevice(Sighting.report("01:02:03:04:05:06", name: "naviGuertel 1234"))
        device.merge(Sighting.report("01:02:03:04:05:06", name: "naviGu", nameComplete: false, at: 1))
        XCTAssertEqual(device.name, "naviGuertel 1234")
        device.merge(Sighting.report("01:02:03:04:05:06", name: "naviGuertel 9", at: 2))
        XCTAssertEqual(device.name, "naviGuertel 9", "a newer complete name wins")
    }

    func testAMissingRSSIKeepsTheLastKnownOneAndNewestManufacturerDataWins() {
        var device = DiscoveredDevice(Sighting.report("01:02:03:04:05:06", rssi: -50, manufacturer: [ManufacturerData(bytes: [0, 0, 0, 0])]))
        device.merge(Sighting.report("01:02:03:04:05:06", rssi: nil, manufacturer: [ManufacturerData(bytes: [0, 0, 0, 2])], at: 1))
        XCTAssertEqual(device.rssi, -50)
        XCTAssertEqual(device.manufacturerData, [ManufacturerData(bytes: [0, 0, 0, 2])])
    }

    func testTheSameAddressWithAnotherTypeIsAnotherDevice() {
        var devices = DiscoveredDevices()
        devices.record(Sighting.report("01:02:03:04:05:06", type: .lePublic, rssi: -80))
        devices.record(Sighting.report("01:02:03:04:05:06", type: .leRandom, rssi: -40))
        devices.record(Sighting.report("AA:02:03:04:05:06", rssi: nil))
        XCTAssertEqual(devices.count, 3)
        XCTAssertEqual(devices.byStrength.map(\.addressType), [.leRandom, .lePublic, .lePublic])
        XCTAssertNil(devices.byStrength.last?.rssi, "no RSSI sorts last")
        var device = devices.all[0]
        device.merge(Sighting.report("01:02:03:04:05:06", type: .leRandom, rssi: -10))
        XCTAssertEqual(device.rssi, -80, "a report of another device is ignored")
    }

    func testReportFromDeviceFoundKeepsConnectabilityAndSurvivesABadTail() {
        let event = DeviceFoundEvent(address: BluetoothAddress(string: "01:02:03:04:05:06")!, addressType: .leRandom, rssi: -70,
                                     flags: .notConnectable, eir: [0x06, 0x09] + Array("Fuffr".utf8) + [0x09, 0xFF, 0x01])
        let device = DiscoveredDevice(DiscoveryReport(event, at: .seconds(2)))
        XCTAssertEqual(device.name, "Fuffr")
        XCTAssertFalse(device.isConnectable)
        XCTAssertEqual(device.lastSeen, .seconds(2))
    }
}
