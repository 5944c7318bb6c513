import BLE
import TouchCase
import XCTest

/// FuffrLib's touch lifecycle (`FFRCaseHandler.m`, `FFRTrackingHandler.m`): began / moved / ended from the
/// down flag, the 200 ms silence rule, decoding on every side.
final class TouchLifecycleTests: XCTestCase {
    private func down(_ id: UInt8, _ x: UInt16, _ y: UInt16) -> TouchRecord { TouchRecord(id: id, isDown: true, rawX: x, rawY: y) }
    private func up(_ id: UInt8) -> TouchRecord { TouchRecord(id: id, isDown: false, rawX: 0, rawY: 0) }

    /// Each side's record (n = 1: ids 1…4 are right, bottom, left, top) at raw (0,0) and (R,R),
    /// through the whole session: side, normalized point and raw point of the began event.
    func testRecordsDecodeOnAllFourSidesAtBothCorners() {
        let r = TouchNormalization.rawMaximum
        let cases: [(UInt8, CaseSide, atOrigin: [Double], atFull: [Double])] = [
            (1, .right, [0, 0], [1, 1]), (2, .bottom, [0, 0], [1, 1]),
            (3, .left, [1, 1], [0, 0]), (4, .top, [1, 1], [0, 0]),
        ]
        for (id, side, origin, full) in cases {
            for (raw, expected) in [(UInt16(0), origin), (r, full)] {
                var session = TouchCaseSession.ready(touchesPerSide: 1)
                let events = session.feed([down(id, raw, raw)], at: 7).touches
                XCTAssertEqual(events.count, 1, "\(side)")
                XCTAssertEqual(events.first?.side, side)
                XCTAssertEqual(events.first?.id, Int(id))
                XCTAssertEqual(events.first.map { [$0.x, $0.y] }, expected, "\(side) at raw \(raw)")
                XCTAssertEqual(events.first?.rawX, raw)
                XCTAssertEqual(events.first?.time, .milliseconds(7))
            }
        }
    }

    func testBeganMovedEndedFollowTheDownFlag() {
        var session = TouchCaseSession.ready(touchesPerSide: 2)
        XCTAssertEqual(session.feed([down(1, 100, 200)], at: 0).touches.map(\.phase), [.began])
        XCTAssertEqual(session.feed([down(1, 100, 300)], at: 20).touches.map(\.phase), [.moved])
        let ended = session.feed([up(1)], at: 40).touches
        XCTAssertEqual(ended.map(\.phase), [.ended])
        // The ended touch keeps its last tracked position (as in FuffrLib), stamped with the release's arrival.
        XCTAssertEqual(ended.first?.rawY, 300)
        XCTAssertEqual(ended.first?.time, .milliseconds(40))
        XCTAssertEqual(session.feed([up(1)], at: 60).touches, [], "a second release of a touch that ended is ignored")
        XCTAssertEqual(session.trackedTouches, [])
    }

    /// A record at an unchanged position only refreshes the touch: no event, but it stays alive.
    func testAStationaryFingerRefreshesWithoutEvents() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        _ = session.feed([down(2, 500, 500)], at: 0)
        XCTAssertEqual(session.feed([down(2, 500, 500)], at: 150).touches, [])
        XCTAssertEqual(session.tick(now: .milliseconds(300)).touches, [], "refreshed at 150 ms, so alive until 350 ms")
        XCTAssertEqual(session.nextDeadline, .milliseconds(350))
    }

    /// A touch unheard of for 200 ms ends; at 199 ms it is still alive. Its end is stamped at the deadline.
    func testTheTwoHundredMillisecondSilenceRule() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        _ = session.feed([down(1, 10, 10)], at: 1000)
        XCTAssertEqual(session.tick(now: .milliseconds(1199)), [])
        let ended = session.tick(now: .milliseconds(1267)).touches
        XCTAssertEqual(ended.map(\.phase), [.ended])
        XCTAssertEqual(ended.first?.time, .milliseconds(1200))
        XCTAssertEqual(session.counters.silentEnds, 1)
        XCTAssertNil(session.nextDeadline)
        // Data resuming for the pruned id begins a new touch (FuffrLib re-adds it as began).
        XCTAssertEqual(session.feed([down(1, 20, 20)], at: 1300).touches.map(\.phase), [.began])
    }

    /// A late notification first ends touches whose silence ran out before it, so events stay in time order.
    func testSilentTouchesEndBeforeALaterNotificationIsApplied() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        _ = session.feed([down(1, 10, 10)], at: 0)
        let out = session.feed([down(2, 10, 10)], at: 500).touches
        XCTAssertEqual(out.map(\.phase), [.ended, .began])
        XCTAssertEqual(out.map(\.time), [.milliseconds(200), .milliseconds(500)])
    }

    /// As in FuffrLib's `FFRTrackingHandler.m`: a moved delivery holds every tracked touch; began and ended
    /// hold the one touch.
    func testFuffrLibDeliveriesCarryTheTrackedSetOnMoves() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        _ = session.feed([down(1, 10, 10), down(3, 10, 10)], at: 0)
        let moved = session.feed([down(3, 10, 99)], at: 20).deliveries
        XCTAssertEqual(moved.map(\.kind), [.moved])
        XCTAssertEqual(moved.first?.touches.map(\.id), [1, 3])
        XCTAssertEqual(moved.first?.touches.map(\.side), [.right, .left])
        let ended = session.feed([up(1)], at: 40).deliveries
        XCTAssertEqual(ended.first?.kind, .ended)
        XCTAssertEqual(ended.first?.touches.map(\.id), [1])
    }

    /// Several records in one notification are applied in order, all at its arrival time.
    func testAMultiRecordNotificationAppliesRecordsInOrder() {
        var session = TouchCaseSession.ready(touchesPerSide: 5)
        let out = session.feed([down(6, 1, 1), down(16, 2, 2), TouchRecord(id: 0, isDown: true, rawX: 9, rawY: 9), down(11, 3, 3)], at: 5)
        XCTAssertEqual(out.touches.map(\.id), [6, 16, 11])
        XCTAssertEqual(out.touches.map(\.side), [.bottom, .top, .left])
        XCTAssertEqual(session.counters.records, 3, "the empty slot (id 0) is skipped, not counted as a touch")
        XCTAssertEqual(session.counters.unmappedRecords, 0)
    }

    func testALostLinkCancelsEveryLiveTouch() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        _ = session.feed([down(1, 10, 10), down(4, 10, 10)], at: 0)
        let out = session.linkLost(expected: false, now: .milliseconds(90))
        XCTAssertEqual(out.touches.map(\.phase), [.cancelled, .cancelled])
        XCTAssertEqual(out.touches.map(\.time), [.milliseconds(90), .milliseconds(90)])
        XCTAssertEqual(out.deliveries.map(\.kind), [.ended, .ended], "FuffrLib's observers hear a disconnect as ended")
    }

    /// A failed operation makes the link unusable: live touches are cancelled then, before the state
    /// change, not ended by silence 200 ms after the session said it was not connected (found by the
    /// fuffr-touch fuzz target).
    func testAFailedOperationCancelsEveryLiveTouchBeforeItSaysNotConnected() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        func operations(_ out: [TouchCaseSession.Output]) -> [GATTOperation] {
            out.compactMap { if case .perform(let operation) = $0 { operation } else { nil } }
        }
        // A second reconfiguration queues its sequence behind the first: once the first one's last
        // write lands, touches decode while the second sequence is still pending.
        guard let two = TouchEnableCommand(sides: .all, touchesPerSide: 2),
              let three = TouchEnableCommand(sides: .all, touchesPerSide: 3) else { return XCTFail("no command") }
        let first = operations(session.configure(two, now: .milliseconds(10)))
        let second = operations(session.configure(three, now: .milliseconds(11)))
        for operation in first { _ = session.completed(operation, now: .milliseconds(12)) }
        XCTAssertEqual(session.feed([down(2, 10, 10)], at: 20).touches.map(\.phase), [.began])
        let out = session.failed(second[0], reason: "ATT error", now: .milliseconds(30))
        XCTAssertEqual(out.touches.map(\.phase), [.cancelled])
        XCTAssertEqual(out.touches.map(\.time), [.milliseconds(30)])
        guard let failedAt = out.firstIndex(where: { if case .failed = $0 { true } else { false } }),
              let touchAt = out.firstIndex(where: { if case .touch = $0 { true } else { false } }) else {
            return XCTFail("\(out)")
        }
        XCTAssertLessThan(touchAt, failedAt)
        XCTAssertEqual(session.tick(now: .seconds(1)).touches, [], "nothing is left to end by silence")
    }
}
