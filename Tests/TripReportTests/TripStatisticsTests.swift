import Navigation
@testable import TripReport
import XCTest

/// The walk's figures on tracks whose answers are known by construction.
final class TripStatisticsTests: XCTestCase {
    typealias F = TripFixtures

    /// Walking north at 1.2 m/s with a fix every 5 s, standing, a long gap, then a second segment
    /// that starts 100 m away.
    static let walk: WalkedTrack = {
        var first: [TrackPoint] = []
        for step in 0...10 { first.append(F.point(0, Double(step) * 6, t: Double(step) * 5)) }   // 60 m in 50 s
        first.append(F.point(0.5, 60, t: 55))   // standing: 0.5 m in 5 s, 0.1 m/s
        first.append(F.point(0, 60, t: 60))     // 0.5 m
        first.append(F.point(0, 80, t: 80))     // 20 m in the 30 s since the last kept point: walked
        var second: [TrackPoint] = []
        for step in 0...5 { second.append(F.point(100, 80 + Double(step) * 6, t: 100 + Double(step) * 5)) } // 30 m in 25 s
        return WalkedTrack(name: "Walk", segments: [first, second])
    }()

    func testDistanceDurationAndMovingTime() {
        let s = TripStatistics(track: Self.walk, route: nil, events: [])
        // Every fix: the standing half-metre steps included. Walked: steps of 10 m or more (12 m here),
        // the 20 m step at 0.67 m/s, and not the standing.
        XCTAssertEqual(s.everyFixDistance, 60 + 0.5 + 0.5 + 20 + 30, accuracy: 0.02)
        XCTAssertEqual(s.distance, 60 + 20 + 30, accuracy: 0.02)
        XCTAssertEqual(s.startTime, F.t0)
        XCTAssertEqual(s.endTime, F.t0 + 125)
        XCTAssertEqual(s.duration, 125)
        // The time of the steps the distance counts, so that the two describe the same walking.
        XCTAssertEqual(s.movingTime!, 50 + 30 + 25, accuracy: 1e-9)
        XCTAssertEqual(s.pointCount, 20)
        XCTAssertEqual(s.segmentCount, 2)
        XCTAssertEqual(s.timedPointCount, 20)
        XCTAssertNil(s.crossTrackP50)
        XCTAssertNil(s.pausedTime, "no journal, no pauses known")
        XCTAssertEqual(s.offRouteSource, .unavailable)
        XCTAssertNil(s.offRouteTime)
    }

    func testAPointWithoutAFixIsNotMeasured() {
        let track = WalkedTrack(segments: [[F.point(0, 0, t: 0), F.point(300, 0, t: 1, fix: TrackPoint.Fix.none), F.point(0, 10, t: 2)]])
        let s = TripStatistics(track: track, route: F.northRoute(), events: [])
        XCTAssertEqual(s.distance, 10, accuracy: 0.01)
        XCTAssertEqual(s.crossTrackCount, 2)
        XCTAssertEqual(s.crossTrackP95!, 0, accuracy: 0.001)
        // …but counts as time without a fix when there is no journal.
        XCTAssertEqual(s.withoutFixSource, .geometry)
        XCTAssertEqual(s.timeWithoutFix, 1)
    }

    func testCrossTrackErrorPercentilesByNearestRank() {
        // Twenty points 0…19 m east of a north-going leg: p50 is the 10th value, p95 the 19th.
        let points = (0..<20).map { F.point(Double($0), 50 + Double($0) * 10, t: Double($0)) }
        let s = TripStatistics(track: WalkedTrack(segments: [points]), route: F.northRoute(), events: [])
        XCTAssertEqual(s.crossTrackCount, 20)
        XCTAssertEqual(s.crossTrackP50!, 9, accuracy: 0.01)
        XCTAssertEqual(s.crossTrackP95!, 18, accuracy: 0.01)

        // Points 0, 5 and 10 m off: p50 = 5, p95 = 10; beyond the leg's end the distance is to its end.
        let three = [F.point(0, 100, t: 0), F.point(-5, 500, t: 1), F.point(6, 1008, t: 2)]
        let t = TripStatistics(track: WalkedTrack(segments: [three]), route: F.northRoute(), events: [])
        XCTAssertEqual(t.crossTrackP50!, 5, accuracy: 0.01)
        XCTAssertEqual(t.crossTrackP95!, 10, accuracy: 0.01)
    }

    func testACrossTrackErrorToAOneWaypointRouteIsTheDistanceToIt() {
        let route = Route(kind: .waypoints, waypoints: [Waypoint(coordinate: F.at(0, 0))])
        let s = TripStatistics(track: WalkedTrack(segments: [[F.point(3, 4, t: 0)]]), route: route, events: [])
        XCTAssertEqual(s.crossTrackP50!, 5, accuracy: 0.01)
    }

    func testNearestRankAndPolylineDistanceOnPlainValues() {
        XCTAssertEqual(TripStatistics.nearestRank([15, 20, 35, 40, 50], percent: 30), 20)
        XCTAssertEqual(TripStatistics.nearestRank([15, 20, 35, 40, 50], percent: 100), 50)
        XCTAssertEqual(TripStatistics.nearestRank([15, 20, 35, 40, 50], percent: 0), 15)
        XCTAssertEqual(TripStatistics.nearestRank([.nan, 3, .infinity], percent: 95), 3)
        XCTAssertNil(TripStatistics.nearestRank([], percent: 50))
        XCTAssertEqual(TripStatistics.nearestRank([1, 2], percent: .nan), 2)
        let square = [LocalPoint(east: 0, north: 0), LocalPoint(east: 10, north: 0), LocalPoint(east: 10, north: 10)]
        XCTAssertEqual(TripStatistics.distance(from: LocalPoint(east: 5, north: 3), toPolyline: square), 3)
        XCTAssertEqual(TripStatistics.distance(from: LocalPoint(east: 13, north: 14), toPolyline: square), 5)
        XCTAssertNil(TripStatistics.distance(from: LocalPoint(east: 0, north: 0), toPolyline: []))
        XCTAssertEqual(TripStatistics.distance(from: LocalPoint(east: 0, north: 0),
                                               toPolyline: [LocalPoint(east: .nan, north: 0), LocalPoint(east: 1, north: 0)])?.isNaN, true)
    }

    func testTimeOffRouteFromTheJournalRunsAnOpenRecordToTheEndOfTheTrack() {
        let track = WalkedTrack(segments: [(0...40).map { F.point(0, Double($0) * 10, t: Double($0) * 10) }])
        let events = [F.event(0, .walk, distance: 25), F.event(100, .offRoute, distance: 31), F.event(160, .backOnRoute, distance: 12),
                      F.event(300, .offRoute, distance: 40)]
        let s = TripStatistics(track: track, route: F.northRoute(), events: events)
        XCTAssertEqual(s.offRouteSource, .journal)
        XCTAssertEqual(s.offRouteTime, 60 + 100)
        XCTAssertEqual(s.offRouteSpans, [TripTimeSpan(start: F.t0 + 100, end: F.t0 + 160), TripTimeSpan(start: F.t0 + 300, end: F.t0 + 400)])
        XCTAssertEqual(s.offRouteDistance, 25)

        // A journal with its walk record and no off-route record: never off route, although the track strays.
        let stray = WalkedTrack(segments: [[F.point(100, 0, t: 0), F.point(100, 10, t: 10)]])
        let quiet = TripStatistics(track: stray, route: F.northRoute(), events: [F.event(0, .walk)])
        XCTAssertEqual(quiet.offRouteSource, .journal)
        XCTAssertEqual(quiet.offRouteTime, 0)
        // A stop ends being off route: the guidance says nothing more about it.
        let stopped = TripStatistics(track: track, route: nil, events: [F.event(50, .offRoute), F.event(80, .stopped)])
        XCTAssertEqual(stopped.offRouteTime, 30)
    }

    func testTimeOffRouteFromGeometryCountsTheIntervalsThatStartOffRoute() {
        let offsets: [Double] = [0, 0, 40, 40, 40, 0, 0]
        let points = offsets.enumerated().map { F.point($0.element, 100 + Double($0.offset) * 2, t: Double($0.offset)) }
        let s = TripStatistics(track: WalkedTrack(segments: [points]), route: F.northRoute(), events: [])
        XCTAssertEqual(s.offRouteSource, .geometry)
        XCTAssertEqual(s.offRouteDistance, TripStatistics.defaultOffRouteDistance)
        XCTAssertEqual(s.offRouteTime, 3)
        XCTAssertEqual(s.offRouteSpans, [TripTimeSpan(start: F.t0 + 2, end: F.t0 + 5)])
        // Belt directions alone are a journal without navigation records: still geometry.
        let belt = TripEvent(time: F.t0, kind: .belt, bearing: 10, latitude: 52.52, longitude: 13.405)
        XCTAssertEqual(TripStatistics(track: WalkedTrack(segments: [points]), route: F.northRoute(), events: [belt]).offRouteTime, 3)
    }

    func testTimeWithoutAFixFromTheJournalIncludesTheSecondsBeforeTheRecord() {
        let track = WalkedTrack(segments: [(0...40).map { F.point(0, Double($0), t: Double($0) * 10) }])
        let events = [F.event(0, .walk), F.event(100, .gpsLost, seconds: 10), F.event(130, .gpsBack),
                      F.event(380, .gpsLost, seconds: 5)]
        let s = TripStatistics(track: track, route: nil, events: events)
        XCTAssertEqual(s.withoutFixSource, .journal)
        XCTAssertEqual(s.timeWithoutFix, 40 + 25)
        XCTAssertEqual(s.withoutFixSpans.first, TripTimeSpan(start: F.t0 + 90, end: F.t0 + 130))
    }

    func testTimeWithoutAFixFromTheTrackCountsGapsOverFiveSeconds() {
        let times: [Double] = [0, 1, 2, 10, 11, 16, 17]   // gaps of 8 s and 5 s: only the first counts
        let track = WalkedTrack(segments: [times.map { F.point(0, $0, t: $0) }, [F.point(0, 100, t: 100), F.point(0, 101, t: 101)]])
        let s = TripStatistics(track: track, route: nil, events: [])
        XCTAssertEqual(s.withoutFixSource, .geometry)
        XCTAssertEqual(s.timeWithoutFix, 8, "the 83 s between segments is not known to be an outage")
    }

    func testPausedTimeFromTheJournal() {
        let track = WalkedTrack(segments: [(0...10).map { F.point(0, Double($0), t: Double($0) * 60) }])
        let events = [F.event(0, .walk), F.event(60, .paused), F.event(150, .resumed), F.event(400, .paused), F.event(450, .stopped),
                      F.event(500, .paused)]
        let s = TripStatistics(track: track, route: nil, events: events)
        XCTAssertEqual(s.pausedTime, 90 + 50 + 100)
        XCTAssertEqual(s.pausedSpans.count, 3)
    }

    func testArrivalsFromTheJournal() {
        let route = Route(kind: .route, waypoints: [Waypoint(coordinate: F.at(0, 0)), Waypoint(coordinate: F.at(0, 100)),
                                                    Waypoint(coordinate: F.at(0, 200))])
        let events = [F.event(0, .walk), F.event(5, .waypointReached, index: 0), F.event(80, .waypointReached, index: 1),
                      F.event(90, .waypointReached, index: 1), F.event(170, .arrived), F.event(171, .waypointReached, index: 7)]
        let s = TripStatistics(track: WalkedTrack(segments: []), route: route, events: events)
        XCTAssertEqual(s.arrivalSource, .journal)
        XCTAssertEqual(s.arrivals, [0: F.t0 + 5, 1: F.t0 + 80, 2: F.t0 + 170])
    }

    /// Walking to waypoint 1, skipped ahead to 3: 1 and 2 are skipped there. Back to 2 and reached:
    /// no longer skipped. A skip forward from an unknown target, and indices beyond the route, say
    /// nothing.
    func testWaypointsSkippedOverAreSkippedUnlessReachedLater() {
        let route = Route(kind: .route, waypoints: (0..<6).map { Waypoint(coordinate: F.at(0, Double($0) * 100)) })
        let events = [F.event(0, .walk), F.event(1, .navigationStarted, index: 0), F.event(5, .waypointReached, index: 0),
                      F.event(20, .skipped, index: 3), F.event(40, .wentBack, index: 2), F.event(60, .waypointReached, index: 2),
                      F.event(70, .skipped, index: 99)]
        let s = TripStatistics(track: WalkedTrack(segments: []), route: route, events: events)
        XCTAssertEqual(s.skips, [1: F.t0 + 20], "2 was skipped but reached after going back")
        XCTAssertEqual(s.arrivals, [0: F.t0 + 5, 2: F.t0 + 60])
        XCTAssertEqual(s.skips.keys.filter { s.arrivals[$0] != nil }, [], "a waypoint is reached or skipped, not both")

        let blind = TripStatistics(track: WalkedTrack(segments: []), route: route, events: [F.event(0, .walk), F.event(20, .skipped, index: 3)])
        XCTAssertEqual(blind.skips, [:], "without knowing the waypoint walked to, nothing is said to be skipped")
        let page = TripReportDocument.render(track: WalkedTrack(segments: []), route: route, events: events)
        XCTAssertTrue(page.contains("skipped at "), "the waypoint table says so")
        XCTAssertTrue(page.contains("2 of 6, 1 skipped"), "the figures say so")
    }

    func testArrivalsWithoutAJournalAreTheNearestPointWithinTwentyFiveMetres() {
        // A loop: out north 200 m and back. The start is found at the start, the end at the end.
        let route = Route(kind: .route, waypoints: [Waypoint(coordinate: F.at(0, 0)), Waypoint(coordinate: F.at(10, 200)),
                                                    Waypoint(coordinate: F.at(300, 300)), Waypoint(coordinate: F.at(0, 0))])
        var points: [TrackPoint] = []
        for step in 0...20 { points.append(F.point(0, Double(step) * 10, t: Double(step) * 10)) }
        for step in 1...20 { points.append(F.point(0, 200 - Double(step) * 10, t: 200 + Double(step) * 10)) }
        let s = TripStatistics(track: WalkedTrack(segments: [points]), route: route, events: [])
        XCTAssertEqual(s.arrivalSource, .geometry)
        XCTAssertEqual(s.arrivals, [0: F.t0, 1: F.t0 + 200, 3: F.t0 + 400])
    }

    func testMalformedInputGivesFiguresWithoutTrapping() {
        let weird = TrackPoint(coordinate: Coordinate(latitude: .nan, longitude: 1e300), time: .infinity, hdop: .nan)
        let huge = TrackPoint(coordinate: Coordinate(latitude: 89.9999, longitude: 179.9999), time: 1e300, satellites: .max)
        let track = WalkedTrack(segments: [[weird, huge, weird], [], [huge]])
        let route = Route(kind: .route, waypoints: [Waypoint(coordinate: Coordinate(latitude: -90, longitude: -180)),
                                                    Waypoint(coordinate: Coordinate(latitude: .infinity, longitude: 0))])
        let events = [TripEvent(time: -1e308, kind: .gpsLost, index: .max, seconds: 1e308), TripEvent(time: 1e308, kind: .arrived, index: .min),
                      TripEvent(time: .nan, kind: .paused), TripEvent(time: 0, kind: .offRoute, distance: -.infinity)]
        let s = TripStatistics(track: track, route: route, events: events)
        XCTAssertEqual(s.pointCount, 4)
        XCTAssertEqual(s.distance, 0)
        XCTAssertEqual(s.duration, 0)
        XCTAssertEqual(s.arrivals, [:])
        XCTAssertEqual(s.offRouteSource, .journal)
        XCTAssertTrue(s.offRouteTime!.isFinite)
    }
}
