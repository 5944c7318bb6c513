import Status
import XCTest

/// What `status --follow` prints: a line when something a person reads changes, on an injected clock.
final class FollowLineFilterTests: XCTestCase {
    /// A walk's status as it comes at every fix: the distance shrinks, the clocks tick.
    private func report(at second: Double, toWaypoint metres: Double, waypoint: Int = 3,
                        belt: LinkState = .connected) -> StatusReport {
        var r = StatusReport(wayfinderVersion: "test", uptimeSeconds: second, actors: [])
        r.gps = FixStatus(source: "simulated", fixAgeSeconds: 0.2, mode: .threeD)
        r.route = RouteStatus(name: "demo", state: .navigating, waypoint: waypoint, waypointCount: 12,
                              distanceToWaypointMetres: metres, distanceToEndMetres: 2000 + metres, elapsedSeconds: second)
        r.belt = BeltStatus(link: belt, lastDirectionDegrees: 90)
        return r
    }

    /// At 60× a fix comes every 1/60 s and the walker covers 1.4 m per fix: one line, then at most
    /// one per interval with the latest distance, not sixty a second.
    func testFixesThatOnlyMoveTheDistancePrintAtMostOncePerInterval() {
        var filter = FollowLineFilter(readingInterval: .seconds(5))
        var printed: [Duration] = []
        for fix in 0..<600 {  // ten seconds of the follower's clock
            let now = Duration.milliseconds(fix * 1000 / 60)
            if filter.offer(report(at: Double(fix), toWaypoint: 900 - 1.4 * Double(fix)), at: now) != nil { printed.append(now) }
        }
        XCTAssertEqual(printed, [.zero, .milliseconds(5000)])
        XCTAssertNotNil(filter.deadline, "the latest distance is held back")
        XCTAssertNil(filter.due(at: .milliseconds(9999)))
        let line = filter.due(at: .seconds(10))
        XCTAssertEqual(line?.contains("to waypoint 3 of 12"), true, line ?? "")
        XCTAssertNil(filter.deadline, "nothing held any more")
    }

    /// The clocks alone (uptime, the fix's age, time walked) are no change; a distance within the
    /// printed rounding is none either.
    func testTickingClocksAndUnprintedDigitsAreNoChange() {
        var filter = FollowLineFilter(readingInterval: .seconds(5))
        XCTAssertNotNil(filter.offer(report(at: 0, toWaypoint: 300), at: .zero))
        var later = report(at: 50, toWaypoint: 300.2)
        later.gps?.fixAgeSeconds = 3
        XCTAssertNil(filter.offer(later, at: .seconds(50)))
        XCTAssertNil(filter.deadline, "nothing a person reads is waiting")
    }

    /// A new waypoint or the belt's link going down is printed at once, whatever the interval.
    func testMilestonesPrintAtOnce() {
        var filter = FollowLineFilter(readingInterval: .seconds(5))
        XCTAssertNotNil(filter.offer(report(at: 0, toWaypoint: 20), at: .zero))
        let next = filter.offer(report(at: 1, toWaypoint: 400, waypoint: 4), at: .milliseconds(100))
        XCTAssertEqual(next?.contains("to waypoint 4 of 12"), true, next ?? "")
        let lost = filter.offer(report(at: 2, toWaypoint: 399, waypoint: 4, belt: .reconnecting), at: .milliseconds(200))
        XCTAssertEqual(lost?.contains("belt reconnecting"), true, lost ?? "")
    }
}
