import BLE
import TouchCase
import XCTest

/// The write sequence of FuffrLib's `enableSides:touchesPerSide:`: FFF1 `00 00`, CCCD `01 00` on all of
/// FFF2…FFF6, FFF1 `[bitmap, n]`.
final class EnableSequenceTests: XCTestCase {
    let leftRightOne = TouchEnableCommand(sides: [.left, .right], touchesPerSide: 1)!

    private func discovered(_ characteristics: Set<BLEUUID> = TouchCaseSession.allCharacteristics,
                            command: TouchEnableCommand) -> (TouchCaseSession, [TouchCaseSession.Output]) {
        var session = TouchCaseSession(command: command)
        XCTAssertEqual(session.connecting().states, [.connecting])
        XCTAssertEqual(session.linkEstablished().states, [.discovering])
        let out = session.discovered(characteristics, now: .zero)
        return (session, out)
    }

    func testDiscoveryStartsTheSequenceInSpecOrder() {
        let (_, out) = discovered(command: leftRightOne)
        XCTAssertEqual(out.states, [.enabling])
        XCTAssertEqual(out.operations.map(\.description), [
            "write FFF1 00 00",
            "notify FFF2 on", "notify FFF3 on", "notify FFF4 on", "notify FFF5 on", "notify FFF6 on",
            "write FFF1 05 01",
        ])
    }

    /// Records are read with n only once the case acknowledged `[bitmap, n]`; before, they are dropped.
    func testIdsAreDecodedWithTheAcknowledgedCountOnly() {
        var (session, out) = discovered(command: leftRightOne)
        let ops = out.operations
        for op in ops.dropLast() { XCTAssertEqual(session.completed(op, now: .zero), []) }
        XCTAssertEqual(session.decodingTouchesPerSide, 0)
        out = session.feed([TouchRecord(id: 1, isDown: true, rawX: 10, rawY: 10)], at: 1)
        XCTAssertEqual(out.touches, [])
        XCTAssertEqual(session.counters.unmappedRecords, 1)
        XCTAssertEqual(session.completed(ops.last!, now: .milliseconds(2)).states, [.ready])
        XCTAssertEqual(session.decodingTouchesPerSide, 1)
        XCTAssertEqual(session.feed([TouchRecord(id: 1, isDown: true, rawX: 10, rawY: 10)], at: 3).touches.map(\.side), [.right])
    }

    func testCompletionsOutOfOrderAreIgnored() {
        var (session, out) = discovered(command: leftRightOne)
        XCTAssertEqual(session.completed(out.operations.last!, now: .zero), [])
        XCTAssertEqual(session.outstandingOperations, out.operations)
        XCTAssertEqual(session.state, .enabling)
        out = session.completed(out.operations[0], now: .zero)
        XCTAssertEqual(session.outstandingOperations.count, 6)
    }

    /// Only the touch characteristics the case has are subscribed; FFF1 is required.
    func testMissingCharacteristics() {
        let some = Set([FuffrGATT.enabler, FuffrGATT.touchCharacteristics[0], FuffrGATT.touchCharacteristics[3]])
        let (_, out) = discovered(some, command: leftRightOne)
        XCTAssertEqual(out.operations.map(\.description), ["write FFF1 00 00", "notify FFF2 on", "notify FFF5 on", "write FFF1 05 01"])
        let (noEnabler, failed) = discovered(Set(FuffrGATT.touchCharacteristics), command: leftRightOne)
        XCTAssertEqual(failed.failures.count, 1)
        XCTAssertTrue(failed.failures[0].contains("FFF1"), failed.failures[0])
        XCTAssertEqual(noEnabler.state, .notConnected)
        let (_, noTouch) = discovered([FuffrGATT.enabler], command: leftRightOne)
        XCTAssertEqual(noTouch.failures.count, 1)
    }

    /// Each change runs the whole sequence again (FuffrLib's every `enableSides`), cancelling live
    /// touches, whose ids the new count would reinterpret.
    func testReconfiguringRunsTheSequenceAgainAndCancelsLiveTouches() {
        var session = TouchCaseSession.ready(sides: .all, touchesPerSide: 2)
        XCTAssertEqual(session.feed([TouchRecord(id: 3, isDown: true, rawX: 100, rawY: 200)], at: 10).touches.map(\.phase), [.began])
        let out = session.configure(.powerSave, now: .milliseconds(20))
        XCTAssertEqual(out.touches.map(\.phase), [.cancelled])
        XCTAssertEqual(out.touches.first?.side, .bottom)
        XCTAssertEqual(out.deliveries.map(\.kind), [.ended])
        XCTAssertEqual(out.operations.map(\.description), [
            "write FFF1 00 00",
            "notify FFF2 on", "notify FFF3 on", "notify FFF4 on", "notify FFF5 on", "notify FFF6 on",
            "write FFF1 00 00",
        ])
        XCTAssertEqual(session.decodingTouchesPerSide, 0)
        XCTAssertEqual(session.configure(.powerSave, now: .milliseconds(30)), [], "the same command again changes nothing")
    }

    func testConfiguringWhileDisconnectedWaitsForTheNextConnection() {
        var session = TouchCaseSession(command: leftRightOne)
        XCTAssertEqual(session.configure(TouchEnableCommand(sides: .all, touchesPerSide: 5)!, now: .zero), [])
        _ = session.connecting()
        _ = session.linkEstablished()
        XCTAssertEqual(session.discovered(TouchCaseSession.allCharacteristics, now: .zero).operations.last?.description, "write FFF1 0F 05")
    }

    /// FuffrLib stops using the case after a failed write (`FFRCaseHandler.m`); we end the link to reconnect.
    func testAFailedWriteFailsTheConnection() {
        var (session, out) = discovered(command: leftRightOne)
        let failed = session.failed(out.operations[0], reason: "ATT error 0x03", now: .zero)
        XCTAssertEqual(failed.failures.count, 1)
        XCTAssertEqual(session.state, .notConnected)
        out = session.linkLost(expected: true, now: .zero)
        XCTAssertEqual(out.states, [])
    }

    func testTheSequenceRunsAgainOnEveryConnection() {
        var session = TouchCaseSession.ready(sides: [.left, .right], touchesPerSide: 1)
        _ = session.feed([TouchRecord(id: 1, isDown: true, rawX: 5, rawY: 5)], at: 5)
        let lost = session.linkLost(expected: false, now: .milliseconds(50))
        XCTAssertEqual(lost.touches.map(\.phase), [.cancelled])
        XCTAssertEqual(lost.states, [.notConnected])
        XCTAssertEqual(session.decodingTouchesPerSide, 0)
        _ = session.connecting()
        _ = session.linkEstablished()
        XCTAssertEqual(session.discovered(TouchCaseSession.allCharacteristics, now: .seconds(1)).operations.count, 7)
    }
}
