import Navigation
import TripReport
import XCTest

/// What the walk's journal records of each guidance event, and which events end the walk.
final class GuidanceJournalEntryTests: XCTestCase {
    static let route = Route(name: "Old town", kind: .route, waypoints: [
        Waypoint(name: "Gate", coordinate: Coordinate(latitude: 52.0, longitude: 8.0)),
        Waypoint(coordinate: Coordinate(latitude: 52.001, longitude: 8.0)),
        Waypoint(name: "Market", coordinate: Coordinate(latitude: 52.002, longitude: 8.0)),
    ])

    func entry(_ event: GuidanceEvent) -> GuidanceJournalEntry? {
        GuidanceJournalEntry(event, route: Self.route)
    }

    func testAStartNamesItsWaypointFromTheRoute() {
        XCTAssertEqual(entry(.started(waypoint: 0, of: 3)),
                       GuidanceJournalEntry(record: TripEvent(time: 0, kind: .navigationStarted, index: 0, name: "Gate")))
        XCTAssertEqual(entry(.started(waypoint: 1, of: 3))?.record, TripEvent(time: 0, kind: .navigationStarted, index: 1))
        XCTAssertEqual(entry(.started(waypoint: 9, of: 3))?.record, TripEvent(time: 0, kind: .navigationStarted, index: 9),
                       "an index the route does not have is kept, without a name")
    }

    func testAnArrivalAndAStopEndTheWalkAndNothingElseDoes() {
        XCTAssertEqual(entry(.destinationReached),
                       GuidanceJournalEntry(record: TripEvent(time: 0, kind: .arrived, index: 2, name: "Market"), endsWalk: true))
        XCTAssertEqual(entry(.stopped), GuidanceJournalEntry(record: TripEvent(time: 0, kind: .stopped), endsWalk: true))
        let others: [GuidanceEvent] = [.started(waypoint: 0, of: 3), .paused, .resumed, .waypointReached(index: 0, name: "Gate"),
                                       .skipped(to: 2, name: "Market"), .wentBack(to: 0, name: "Gate"), .fixLost(after: .seconds(10)),
                                       .fixRegained, .headingFallback(after: .seconds(5)), .headingRestored,
                                       .offRoute(distance: 30, leg: 1), .backOnRoute(distance: 8),
                                       .routeChanged(waypoint: 0, of: 3, keptProgress: false)]
        for event in others { XCTAssertEqual(entry(event)?.endsWalk, false, "\(event)") }
    }

    func testWaypointEventsKeepTheNameTheyCarry() {
        XCTAssertEqual(entry(.waypointReached(index: 0, name: "Gate"))?.record,
                       TripEvent(time: 0, kind: .waypointReached, index: 0, name: "Gate"))
        XCTAssertEqual(entry(.skipped(to: 1, name: nil))?.record, TripEvent(time: 0, kind: .skipped, index: 1))
        XCTAssertEqual(entry(.wentBack(to: 2, name: "Market"))?.record, TripEvent(time: 0, kind: .wentBack, index: 2, name: "Market"))
        XCTAssertEqual(entry(.routeChanged(waypoint: 1, of: 3, keptProgress: true))?.record,
                       TripEvent(time: 0, kind: .routeChanged, index: 1, name: "Old town"), "the route's name, not the waypoint's")
    }

    func testQuietSensorsAndOffRouteKeepTheirFigures() {
        XCTAssertEqual(entry(.fixLost(after: .milliseconds(10_500)))?.record, TripEvent(time: 0, kind: .gpsLost, seconds: 10.5))
        XCTAssertEqual(entry(.fixRegained)?.record, TripEvent(time: 0, kind: .gpsBack))
        XCTAssertEqual(entry(.headingFallback(after: .seconds(5)))?.record, TripEvent(time: 0, kind: .headingFallback, seconds: 5))
        XCTAssertEqual(entry(.headingRestored)?.record, TripEvent(time: 0, kind: .headingBack))
        XCTAssertEqual(entry(.offRoute(distance: 31.5, leg: 1))?.record, TripEvent(time: 0, kind: .offRoute, index: 1, distance: 31.5))
        XCTAssertEqual(entry(.backOnRoute(distance: 8))?.record, TripEvent(time: 0, kind: .backOnRoute, distance: 8))
        XCTAssertEqual(entry(.paused)?.record, TripEvent(time: 0, kind: .paused))
        XCTAssertEqual(entry(.resumed)?.record, TripEvent(time: 0, kind: .resumed))
    }

    func testProgressIgnoredCommandsAndTheDeclinationStayOutOfTheJournal() {
        let progress = GuidanceProgress(waypointIndex: 0, waypointCount: 3, waypointName: nil, distanceToWaypoint: 10,
                                        distanceRemaining: 20, beltDirection: nil, isMagneticBearing: false, trueBearing: 0)
        XCTAssertNil(entry(.progress(progress)))
        XCTAssertNil(entry(.commandIgnored(.pause, reason: "stopped")))
        XCTAssertNil(entry(.declination(degrees: 2, fromModel: true, fallbackReason: nil)))
    }
}
