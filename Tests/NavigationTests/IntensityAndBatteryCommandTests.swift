@testable import Navigation
import Sensors
import XCTest

/// `intensity-up`/`intensity-down` and `announce-battery`, the commands a gesture or button can give
/// beyond steering: they become the belt requests FSLib has for them, in any navigation state.
final class IntensityAndBatteryCommandTests: XCTestCase {
    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
    ])

    func beltRequests(_ actions: [GuidanceAction]) -> [BeltRequest] {
        actions.compactMap { if case .belt(let r) = $0 { r } else { nil } }
    }

    func testIntensityStepsByTenWithinTheBeltsRangeAndSaysWhenItCannot() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        g.intensity = 85
        XCTAssertEqual(beltRequests(g.handle(.intensityUp, now: .zero)), [.changeDefaultIntensity(95)])
        XCTAssertEqual(beltRequests(g.handle(.intensityUp, now: .zero)), [.changeDefaultIntensity(100)], "clamped at 100 %")
        let atTop = g.handle(.intensityUp, now: .zero)
        XCTAssertEqual(beltRequests(atTop), [])
        XCTAssertTrue(atTop.contains { if case .report(.commandIgnored(.intensityUp, _)) = $0 { true } else { false } })
        g.intensity = 12
        XCTAssertEqual(beltRequests(g.handle(.intensityDown, now: .zero)), [.changeDefaultIntensity(5)], "clamped at 5 %")
        XCTAssertEqual(g.intensity, 5)
        XCTAssertEqual(g.state, .stopped, "no navigation state changes")
    }

    func testAnnounceBatteryAsksForTheBatterySignalAndTheNamesParse() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters())
        XCTAssertEqual(beltRequests(g.handle(.announceBattery, now: .zero)), [.notifyBatteryLevel])
        for name in ["announce-battery", "intensity-up", "intensity-down"] {
            XCTAssertEqual(NavigationCommand(configName: name)?.configName, name)
        }
    }
}
