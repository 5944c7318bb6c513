@testable import Pencil
import XCTest

/// The per-connection GATT flow (docs/pencil.md, "The pen service") and the central-ID write.
final class PenLinkTests: XCTestCase {
    let all = Set(PenCharacteristic.penServiceCharacteristics)
    let ms = { (n: Int) in Duration.milliseconds(n) }

    private func link(requireTip: Bool = false) -> PenLink {
        PenLink(requireTipPressed: requireTip, centralID: 0xCAFE_F00D, information: PenInformation(name: "Pencil"))
    }

    /// HasListener 01 first, then the tip's notifications alone; once confirmed, read it and
    /// in one pass subscribe the rest, arm the 22 s battery timer and read the setup values.
    func testSetUpOrderFollowsTheSDK() {
        var l = link()
        XCTAssertEqual(l.start(discovered: all), [.write(.hasListener, [0x01]), .subscribe(.isTipPressed)])
        XCTAssertEqual(l.notificationsEnabled(.isTipPressed, now: .seconds(1)), [
            .read(.isTipPressed),
            .subscribe(.isEraserPressed), .subscribe(.tipPressure), .subscribe(.eraserPressure), .subscribe(.motion),
            .subscribe(.batteryLevel), .wake(at: .seconds(23)),
            .read(.inactivityTimeout), .read(.pressureSetup), .read(.motionSetup), .read(.manufacturingID),
            .read(.lastErrorCode), .read(.authenticationCode),
            .subscribe(.hasListener), .read(.hasListener), .subscribe(.encoderTurn),
        ])
        XCTAssertEqual(l.notificationsEnabled(.batteryLevel, now: .seconds(1)), [.read(.batteryLevel)],
                       "every other confirmation only reads its characteristic (step 6)")
        XCTAssertEqual(l.notificationsEnabled(.encoderTurn, now: .seconds(1)), [],
                       "but not the notify-only EncoderTurn, whose read the pen can only refuse")
    }

    /// Only IsTipPressed is needed; a pen without HasListener gets no write.
    func testAMinimalPenGetsOnlyTheTipSubscription() {
        var l = link()
        XCTAssertTrue(PenLink.isUsable([.isTipPressed]))
        XCTAssertFalse(PenLink.isUsable([.batteryLevel]))
        XCTAssertEqual(l.start(discovered: [.isTipPressed]), [.subscribe(.isTipPressed)])
        XCTAssertEqual(l.notificationsEnabled(.isTipPressed, now: .zero), [.read(.isTipPressed), .wake(at: .seconds(22))])
    }

    /// On a first pairing the first tip value must be "pressed"; 0 is the tip-released-too-early error.
    func testFirstPairingNeedsTheTipPressed() {
        var l = link(requireTip: true)
        _ = l.start(discovered: all)
        let (ops, events) = l.received(.isTipPressed, [0x00], now: ms(100))
        XCTAssertTrue(events.contains(.tipNotPressed))
        XCTAssertFalse(events.contains(.ready))
        XCTAssertFalse(l.isReady)
        XCTAssertEqual(ops, [])

        var pressed = link(requireTip: true)
        _ = pressed.start(discovered: all)
        let (ops2, events2) = pressed.received(.isTipPressed, [0x01], now: ms(100))
        XCTAssertTrue(events2.contains(.ready))
        XCTAssertEqual(ops2, [.discoverDeviceInformation], "DIS is discovered once ready (step 9)")
    }

    /// A reconnection does not need the tip; later tip changes are switch events stamped with host time.
    func testTipChangesAfterReadyAreStampedWithHostTime() {
        var l = link()
        _ = l.start(discovered: all)
        XCTAssertTrue(l.received(.isTipPressed, [0x00], now: ms(10)).events.contains(.ready))
        let down = l.received(.isTipPressed, [0x01], now: ms(500)).events
        XCTAssertTrue(down.contains(.switchChanged(PenSwitchEvent(.tip, isPressed: true, at: ms(500)))))
        let same = l.received(.isTipPressed, [0x01], now: ms(510)).events
        XCTAssertFalse(same.contains { if case .switchChanged = $0 { true } else { false } }, "no change, no event")
        XCTAssertTrue(l.received(.isTipPressed, [0x00], now: ms(700)).events
            .contains(.switchChanged(PenSwitchEvent(.tip, isPressed: false, at: ms(700)))))
    }

    /// Eraser changes are forwarded as they arrive, before readiness too.
    func testEraserChangesAreForwardedBeforeReadiness() {
        var l = link(requireTip: true)
        _ = l.start(discovered: all)
        let events = l.received(.isEraserPressed, [0x01], now: ms(40)).events
        XCTAssertTrue(events.contains(.switchChanged(PenSwitchEvent(.eraser, isPressed: true, at: ms(40)))))
        XCTAssertTrue(l.information.isEraserPressed)
    }

    /// The first battery value is ignored; the next is accepted; the 22 s timer reads only while unknown.
    func testTheFirstBatteryValueIsIgnoredAndTheFallbackReadsWhileUnknown() {
        var l = link()
        _ = l.start(discovered: all)
        _ = l.notificationsEnabled(.isTipPressed, now: .zero)
        _ = l.received(.batteryLevel, [90], now: ms(50))
        XCTAssertEqual(l.information.batteryLevel, .unknown)
        XCTAssertEqual(l.timerFired(now: .seconds(22)), [.read(.batteryLevel)])
        let events = l.received(.batteryLevel, [20], now: .seconds(22)).events
        XCTAssertEqual(l.information.batteryLevel, .low)
        XCTAssertTrue(events.contains { if case .information(let i) = $0 { i.batteryLevel == .low } else { false } })
        XCTAssertEqual(l.timerFired(now: .seconds(44)), [], "known: no fallback read")
    }

    /// An inactivity timeout of 0 is set back to 10 minutes.
    func testDisabledInactivityTimeoutIsRewrittenToTenMinutes() {
        var l = link()
        _ = l.start(discovered: all)
        XCTAssertEqual(l.received(.inactivityTimeout, [0x00], now: .zero).operations, [.write(.inactivityTimeout, [0x0A])])
        XCTAssertEqual(l.received(.inactivityTimeout, [0x05], now: .zero).operations, [])
    }

    /// Written once, only when married and the software revision is known; firmware > 55
    /// gets our ID little-endian.
    func testCentralIDIsWrittenOnceWhenMarriedAndTheRevisionIsKnown() {
        var l = link()
        _ = l.start(discovered: all)
        XCTAssertEqual(l.married(), [], "software revision not yet known")
        _ = l.received(.firmwareRevision, Array("55".utf8), now: .zero)
        let ops = l.received(.softwareRevision, Array("60*".utf8), now: .zero).operations
        XCTAssertEqual(ops, [.write(.centralID, [0x0D, 0xF0, 0xFE, 0xCA])])
        XCTAssertEqual(l.writtenCentralID, 0xCAFE_F00D)
        XCTAssertEqual(l.information.firmwareRevision, "60")
        XCTAssertEqual(l.received(.softwareRevision, Array("60*".utf8), now: .zero).operations, [], "once per connection")
        XCTAssertEqual(l.married(), [])
    }

    /// Revision known first, marriage later; firmware 55 running gets 0x00000001.
    func testCentralIDForV55FirmwareIsOne() {
        var l = link()
        _ = l.start(discovered: all)
        _ = l.received(.firmwareRevision, Array("55*".utf8), now: .zero)
        XCTAssertEqual(l.received(.softwareRevision, Array("54".utf8), now: .zero).operations, [], "not married yet")
        XCTAssertEqual(l.married(), [.write(.centralID, [0x01, 0x00, 0x00, 0x00])])
    }

    /// The SDK's firmware check against the versions the package knows: unknown until an image is
    /// starred as running, then whether the latest is newer; the hardware revision is kept as read.
    func testTheRunningFirmwareIsComparedWithTheLatestKnownVersion() {
        var l = link()
        _ = l.start(discovered: all)
        _ = l.received(.hardwareRevision, Array("Rev C".utf8), now: .zero)
        _ = l.received(.firmwareRevision, Array("55".utf8), now: .zero)
        XCTAssertNil(l.information.firmwareUpdateAvailable, "neither image is running yet")
        _ = l.received(.softwareRevision, Array("60*".utf8), now: .zero)
        XCTAssertEqual(l.information.firmwareRevision, "60")
        XCTAssertEqual(l.information.firmwareUpdateAvailable, true, "73 is newer than 60")
        XCTAssertEqual(l.information.hardwareRevision, "Rev C")
        _ = l.received(.softwareRevision, Array("73*".utf8), now: .zero)
        XCTAssertEqual(l.information.firmwareUpdateAvailable, false)
        XCTAssertEqual(PenFirmwareCatalog.updateAvailable(running: nil), nil)
        XCTAssertEqual(PenFirmwareCatalog.updateAvailable(running: 74), false)
        XCTAssertEqual(PenFirmwareCatalog.latest, 73)
    }

    /// Malformed values are dropped and counted, never a crash or a state change.
    func testMalformedValuesAreCounted() {
        var l = link()
        _ = l.start(discovered: all)
        let events = l.received(.isTipPressed, [], now: .zero).events
        XCTAssertEqual(events.count, 1)
        XCTAssertFalse(l.isReady)
        _ = l.received(.batteryLevel, [1, 2, 3], now: .zero)
        XCTAssertEqual(l.malformedCount, 2)
    }
}
