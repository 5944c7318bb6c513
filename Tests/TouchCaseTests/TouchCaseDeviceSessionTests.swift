import BLE
import BLETestKit
import TouchCase
import XCTest

/// The touch case's session run by the device driver, as the touch case actor runs it, without sockets.
final class TouchCaseDeviceSessionTests: XCTestCase {
    private let table = [FuffrGATT.sensorService: [FuffrGATT.enabler] + FuffrGATT.touchCharacteristics]
    private let command = TouchEnableCommand(sides: .all, touchesPerSide: 2)!
    private let backoff = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(1))

    private func caseDevice() -> EmbeddedGATTDevice<TouchCaseSession> {
        EmbeddedGATTDevice(session: TouchCaseSession(command: command), policy: .keepConnected(backoff), peripheral: table)
    }

    private var sequence: [GATTOperation] {
        [.write(FuffrGATT.enabler, [0x00, 0x00], withResponse: true)]
            + FuffrGATT.touchCharacteristics.map { .notifications($0, enabled: true) }
            + [.write(FuffrGATT.enabler, command.bytes, withResponse: true)]
    }

    func testEveryConnectionRunsTheEnableSequenceInOrder() {
        var d = caseDevice()
        d.start()
        d.completeAll()
        XCTAssertEqual(d.performed, sequence)
        XCTAssertEqual(d.session.state, .ready)
        d.dropLink()
        d.advance(by: .milliseconds(500))
        d.completeAll()
        XCTAssertEqual(d.performed, sequence + sequence, "FuffrLib reconnects 0.5 s later and enables afresh")
    }

    /// The silence timer is armed only while a touch is live: an idle case costs no wake-ups.
    func testASilentTouchEndsAfter200MillisecondsAndOnlyThenIsATimerArmed() {
        var d = caseDevice()
        d.start()
        d.completeAll()
        XCTAssertNil(d.driver.sessionDeadline, "no touch, no timer")
        d.notify(FuffrGATT.touchCharacteristics[0], TouchRecord(id: 1, isDown: true, rawX: 100, rawY: 100).bytes)
        XCTAssertEqual(d.driver.sessionDeadline, .milliseconds(200))
        d.advance(by: .milliseconds(199))
        let phases = { (d: EmbeddedGATTDevice<TouchCaseSession>) in
            d.events.compactMap { if case .touch(let t) = $0 { t.phase } else { nil } }
        }
        XCTAssertEqual(phases(d), [.began])
        d.advance(by: .milliseconds(1))
        XCTAssertEqual(phases(d), [.began, .ended])
        XCTAssertNil(d.driver.sessionDeadline)
    }

    func testAFailedEnableWriteClosesTheLinkAndTheNextConnectionStartsOver() {
        var d = caseDevice()
        d.start()
        d.complete()
        d.fail(.attributeError(code: 0x03, characteristic: FuffrGATT.touchCharacteristics[0]))
        guard case .closed(let reason?, retryIn: .milliseconds(500))? = d.changes.last else { return XCTFail("\(d.changes)") }
        XCTAssertTrue(reason.contains("failed"), reason)
        d.advance(by: .milliseconds(500))
        d.completeAll()
        XCTAssertEqual(Array(d.performed.suffix(sequence.count)), sequence)
        XCTAssertEqual(d.session.state, .ready)
    }

    func testPowerSavingOnARunningLinkSendsTheSequenceWithNoSide() {
        var d = caseDevice()
        d.start()
        d.completeAll()
        d.update { session, now in session.apply(.powerSave, now: now) }
        d.completeAll()
        XCTAssertEqual(d.performed.last, .write(FuffrGATT.enabler, [0x00, 0x00], withResponse: true))
        XCTAssertEqual(d.session.command, .powerSave)
    }
}
