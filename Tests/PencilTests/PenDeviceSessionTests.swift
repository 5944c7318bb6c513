import BLE
import BLETestKit
@testable import Pencil
import XCTest

/// The Pencil's session run by the device driver, as the pencil actor runs it, without sockets.
final class PenDeviceSessionTests: XCTestCase {
    private let dis: [PenCharacteristic] = [.manufacturerName, .firmwareRevision, .softwareRevision]
    private var table: [BLEUUID: [BLEUUID]] {
        [PenCharacteristic.penService: PenCharacteristic.penServiceCharacteristics.map(\.uuid),
         PenCharacteristic.deviceInformationService: dis.map(\.uuid)]
    }

    private func pen(requireTip: Bool = false) -> EmbeddedGATTDevice<PenSession> {
        var session = PenSession(centralID: 0xCAFE_F00D)
        session.requireTipPressed = requireTip
        return EmbeddedGATTDevice(session: session, peripheral: table)
    }

    func testBothServicesAreDiscoveredAtOnceAndTheSetUpFollowsTheSDK() {
        var d = pen()
        d.connect()
        XCTAssertEqual(d.session.services, [PenCharacteristic.penService, PenCharacteristic.deviceInformationService])
        XCTAssertEqual(d.performed, [.write(PenCharacteristic.hasListener.uuid, [0x01], withResponse: true)])
        d.complete()
        XCTAssertEqual(d.performed.last, .notifications(PenCharacteristic.isTipPressed.uuid, enabled: true))
        d.complete()
        XCTAssertEqual(d.performed.last, .read(PenCharacteristic.isTipPressed.uuid), "the tip's value is read once it notifies")
        d.complete(value: [0x00])
        XCTAssertTrue(d.events.contains(.ready), "\(d.events)")
        let readyAt = d.performed.count
        // The DIS reads follow readiness: the pen's services were discovered together at link-up.
        d.completeAll { operation in
            if case .read(let uuid) = operation, let c = PenCharacteristic(uuid: uuid), self.dis.contains(c) {
                return Array("x".utf8)
            }
            return []
        }
        let reads = d.performed.compactMap { if case .read(let u) = $0 { PenCharacteristic(uuid: u) } else { nil } }
        XCTAssertEqual(reads.filter(dis.contains), dis)
        let before = d.performed.prefix(readyAt).compactMap { if case .read(let u) = $0 { PenCharacteristic(uuid: u) } else { nil } }
        XCTAssertTrue(before.filter(dis.contains).isEmpty, "no DIS read before the pen is ready")
        XCTAssertEqual(d.session.information.manufacturerName, "x")
    }

    func testWithoutTheTipsNotificationsTheLinkIsClosed() {
        var d = pen()
        d.connect()
        d.complete()
        d.fail(.attributeError(code: 0x03, characteristic: PenCharacteristic.isTipPressed.uuid))
        guard case .closed(let reason?, retryIn: nil)? = d.changes.last else { return XCTFail("\(d.changes)") }
        XCTAssertTrue(reason.hasPrefix("the tip's notifications could not be enabled"), reason)
        XCTAssertNil(d.session.link)
    }

    func testAPenServiceWithoutIsTipPressedIsNoPen() {
        var d = pen()
        d.peripheral = [PenCharacteristic.penService: [PenCharacteristic.batteryLevel.uuid]]
        d.connect()
        XCTAssertEqual(d.changes.last, .closed(reason: "the pen service lacks IsTipPressed", retryIn: nil))
        XCTAssertEqual(d.performed, [])
    }

    func testTheTipReleasedOnAFirstPairingIsReported() {
        var d = pen(requireTip: true)
        d.connect()
        d.complete()
        d.complete()
        d.complete(value: [0x00])
        XCTAssertTrue(d.events.contains(.tipNotPressed), "\(d.events)")
        XCTAssertFalse(d.events.contains(.ready))
    }

    /// The battery fallback read is the session's deadline: 22 s after the tip notified, if no level came.
    func testTheBatteryFallbackReadIsTheSessionsDeadline() {
        var d = pen()
        d.connect()
        d.complete()
        d.advance(by: .seconds(1))
        d.complete()                                   // the tip notifies at t = 1 s
        XCTAssertEqual(d.driver.sessionDeadline, .seconds(23))
        d.completeAll()
        let before = d.performed.count
        d.advance(by: .seconds(22))
        XCTAssertEqual(Array(d.performed.dropFirst(before)), [.read(PenCharacteristic.batteryLevel.uuid)])
        XCTAssertNil(d.driver.sessionDeadline)
    }
}
