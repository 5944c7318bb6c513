@testable import Navigation
import Sensors
import XCTest

/// Where the belt's magnetic bearings get their declination: the World Magnetic Model at each dated
/// fix, the configured value when the model cannot serve a fix, or a fixed configured value.
final class GuidanceDeclinationTests: XCTestCase {
    // Osnabrück: WMM2025 gives about 3.7° east in late 2026. A: start; B: 111 m due north of A.
    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.2700, longitude: 8.0400)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.2710, longitude: 8.0400)),
    ])
    /// 2026-11-22T12:00:00Z.
    let utc2026 = 1_795_348_800.0
    /// 2031-01-01T00:00:00Z, after WMM2025's validity.
    let utc2031 = 1_924_992_000.0

    func fix(_ lat: Double, at t: Duration, utc: Double?) -> Fix {
        Fix(coordinate: Coordinate(latitude: lat, longitude: 8.0400), utcSeconds: utc, receivedAt: t)
    }

    func declinationReports(_ actions: [GuidanceAction]) -> [GuidanceEvent] {
        actions.compactMap { if case .report(let e) = $0, case .declination = e { e } else { nil } }
    }

    func startDirection(_ g: inout RouteGuidance, now: Duration) -> Int? {
        for case .belt(.startNavigation(let d, true, _)) in g.handle(.start, now: now) { return d }
        return nil
    }

    func testADatedFixTakesTheDeclinationFromTheWorldMagneticModel() throws {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 0, declinationFromModel: true))
        let f = fix(52.2697, at: .seconds(1), utc: utc2026)
        let out = g.handle(f, now: .seconds(1))
        let year = try XCTUnwrap(DecimalYear.from(secondsSince1970: utc2026))
        let model = try Declination.worldMagneticModel(at: f.coordinate, altitude: nil, decimalYear: year)
        XCTAssertEqual(model.degrees, 3.7, accuracy: 0.3, "WMM2025 at Osnabrück, late 2026")
        XCTAssertEqual(declinationReports(out), [.declination(degrees: model.degrees, fromModel: true, fallbackReason: nil)])
        XCTAssertEqual(g.declination, model.degrees)
        // Due north (0° true) minus about 3.7° east: 356° magnetic.
        XCTAssertEqual(startDirection(&g, now: .seconds(1)), 356)
    }

    func testUndatedFixesFallBackToTheConfiguredValueAndSayItOnce() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 10, declinationFromModel: true))
        let first = g.handle(fix(52.2697, at: .seconds(1), utc: nil), now: .seconds(1))
        XCTAssertEqual(declinationReports(first), [.declination(degrees: 10, fromModel: false, fallbackReason: "the fix carries no date")])
        let second = g.handle(fix(52.2697, at: .seconds(2), utc: nil), now: .seconds(2))
        XCTAssertEqual(declinationReports(second), [], "reported once")
        XCTAssertEqual(startDirection(&g, now: .seconds(2)), 350)
    }

    func testAModelValueInUseSurvivesAnUndatedFix() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 10, declinationFromModel: true))
        _ = g.handle(fix(52.2697, at: .seconds(1), utc: utc2026), now: .seconds(1))
        let fromModel = g.declination
        let out = g.handle(fix(52.2697, at: .seconds(2), utc: nil), now: .seconds(2))
        XCTAssertEqual(declinationReports(out), [])
        XCTAssertEqual(g.declination, fromModel)
    }

    func testADateOutsideTheModelsValidityFallsBackWithTheReason() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 2, declinationFromModel: true))
        let out = g.handle(fix(52.2697, at: .seconds(1), utc: utc2031), now: .seconds(1))
        guard case .declination(2, false, let why?)? = declinationReports(out).first else {
            return XCTFail("expected a fallback report, got \(out)")
        }
        XCTAssertTrue(why.contains("2031") || why.lowercased().contains("valid"), why)
        XCTAssertEqual(g.declination, 2)
    }

    func testAConfiguredDeclinationIsUsedAsItIsAndTheModelIsNotConsulted() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declination: 20))
        let out = g.handle(fix(52.2697, at: .seconds(1), utc: utc2026), now: .seconds(1))
        XCTAssertEqual(declinationReports(out), [])
        XCTAssertEqual(startDirection(&g, now: .seconds(1)), 340)
    }

    func testTheModelIsEvaluatedAgainOnlyAfterAKilometreOrAnHour() {
        var g = RouteGuidance(route: route, parameters: GuidanceParameters(declinationFromModel: true))
        _ = g.handle(fix(52.2697, at: .seconds(1), utc: utc2026), now: .seconds(1))
        // A few metres on, within the hour: not evaluated again…
        let sameHour = g.handle(Fix(coordinate: Coordinate(latitude: 52.2697, longitude: 8.045), utcSeconds: utc2026 + 60,
                                    receivedAt: .seconds(61)), now: .seconds(61))
        XCTAssertEqual(declinationReports(sameHour), [], "4 m away, a minute later")
        let far = g.handle(Fix(coordinate: Coordinate(latitude: 52.2697, longitude: 22.0), utcSeconds: utc2026 + 120,
                               receivedAt: .seconds(121)), now: .seconds(121))
        XCTAssertEqual(declinationReports(far).count, 1, "over a kilometre away: evaluated again, and the value moved")
    }
}
