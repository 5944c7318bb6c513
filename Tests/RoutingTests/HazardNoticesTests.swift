import Navigation
@testable import Routing
import Vocabulary
import XCTest

/// What lies ahead on a planned route is told once, within the notice distance, to a walker followed
/// along the route; nothing is told off the route, nor late for a hazard already passed.
final class HazardNoticesTests: XCTestCase {
    let start = Coordinate(latitude: 55.68, longitude: 12.57)

    func move(_ c: Coordinate, _ azimuth: Double, _ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: c, azimuth: azimuth, distance: metres).destination
    }

    /// 300 m straight north, a crossing at 100 m, steps at 200 m.
    func route() -> PlannedRoute {
        let points = [RoutinoPoint(coordinate: start, kind: .waypoint(1)),
                      RoutinoPoint(coordinate: move(start, 0, 150), kind: .intermediate, bearing: 0, way: "Nørregade"),
                      RoutinoPoint(coordinate: move(start, 0, 200), kind: .intermediate, bearing: 0, way: "Nørregade"),
                      RoutinoPoint(coordinate: move(start, 0, 230), kind: .intermediate, bearing: 0, way: "Trappen"),
                      RoutinoPoint(coordinate: move(start, 0, 300), kind: .waypoint(2), bearing: 0, way: "Nørregade")]
        let index = MapIndex(crossings: [MapCrossing(coordinate: move(start, 0, 100), control: .signals, roads: ["Gade"], roadAxis: 90)],
                             steps: [MapSteps(name: "Trappen", points: [move(start, 0, 200), move(start, 0, 230)])])
        return RouteDescriber.describe(points, index: index, from: start, to: move(start, 0, 300))
    }

    func testEachHazardIsToldOnceWithinTheNoticeDistance() {
        var notices = HazardNotices(route: route(), noticeDistance: 20)
        XCTAssertEqual(notices.fix(move(start, 0, 50)), [])
        XCTAssertEqual(notices.fix(move(start, 0, 79)).map(\.kindName), [], "21 m before the crossing")
        XCTAssertEqual(notices.fix(move(start, 0, 81)).map(\.text), ["cross Gade, signals"])
        XCTAssertEqual(notices.fix(move(start, 0, 90)), [], "once")
        XCTAssertEqual(notices.fix(move(start, 0, 185)).map(\.kindName), ["steps"])
        XCTAssertEqual(notices.fix(move(start, 0, 195)), [])
    }

    func testNothingIsToldOffTheRoute() {
        var notices = HazardNotices(route: route(), noticeDistance: 20)
        XCTAssertEqual(notices.fix(move(move(start, 0, 90), 90, 40)), [], "40 m beside the route")
        XCTAssertNil(notices.progress)
    }

    func testAHazardAlreadyPassedIsNeverToldLate() {
        var notices = HazardNotices(route: route(), noticeDistance: 20)
        // The first fix is past the crossing (a walk planned part way, a re-plan behind the walker).
        XCTAssertEqual(notices.fix(move(start, 0, 140)).map(\.kindName), [])
        XCTAssertEqual(notices.fix(move(start, 0, 185)).map(\.kindName), ["steps"])
    }

    func testAShortcutAheadIsFoundOnTheLine() {
        var notices = HazardNotices(route: route(), noticeDistance: 20)
        _ = notices.fix(move(start, 0, 10))
        // No fixes for 170 m (a tunnel): the next is found beyond the window behind the last place.
        XCTAssertEqual(notices.fix(move(start, 0, 186)).map(\.kindName), ["steps"], "the crossing, passed meanwhile, is not told late")
        XCTAssertEqual(notices.progress ?? 0, 186, accuracy: 0.5)
    }
}
