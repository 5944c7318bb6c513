@testable import Belt
import Vocabulary
import XCTest

final class BeltSessionTests: XCTestCase {
    /// Everything the session asked to perform.
    func performed(_ outputs: [BeltSession.Output]) -> [BeltWrite] {
        outputs.compactMap { if case .perform(let w) = $0 { w } else { nil } }
    }

    func events(_ outputs: [BeltSession.Output]) -> [BeltEvent] {
        outputs.compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    let allCharacteristics = Set(BeltCharacteristic.allCases)

    /// Drives a session through a handshake with a belt that answers every request, and returns the
    /// operations in the order the session asked for them.
    /// `midway` runs once the first operation is under way, and what it returns is performed too.
    func handshake(_ session: inout BeltSession, mode: UInt8 = 0x01,
                   midway: ((inout BeltSession) -> [BeltSession.Output])? = nil)
        -> (operations: [BeltWrite], last: [BeltSession.Output]) {
        var operations: [BeltWrite] = []
        _ = session.connecting()
        _ = session.linkEstablished()
        var pending = performed(session.discovered(allCharacteristics, now: .zero))
        if let midway { pending += performed(midway(&session)) }
        var last: [BeltSession.Output] = []
        var t = Duration.zero
        while let op = pending.first {
            operations.append(op)
            t += .milliseconds(20)
            var out: [BeltSession.Output] = []
            switch (op.characteristic, op.bytes) {
            case (.fe05, [0x01, 0x01]): out += session.received(.fe06, [0x01, 0x01, mode], now: t)
            case (.fe05, [0x01, 0x02]): out += session.received(.fe06, [0x01, 0x02, 0x32], now: t)
            case (.fe05, [0x01, 0x03]): out += session.received(.fe06, [0x01, 0x03, 0x2D, 0x00], now: t)
            case (.fe05, [0x10, 0x01, 0x03]): out += session.received(.fe06, [0x10, 0x03, 0x03], now: t)
            default: break
            }
            let value: [UInt8] = op.kind == .readRequest && op.characteristic == .fe01 ? [52, 0x00, 0x01] : []
            out += session.completed(op, value: value, now: t)
            pending = performed(out)
            last = out
        }
        return (operations, last)
    }

    func testTheHandshakeFollowsTheRecommendedSequenceAndEndsConnected() {
        var s = BeltSession()
        let (operations, last) = handshake(&s)
        // pybelt's `_handshake` order; no FE0C, as nobody asked for the belt's heading.
        XCTAssertEqual(operations, Self.pybeltHandshake)
        XCTAssertEqual(s.state, .connected)
        XCTAssertEqual(events(last), [.modeChanged(.wait), .firmware(BeltFirmwareInfo(version: 52, variant: 1)),
                                      .compassAccuracySignal(.everywhere), .connected],
                       "what the owner acts on at connection first, then connected")
        XCTAssertEqual(s.defaultIntensity, 50)
        XCTAssertEqual(s.firmware?.version, 52)
        XCTAssertEqual(s.headingOffset, 45)
        XCTAssertEqual(s.compassAccuracySignal, .everywhere)
    }

    static let pybeltHandshake: [BeltWrite] = [
        .notifications(.fe02, enabled: true),
        .notifications(.fe06, enabled: true),
        BeltWrite(characteristic: .fe05, bytes: [0x01, 0x01]),
        BeltWrite(characteristic: .fe05, bytes: [0x01, 0x02]),
        .read(.fe01),
        BeltWrite(characteristic: .fe05, bytes: [0x01, 0x03]),
        BeltWrite(characteristic: .fe05, bytes: [0x10, 0x01, 0x03]),
        .notifications(.fe04, enabled: true),
        .notifications(.fe09, enabled: true),
    ]

    func testHeadingReportsWantedFromTheStartAreAskedForLastInTheHandshake() {
        var s = BeltSession(reportsOrientation: true)
        let (operations, _) = handshake(&s)
        XCTAssertEqual(operations, Self.pybeltHandshake + [.notifications(.fe0c, enabled: true)])
        XCTAssertEqual(s.state, .connected)
        XCTAssertEqual(performed(s.setReportsOrientation(true)), [], "already asked for")
    }

    func testHeadingReportsAreStartedAndStoppedOnDemandWhileConnected() {
        var s = BeltSession()
        _ = handshake(&s)
        XCTAssertEqual(performed(s.setReportsOrientation(true)), [.notifications(.fe0c, enabled: true)])
        _ = s.received(.fe0c, Self.orientationReport, now: .seconds(2))
        XCTAssertNotNil(s.orientation)
        XCTAssertEqual(performed(s.setReportsOrientation(false)), [.notifications(.fe0c, enabled: false)])
        XCTAssertNil(s.orientation, "a heading nobody refreshes is not kept")
        XCTAssertEqual(performed(s.setReportsOrientation(false)), [], "the CCCD is written once per change")
    }

    func testHeadingReportsAskedForDuringTheHandshakeFollowItsEnd() {
        var s = BeltSession()
        var midway: [BeltWrite] = []
        let (operations, _) = handshake(&s) { session in
            let out = session.setReportsOrientation(true)
            midway = self.performed(out)
            return out
        }
        XCTAssertEqual(midway, [], "nothing is slipped into the handshake")
        XCTAssertEqual(operations, Self.pybeltHandshake + [.notifications(.fe0c, enabled: true)])
        XCTAssertEqual(s.state, .connected)

        var t = BeltSession()
        _ = t.setReportsOrientation(true)
        XCTAssertEqual(handshake(&t).operations.last, .notifications(.fe0c, enabled: true),
                       "asked for before connecting, it is asked of the connection")
    }

    static let orientationReport = BeltNotification.orientation(BeltOrientationReport(beltHeading: 90)).encoded().bytes

    func testABeltWithoutTheSensorServiceIsNotAskedForHeadings() {
        var s = BeltSession(reportsOrientation: true)
        _ = s.connecting()
        _ = s.linkEstablished()
        let out = s.discovered(allCharacteristics.subtracting([.fe0a, .fe0b, .fe0c]), now: .zero)
        XCTAssertFalse(performed(out).contains { $0.characteristic == .fe0c })
    }

    func testAMissingAnswerToARequiredStepFailsTheHandshake() {
        var s = BeltSession()
        _ = s.connecting()
        _ = s.linkEstablished()
        var ops = performed(s.discovered(allCharacteristics, now: .zero))
        ops = performed(s.completed(ops[0], now: .milliseconds(10)))       // FE02 on
        ops = performed(s.completed(ops[0], now: .milliseconds(20)))       // FE06 on → mode request
        _ = s.completed(ops[0], now: .milliseconds(30))                    // written, but no FE06 answer
        XCTAssertEqual(s.tick(now: .milliseconds(900)), [])
        let out = s.tick(now: .milliseconds(1100))
        XCTAssertEqual(out.first, .failed(.handshakeFailed("no answer within 1.0 seconds")))
        XCTAssertEqual(s.state, .notConnected)
    }

    func testOptionalStepsAreSkippedWhenTheBeltDoesNotAnswer() {
        var s = BeltSession()
        _ = s.connecting()
        _ = s.linkEstablished()
        var ops = performed(s.discovered(allCharacteristics, now: .zero))
        var t = Duration.zero
        func step(answer: (BeltCharacteristic, [UInt8])? = nil, value: [UInt8] = []) {
            t += .milliseconds(10)
            var out = s.completed(ops[0], value: value, now: t)
            if let answer { out += s.received(answer.0, answer.1, now: t) }
            ops = performed(out)
        }
        step(); step()
        step(answer: (.fe06, [0x01, 0x01, 0x03]))
        step(answer: (.fe06, [0x01, 0x02, 0x50]))
        step(value: [45, 0, 0])
        XCTAssertEqual(ops, [BeltWrite(characteristic: .fe05, bytes: [0x01, 0x03])])
        step()                                                  // heading offset: written, never answered
        XCTAssertEqual(ops, [])
        ops = performed(s.tick(now: t + .seconds(1)))
        XCTAssertEqual(ops, [BeltWrite(characteristic: .fe05, bytes: [0x10, 0x01, 0x03])], "skipped to the next step")
        XCTAssertEqual(s.state, .handshake)
    }

    func testAMissingCharacteristicIsNotABelt() {
        var s = BeltSession()
        _ = s.connecting()
        _ = s.linkEstablished()
        let out = s.discovered([.fe01, .fe02], now: .zero)
        XCTAssertEqual(out.first, .failed(.connectionFailed("not a belt, or an unknown generation: fe03, fe04, fe05, fe06, fe09 missing")))
        XCTAssertEqual(s.state, .notConnected)
    }

    func testKeepAlivesAreAnsweredAndModeChangesReported() {
        var s = BeltSession()
        _ = handshake(&s)
        let out = s.received(.fe02, [0x00, 0x03], now: .seconds(5))
        XCTAssertEqual(performed(out), [BeltCommand.answerKeepAlive.encoded()])
        XCTAssertEqual(events(out), [.modeChanged(.app)], "a keep-alive showing another mode is a mode change")
        XCTAssertEqual(events(s.received(.fe02, [0x00, 0x03], now: .seconds(6))), [], "the same mode is not")
    }

    func testButtonsAndBatteryBecomeEvents() {
        var s = BeltSession()
        _ = handshake(&s)
        XCTAssertEqual(events(s.received(.fe04, [0x02, 0x01, 0x00, 0x03, 0x03], now: .seconds(1))),
                       [.buttonPressed(.pause, .short, previousMode: .app, newMode: .app)])
        let battery = BeltBatteryStatus(powerStatus: .onBattery, levelRaw: 0x4B00, timeRaw: 0x0780,
                                        currentMilliamperes: -250, voltageMillivolts: 3850)
        XCTAssertEqual(events(s.received(.fe09, [0x01, 0x00, 0x4B, 0x80, 0x07, 0x06, 0xFF, 0x0A, 0x0F], now: .seconds(2))),
                       [.battery(battery)])
        XCTAssertEqual(battery.levelPercent, 75)
        XCTAssertEqual(battery.timeSeconds, 10800)
    }

    func testTheBeltsOwnIntensityAndCompassSignalBecomeEventsOnceConnected() {
        var s = BeltSession()
        _ = handshake(&s)
        XCTAssertEqual(events(s.received(.fe06, [0x01, 0x02, 0x50], now: .seconds(1))), [.defaultIntensity(80)])
        XCTAssertEqual(events(s.received(.fe06, [0x10, 0x00, 0x46], now: .seconds(2))), [.defaultIntensity(70)],
                       "the advanced form too")
        XCTAssertEqual(events(s.received(.fe06, [0x10, 0x03, 0x01], now: .seconds(3))), [.compassAccuracySignal(.inCompassMode)])
        XCTAssertEqual(s.defaultIntensity, 70)
        XCTAssertEqual(s.compassAccuracySignal, .inCompassMode)
    }

    func testTheHandshakesIntensityIsNotReportedAsTheBeltsOwnChange() {
        var s = BeltSession()
        let (_, last) = handshake(&s)
        XCTAssertFalse(events(last).contains(.defaultIntensity(50)), "the owner writes its own at connection")
    }

    /// Nonsense on FE09 is shown as unknown, never a crash, and the packet's good parts are kept.
    func testABatteryReportWithValuesNoBatteryHasReadsAsUnknown() throws {
        var s = BeltSession()
        _ = handshake(&s)
        // Power status 7, level 0xFFFF (256 %), time 0xFFFF (FSLib-iOS's -1 read unsigned).
        let out = s.received(.fe09, [0x07, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x68, 0x10], now: .seconds(1))
        let battery = try XCTUnwrap(s.battery)
        XCTAssertEqual(events(out), [.battery(battery)])
        XCTAssertEqual(battery.powerStatus, .unknown)
        XCTAssertEqual(battery.powerStatusRaw, 7, "kept as sent, so it re-encodes")
        XCTAssertNil(battery.levelPercent)
        XCTAssertNil(battery.timeSeconds)
        XCTAssertEqual(BeltNotification.batteryStatus(battery).encoded().bytes,
                       [0x07, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x68, 0x10])
        // Charging at a full 100.5 %: the level is 100, the time is to full.
        _ = s.received(.fe09, [0x02, 0x80, 0x64, 0x40, 0x02, 0xC8, 0x00, 0x68, 0x10], now: .seconds(2))
        XCTAssertEqual(s.battery?.levelPercent, 100)
        XCTAssertEqual(s.battery?.timeSeconds, 576 * 5.625)
        // External power: no time to show, whatever the field says.
        _ = s.received(.fe09, [0x03, 0x00, 0x64, 0x40, 0x02, 0x00, 0x00, 0x68, 0x10], now: .seconds(3))
        XCTAssertEqual(s.battery?.powerStatus, .external)
        XCTAssertNil(s.battery?.timeSeconds)
    }

    func testMalformedNotificationsAreReportedAndDroppedWithTheStateIntact() {
        var s = BeltSession()
        _ = handshake(&s)
        for (c, bytes) in [(BeltCharacteristic.fe04, [0x02, 0x01]), (.fe06, [0x01]), (.fe09, [0x01, 0x00, 0x4B])] as [(BeltCharacteristic, [UInt8])] {
            let out = s.received(c, bytes, now: .seconds(3))
            XCTAssertEqual(out.count, 1, "\(c) \(bytes)")
            guard case .protocolError = out.first else { return XCTFail("\(out)") }
        }
        let keepAlive = s.received(.fe02, [], now: .seconds(3))
        guard case .protocolError = keepAlive.first else { return XCTFail("\(keepAlive)") }
        XCTAssertEqual(performed(keepAlive), [BeltCommand.answerKeepAlive.encoded()], "an unreadable keep-alive is still answered")
        XCTAssertEqual(s.state, .connected)
        XCTAssertEqual(s.mode, .wait)
        XCTAssertEqual(s.defaultIntensity, 50)
    }

    func testALostLinkIsReportedOnce() {
        var s = BeltSession()
        _ = handshake(&s)
        let out = s.linkLost(expected: false)
        XCTAssertEqual(events(out), [.disconnected(expected: false)])
        XCTAssertTrue(out.contains(.failed(.connectionLost)))
        XCTAssertEqual(s.state, .notConnected)
        XCTAssertEqual(s.mode, .unknown, "nothing is assumed about the next connection")
        XCTAssertEqual(s.linkLost(expected: false), [])
    }

    /// The power button held: the belt notifies standby (FE04 `01 03 00 01 00`, power button, long,
    /// wait → standby) and closes the link. The loss that follows is the wearer switching the belt
    /// off, not a lost connection, although the loss resets the mode it was told by.
    func testStandbyBeforeTheLinkClosesMakesTheLossASwitchOff() {
        var s = BeltSession()
        _ = handshake(&s)
        let press = s.received(.fe04, [0x01, 0x03, 0x00, 0x01, 0x00], now: .seconds(2))
        XCTAssertEqual(events(press), [.buttonPressed(.power, .long, previousMode: .wait, newMode: .standby)])
        XCTAssertEqual(s.mode, .standby)
        let out = s.linkLost(expected: false)
        XCTAssertEqual(events(out), [.switchedOff])
        XCTAssertFalse(out.contains(.failed(.connectionLost)), "\(out)")
        XCTAssertEqual(s.state, .notConnected)
        XCTAssertEqual(s.mode, .unknown)
    }

    /// FE06 `01 01 00` (the mode parameter, standby) counts as the button event does.
    func testAStandbyModeNotificationAlsoMakesTheLossASwitchOff() {
        var s = BeltSession()
        _ = handshake(&s)
        _ = s.received(.fe06, [0x01, 0x01, 0x00], now: .seconds(2))
        XCTAssertEqual(events(s.linkLost(expected: false)), [.switchedOff])
    }

    /// A loss with no standby before it (the belt walked out of range, its battery died) stays a loss;
    /// and closing the link ourselves while the belt is in standby is our disconnection, no switch-off.
    func testALossWithoutStandbyStaysALossAndOurOwnCloseStaysExpected() {
        var s = BeltSession()
        _ = handshake(&s)
        _ = s.received(.fe06, [0x01, 0x01, 0x03], now: .seconds(2))
        let lost = s.linkLost(expected: false)
        XCTAssertEqual(events(lost), [.disconnected(expected: false)])
        XCTAssertTrue(lost.contains(.failed(.connectionLost)))
        var ours = BeltSession()
        _ = handshake(&ours)
        _ = ours.received(.fe06, [0x01, 0x01, 0x00], now: .seconds(2))
        XCTAssertEqual(events(ours.linkLost(expected: true)), [.disconnected(expected: true)])
    }
}

final class BeltDiscoveryTests: XCTestCase {
    private func uuid(_ text: String) -> BLEUUID {
        guard let uuid = BLEUUID(string: text) else { preconditionFailure("\(text) is not a UUID") }
        return uuid
    }

    func testABeltAdvertisesAServiceAndTheNamePrefix() {
        XCTAssertTrue(BeltDiscovery.isBelt(name: "naviGuertel 1234", serviceUUIDs: [uuid("FE51")]))
        XCTAssertTrue(BeltDiscovery.isBelt(name: "NAVIGUERTEL", serviceUUIDs: [uuid("0000fe51-0000-1000-8000-00805f9b34fb")]))
        XCTAssertTrue(BeltDiscovery.isBelt(name: "naviGuertel", serviceUUIDs: [uuid("65333333-a115-11e2-9e9a-0800200ca100")]))
        XCTAssertTrue(BeltDiscovery.isBelt(name: nil, serviceUUIDs: [uuid("FE51")]), "the name may come later, in the scan response")
    }

    func testTheLegacyUUIDAloneIsNotEnoughWhenTheNameSaysOtherwise() {
        XCTAssertFalse(BeltDiscovery.isBelt(name: "Shimmer3R", serviceUUIDs: [uuid("65333333-A115-11E2-9E9A-0800200CA100")]))
        XCTAssertFalse(BeltDiscovery.isBelt(name: "naviGuertel", serviceUUIDs: [uuid("180F")]), "the name alone is not enough")
        XCTAssertFalse(BeltDiscovery.isBelt(name: "vs-dev", serviceUUIDs: [uuid("FE51")]), "development devices are not belts")
    }
}
