import BLE
import Platform
import Simulation
import TouchCase
import XCTest

/// The simulated case's rules (docs/touch-case.md, "The simulated case"), without a link.
final class FuffrPeripheralTests: XCTestCase {
    private func enabled(_ command: TouchEnableCommand, trace: FuffrTouchTrace,
                         subscribed: [BLEUUID] = FuffrGATT.touchCharacteristics) -> FuffrPeripheral {
        var p = FuffrPeripheral(trace: trace)
        p.connect(at: .zero)
        p.write(FuffrGATT.enabler, [0x00, 0x00])
        for c in subscribed { p.setNotifications(c, enabled: true) }
        p.write(FuffrGATT.enabler, command.bytes)
        return p
    }

    private func records(_ notifications: [FuffrPeripheral.Notification]) -> [TouchRecord] {
        notifications.flatMap { TouchRecord.records(in: $0.bytes) ?? [] }
    }

    /// Only enabled sides and fingers below n are reported, with absolute-slot ids.
    func testOnlyEnabledSidesAndFingersBelowTheCountAreReported() {
        let trace = FuffrTouchTrace([
            .init(side: .left, finger: 0, start: .zero, duration: .seconds(1), from: (0.5, 0.5)),
            .init(side: .left, finger: 1, start: .zero, duration: .seconds(1), from: (0.5, 0.5)),
            .init(side: .top, finger: 0, start: .zero, duration: .seconds(1), from: (0.5, 0.5)),
            .init(side: .right, finger: 0, start: .zero, duration: .seconds(1), from: (0.25, 0.75)),
        ])
        var p = enabled(TouchEnableCommand(sides: [.left, .right], touchesPerSide: 1)!, trace: trace)
        let sent = records(p.advance(to: .milliseconds(10)))
        XCTAssertEqual(sent.map(\.id), [1, 3], "right finger 0 is id 1, left finger 0 is id 3; top is off, finger 1 is beyond n")
        XCTAssertTrue(sent.allSatisfy(\.isDown))
        // Right side: x = ry/R, y = rx/R (FuffrLib `normalizePoint:onSide:`), so (0.25, 0.75) is raw (0.75 R, 0.25 R).
        XCTAssertEqual(sent.first?.rawX, 24575)
        XCTAssertEqual(sent.first?.rawY, 8192)
    }

    /// Held fingers are reported every 20 ms; a lifted one gets one release record, then nothing.
    func testReportsRepeatAndALiftedFingerGetsOneRelease() {
        let trace = FuffrTouchTrace([.init(side: .bottom, start: .zero, duration: .milliseconds(50), from: (0.1, 0.2))])
        var p = enabled(TouchEnableCommand(sides: .all, touchesPerSide: 1)!, trace: trace)
        XCTAssertEqual(records(p.advance(to: .zero)).map(\.isDown), [true])
        XCTAssertEqual(records(p.advance(to: .milliseconds(10))), [], "not due before 20 ms")
        XCTAssertEqual(records(p.advance(to: .milliseconds(20))).map(\.isDown), [true])
        XCTAssertEqual(records(p.advance(to: .milliseconds(40))).map(\.isDown), [true])
        let release = records(p.advance(to: .milliseconds(60)))
        XCTAssertEqual(release.map(\.isDown), [false])
        XCTAssertEqual(release.map(\.id), [2])
        XCTAssertEqual(records(p.advance(to: .milliseconds(80))), [])
    }

    /// At most 4 records (20 bytes) per notification, spread over the subscribed characteristics.
    func testRecordsTravelFourToANotificationOnSubscribedCharacteristics() {
        let strokes = CaseSide.allCases.flatMap { side in
            (0..<2).map { FuffrTouchTrace.Stroke(side: side, finger: $0, start: .zero, duration: .seconds(1), from: (0.5, 0.5)) }
        }
        let subscribed = [FuffrGATT.touchCharacteristics[1], FuffrGATT.touchCharacteristics[4]]
        var p = enabled(TouchEnableCommand(sides: .all, touchesPerSide: 2)!, trace: FuffrTouchTrace(strokes), subscribed: subscribed)
        let sent = p.advance(to: .zero)
        XCTAssertEqual(sent.map(\.bytes.count), [20, 20])
        XCTAssertEqual(sent.map(\.characteristic), subscribed)
        XCTAssertEqual(records(sent).map(\.id), Array(1...8))
    }

    func testNothingIsSentWithoutSubscriptionOrWhileAsleep() {
        let trace = FuffrTouchTrace([.init(side: .right, start: .zero, duration: .seconds(1), from: (0.5, 0.5))])
        var unsubscribed = enabled(TouchEnableCommand(sides: .all, touchesPerSide: 1)!, trace: trace, subscribed: [])
        XCTAssertEqual(unsubscribed.advance(to: .zero), [])
        var asleep = enabled(.powerSave, trace: trace)
        XCTAssertEqual(asleep.advance(to: .zero), [])
    }

    /// The firmware's crash (FuffrLib's `enableSides` avoids it): switching between two sensing commands
    /// without 00 00 is recorded.
    func testChangingSidesWithoutZeroFirstIsAViolation() {
        var p = enabled(TouchEnableCommand(sides: .all, touchesPerSide: 1)!, trace: FuffrTouchTrace())
        XCTAssertEqual(p.violations, [])
        p.write(FuffrGATT.enabler, [0x05, 0x02])
        XCTAssertEqual(p.violations.count, 1)
        p.write(FuffrGATT.enabler, [0x05])
        XCTAssertEqual(p.violations.count, 2)
        XCTAssertEqual(p.command.bytes, [0x05, 0x02], "a malformed write changes nothing")
        XCTAssertEqual(p.operations.suffix(2), ["write FFF1 05 02", "write FFF1 05"])
    }

    func testTheGATTDatabaseAndAdvertisingAreWhatACentralLooksFor() {
        let db = FuffrPeripheral.gattDatabase
        XCTAssertNotNil(db.valueHandle(of: FuffrGATT.enabler))
        for c in FuffrGATT.touchCharacteristics {
            let cccd = db.attributes.first { $0.kind == .clientConfiguration && $0.characteristic == c }
            XCTAssertNotNil(cccd, "\(c) has a CCCD")
        }
        let write = db.attributes.first { $0.kind == .characteristicValue && $0.characteristic == FuffrGATT.enabler }
        XCTAssertEqual(write?.properties, [.write])
        let device = DiscoveredDevice(DiscoveryReport(address: BluetoothAddress(string: "11:22:33:44:55:66")!, addressType: .leRandom,
                                                      rssi: -40, advertisingData: FuffrPeripheral.advertising, time: .zero))
        XCTAssertEqual(DeviceClassifier.kind(of: device), .touchCase)
        XCTAssertEqual(device.serviceUUIDs, [FuffrGATT.sensorService])
    }
}
