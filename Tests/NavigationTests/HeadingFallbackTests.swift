@testable import Navigation
import Sensors
import XCTest

/// heading_source = "external": when the I2C compass goes quiet the belt's own compass takes over,
/// reported once, and the compass's return is reported once.
final class HeadingFallbackTests: XCTestCase {
    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])

    func reports(_ actions: [GuidanceAction]) -> [GuidanceEvent] {
        actions.compactMap { if case .report(let e) = $0 { e } else { nil } }
    }

    func beltRequests(_ actions: [GuidanceAction]) -> [BeltRequest] {
        actions.compactMap { if case .belt(let r) = $0 { r } else { nil } }
    }

    func testAQuietCompassHandsOverToTheBeltsCompassOnceAndItsReturnIsReportedOnce() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(headingSource: .external, declination: 0))
        var t = Duration.seconds(1)
        let position = Coordinate(latitude: 51.9997, longitude: 8.0000)   // due south of A: A bears 0° true
        _ = g.handle(Fix(coordinate: position, receivedAt: t), now: t)
        _ = g.handle(Heading(magneticDegrees: 90, receivedAt: t), now: t)   // facing east
        let start = g.handle(.start, now: t)
        XCTAssertEqual(beltRequests(start), [.startNavigation(direction: 270, isMagneticBearing: false, signal: .nextWaypointMediumDistance)],
                       "north is 270° from the front of someone facing east")

        // Headings stop; fixes go on. Ticks until the heading timeout say nothing.
        var all: [GuidanceAction] = []
        while t < .seconds(1) + RouteGuidance.headingTimeout - .milliseconds(250) {
            t += .milliseconds(250)
            all += g.tick(now: t)
        }
        XCTAssertEqual(reports(all), [])
        t += .milliseconds(250)
        let over = g.tick(now: t)
        XCTAssertEqual(reports(over), [.headingFallback(after: RouteGuidance.headingTimeout)])
        XCTAssertEqual(beltRequests(over), [.updateNavigation(direction: 0, isMagneticBearing: true, signal: .nextWaypointMediumDistance)],
                       "at once a magnetic bearing for the belt's own compass")
        XCTAssertTrue(g.isHeadingFallback)
        for _ in 0..<20 {
            t += .milliseconds(250)
            XCTAssertEqual(reports(g.tick(now: t)), [], "reported once, not at every tick")
        }
        t += .milliseconds(250)
        _ = g.handle(Fix(coordinate: position, receivedAt: t), now: t)

        let back = g.handle(Heading(magneticDegrees: 180, receivedAt: t), now: t)   // now facing south
        XCTAssertEqual(reports(back), [.headingRestored])
        XCTAssertEqual(beltRequests(back), [.updateNavigation(direction: 180, isMagneticBearing: false, signal: .nextWaypointMediumDistance)])
        XCTAssertEqual(reports(g.handle(Heading(magneticDegrees: 181, receivedAt: t), now: t)), [])
    }

    func testWithTheBeltsCompassConfiguredNoFallbackIsEverReported() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(headingSource: .belt))
        _ = g.handle(.start, now: .zero)
        var events: [GuidanceEvent] = []
        for s in 1...20 { events += reports(g.tick(now: .seconds(s))) }
        XCTAssertFalse(events.contains { if case .headingFallback = $0 { true } else { false } })
    }
}
