import BLE
import Simulation
import TouchCase
import XCTest

/// The simulated case on a host that reports late (an accelerated clock on a busy machine): every
/// stroke still arrives from its first point to its last, and lifts after its last move.
final class FuffrPeripheralLateReportTests: XCTestCase {
    private func enabled(_ trace: FuffrTouchTrace) -> FuffrPeripheral {
        var p = FuffrPeripheral(trace: trace)
        p.connect(at: .zero)
        p.write(FuffrGATT.enabler, [0x00, 0x00])
        for c in FuffrGATT.touchCharacteristics { p.setNotifications(c, enabled: true) }
        p.write(FuffrGATT.enabler, TouchEnableCommand(sides: .all, touchesPerSide: 1)!.bytes)
        return p
    }

    private func records(_ notifications: [FuffrPeripheral.Notification]) -> [TouchRecord] {
        notifications.flatMap { TouchRecord.records(in: $0.bytes) ?? [] }
    }

    /// Right side, finger 0 (id 1): x = ry/R, y = rx/R (FuffrLib `normalizePoint:onSide:`).
    private func raw(_ x: Double, _ y: Double) -> (UInt16, UInt16) {
        let r = TouchNormalization.raw(x: x, y: y, side: .right)
        return (r.rawX, r.rawY)
    }

    func testAStrokeBetweenTwoReportsArrivesWholeAndLiftsAtTheNextReport() {
        // A 150 ms swipe from 0.2 to 0.8, entirely between the reports at 0 and 400 ms.
        var p = enabled(FuffrTouchTrace([.init(side: .right, start: .milliseconds(100), duration: .milliseconds(150),
                                               from: (0.2, 0.5), to: (0.8, 0.5))]))
        XCTAssertEqual(records(p.advance(to: .zero)), [])
        let late = records(p.advance(to: .milliseconds(400)))
        XCTAssertEqual(late.map(\.isDown), [true, true], "the start point, then the end point; no release yet")
        XCTAssertEqual(late.map { ($0.rawX, $0.rawY) }.map { "\($0)" }, [raw(0.2, 0.5), raw(0.8, 0.5)].map { "\($0)" })
        let next = records(p.advance(to: .milliseconds(420)))
        XCTAssertEqual(next.map(\.isDown), [false])
        XCTAssertEqual(next.map(\.id), [1])
        XCTAssertEqual(records(p.advance(to: .milliseconds(440))), [])
        XCTAssertEqual(p.nextReportTime(after: .milliseconds(440)), nil, "nothing left: the host may sleep")
    }

    /// After a stroke the host wakes once more, `decisionWindow` after its end, and sends nothing then:
    /// its tight sleep keeps a paced clock slow while the central still decides on the stroke by time.
    func testTheHostWaitsOutTheCentralsDecisionWindowAfterAStrokeAndSendsNothingThen() {
        var p = enabled(FuffrTouchTrace([.init(side: .right, start: .milliseconds(100), duration: .milliseconds(150),
                                               from: (0.2, 0.5), to: (0.8, 0.5))]))
        var t = Duration.milliseconds(100)
        while let due = p.nextReportTime(after: t) {
            _ = p.advance(to: due)
            t = due + .milliseconds(1)
        }
        XCTAssertEqual(p.nextWake(after: t), .milliseconds(750), "the stroke ended at 250 ms")
        XCTAssertEqual(records(p.advance(to: .milliseconds(750))), [])
        XCTAssertNil(p.nextWake(after: .milliseconds(750)), "then the host sleeps until the next stroke")
    }

    func testOnTimeReportsAreUnchangedAndAMovedEndIsReachedBeforeTheRelease() {
        var p = enabled(FuffrTouchTrace([.init(side: .right, start: .milliseconds(100), duration: .milliseconds(100),
                                               from: (0.2, 0.5), to: (0.6, 0.5))]))
        XCTAssertEqual(p.nextReportTime(after: .zero), .milliseconds(100), "the host sleeps until the stroke starts")
        var all: [TouchRecord] = []
        var t = Duration.milliseconds(100)
        while t <= .milliseconds(260) {
            all += records(p.advance(to: t))
            t += .milliseconds(20)
        }
        // 100, 120, …, 180 ms: five points on the way; 200 ms: the end point; 220 ms: the release.
        XCTAssertEqual(all.map(\.isDown), [true, true, true, true, true, true, false])
        XCTAssertEqual("\((all.first!.rawX, all.first!.rawY))", "\(raw(0.2, 0.5))", "on time, the first report is the start")
        XCTAssertEqual("\((all[5].rawX, all[5].rawY))", "\(raw(0.6, 0.5))")
    }
}
