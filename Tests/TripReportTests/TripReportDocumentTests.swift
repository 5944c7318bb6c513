import Foundation
import Navigation
@testable import TripReport
import XCTest

/// The HTML report: self-contained, exact where a test can know the answer, complete for any input.
final class TripReportDocumentTests: XCTestCase {
    typealias F = TripFixtures

    /// A walk north along a 1 km route, with fix quality changing on the way and a journal.
    static func walk() -> (track: WalkedTrack, route: Route, events: [TripEvent]) {
        let hdops: [Double] = [1, 1, 1, 3, 3, 6]
        let points = hdops.enumerated().map { F.point(0, Double($0.offset) * 200, t: Double($0.offset) * 150, hdop: $0.element) }
        let events = [F.event(0, .walk, distance: 30), F.event(1, .navigationStarted, index: 0),
                      F.event(300, .paused), F.event(360, .resumed), F.event(400, .gpsLost, seconds: 10), F.event(420, .gpsBack),
                      F.event(500, .command, source: "pencil tip click", command: "next-waypoint"),
                      F.event(510, .command, source: "gesture double tap", command: "pause"),
                      F.event(600, .linkLost), F.event(620, .restart), F.event(700, .offRoute, distance: 33),
                      F.event(740, .backOnRoute, distance: 12), F.event(745, .routePlanned, distance: 80), F.event(750, .arrived)]
            + (0..<30).map { TripEvent(time: F.t0 + Double($0) * 25, kind: .belt, bearing: 0, latitude: F.at(0, Double($0) * 33).latitude,
                                       longitude: F.at(0, Double($0) * 33).longitude) }
        return (WalkedTrack(name: "Walk", segments: [points]), F.northRoute(length: 1000), events)
    }

    func testTheRouteIsOnePolylineThroughItsProjectedPoints() {
        // A route due north, 1 km: it spans the map's height between the paddings, on the centre line.
        let route = Route(name: "Meridian", kind: .route, waypoints: [Waypoint(coordinate: Coordinate(latitude: 52.0, longitude: 13.0)),
                                                                      Waypoint(coordinate: Coordinate(latitude: 52.009, longitude: 13.0))])
        let html = TripReportDocument.render(track: WalkedTrack(segments: []), route: route, events: [])
        XCTAssertTrue(html.contains("<svg id=\"map\" class=\"map\" width=\"760\" height=\"760\" viewBox=\"0 0 760 760\""), html)
        XCTAssertTrue(html.contains("<polyline class=\"route\" points=\"380,720 380,40\" fill=\"none\" stroke=\"#3b6fd9\" stroke-width=\"9\" stroke-linejoin=\"round\""))
        XCTAssertEqual(html.components(separatedBy: "class=\"route\"").count - 1, 1)
        // The scale: 680 px for 1 001 m, so the longest round bar under 170 px is 200 m.
        XCTAssertTrue(html.contains(">200 m</text>"))
    }

    func testTheMapFrameKeepsOneScaleAndASaneSizeForOnePoint() {
        let frame = MapFrame(coordinates: [F.centre])!
        XCTAssertEqual(frame.height, 760)
        XCTAssertEqual(frame.scale, 6.8, accuracy: 1e-12)
        XCTAssertEqual(frame.pixel(F.centre)!.x, 380, accuracy: 1e-9)
        // A wide walk: 1 km east, 100 m north: the height shrinks to the minimum.
        let wide = MapFrame(coordinates: [F.at(0, 0), F.at(1000, 100)])!
        XCTAssertEqual(wide.height, 360)
        let east = wide.pixel(F.at(1000, 100))!, west = wide.pixel(F.at(0, 0))!
        XCTAssertEqual(east.x - west.x, 680, accuracy: 0.01)
        XCTAssertEqual(west.y - east.y, 68, accuracy: 0.01, "north is up and the scale is the same both ways")
        XCTAssertEqual(wide.scaleBar().metres, 200)
        XCTAssertNil(MapFrame(coordinates: [Coordinate(latitude: .nan, longitude: 0)]))
    }

    func testTheTrackIsSplitWhereItsFixQualityChanges() {
        let (track, route, events) = Self.walk()
        let html = TripReportDocument.render(track: track, route: route, events: events)
        let tracks = Self.matches(of: "<polyline class=\"track (q-[a-z]+)\" points=\"([^\"]*)\"", in: html)
        XCTAssertEqual(tracks.map(\.[0]), ["q-good", "q-fair", "q-poor"])
        let points = tracks.map { $0[1].split(separator: " ").map(String.init) }
        XCTAssertEqual(points.map(\.count), [3, 3, 2], "each run starts where the one before ended")
        XCTAssertEqual(points[0].last, points[1].first)
        XCTAssertEqual(points[1].last, points[2].first)
        XCTAssertTrue(html.contains("stroke=\"#f39c12\" stroke-width=\"3\""))
        // Drawn over the route.
        XCTAssertLessThan(html.range(of: "class=\"route\"")!.lowerBound, html.range(of: "class=\"track q-good\"")!.lowerBound)
    }

    func testFixQualityClasses() {
        XCTAssertEqual(FixQuality(fix: nil, hdop: nil), .good)
        XCTAssertEqual(FixQuality(fix: .pps, hdop: 2), .good)
        XCTAssertEqual(FixQuality(fix: .twoD, hdop: 0.8), .fair)
        XCTAssertEqual(FixQuality(fix: .dgps, hdop: 2.1), .fair)
        XCTAssertEqual(FixQuality(fix: .threeD, hdop: 5.1), .poor)
        XCTAssertEqual(FixQuality(fix: TrackPoint.Fix.none, hdop: 0.5), .poor)
    }

    func testTheFileIsSelfContainedAndDeterministic() {
        let (track, route, events) = Self.walk()
        let html = TripReportDocument.render(track: track, route: route, events: events, skippedJournalLines: 2,
                                             generatedAt: F.t0 + 900, trackFile: "walk.gpx", routeFile: "north.gpx", journalFile: "walk.events.jsonl")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        XCTAssertTrue(html.hasSuffix("</html>\n"))
        XCTAssertFalse(html.lowercased().contains("<script"))
        XCTAssertFalse(html.lowercased().contains("http"), "no external reference of any kind")
        XCTAssertFalse(html.contains(" src="))
        XCTAssertFalse(html.contains("url("))
        XCTAssertEqual(html.components(separatedBy: "#f7f4ec").count - 1, 1, "the map's background colour is the map's alone")
        XCTAssertEqual(html, TripReportDocument.render(track: track, route: route, events: events, skippedJournalLines: 2,
                                                       generatedAt: F.t0 + 900, trackFile: "walk.gpx", routeFile: "north.gpx",
                                                       journalFile: "walk.events.jsonl"))
        XCTAssertTrue(html.contains("<svg id=\"timeline\" class=\"timeline\""))
        XCTAssertTrue(html.contains("the track <code>walk.gpx</code>, the route <code>north.gpx</code> and the journal <code>walk.events.jsonl</code>"))
        XCTAssertTrue(html.contains("2 journal lines were skipped"))
        XCTAssertTrue(html.contains("Written 2026-11-27 10:15:00 UTC"))
        // At most one decimal in any SVG number.
        XCTAssertTrue(Self.matches(of: "[0-9]\\.[0-9]{2}", in: Self.svgParts(of: html)).isEmpty)
    }

    func testTheFiguresAreOnThePage() {
        let (track, route, events) = Self.walk()
        let html = TripReportDocument.render(track: track, route: route, events: events)
        XCTAssertTrue(html.contains("<h1>North</h1>"))
        XCTAssertTrue(html.contains("2026-11-27, 10:00–10:12 UTC"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Distance walked (GPS track, smoothed)</th><td class=\"value\">1.00 km</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Duration</th><td class=\"value\">12 min 30 s</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Paused</th><td class=\"value\">1 min 00 s</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Time without a fix</th><td class=\"value\">30 s</td><td class=\"note\">from the journal’s GPS records</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Time off route</th><td class=\"value\">40 s</td><td class=\"note\">from the journal’s off-route records</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Cross-track error, p95</th><td class=\"value\">0 m</td>"))
        XCTAssertTrue(html.contains("<th scope=\"row\">Waypoints reached</th><td class=\"value\">1 of 2</td>"))
        // The waypoint table: the second was arrived at, the first has no record.
        XCTAssertTrue(html.contains("<td class=\"num\">2</td><td>North end</td><td class=\"time\">10:12:30</td>"))
        XCTAssertTrue(html.contains("<td class=\"num\">1</td><td>South end</td><td class=\"time\"><span class=\"not-reached\">not reached</span></td>"))
        // The events table has the pencil click and the gesture told apart, and no belt rows.
        XCTAssertTrue(html.contains("pencil click</td><td>next-waypoint from pencil tip click</td>"))
        XCTAssertTrue(html.contains("gesture</td><td>pause from gesture double tap</td>"))
        XCTAssertFalse(html.contains("belt direction</td>"))
        XCTAssertTrue(html.contains("30 records of where the belt pointed"))
    }

    func testEventsAreMarkedWhereTheWalkerWasAtTheirTime() {
        let (track, route, events) = Self.walk()
        let html = TripReportDocument.render(track: track, route: route, events: events)
        for category in EventCategory.allCases {
            XCTAssertTrue(html.contains("<g class=\"event \(category.cssClass)\"><title>"), "\(category)")
        }
        // Paused at t = 300 s: the third point (north 400 m), so on the route's line at x = 380.
        let page = TripReportPage(track: track, route: route, events: events, skippedJournalLines: 0, title: nil, generatedAt: nil,
                                  trackFile: nil, routeFile: nil, journalFile: nil)
        let frame = page.frame!
        let paused = frame.pixel(page.clock.position(at: F.t0 + 300)!)
        XCTAssertEqual(paused.x, 380, accuracy: 0.05)
        XCTAssertEqual(paused.y, frame.pixel(F.at(0, 400))!.y, accuracy: 0.05)
        // Halfway in time between two points is halfway between them; beyond the ends, at the ends.
        XCTAssertEqual(page.clock.position(at: F.t0 + 75)!.north, page.frame!.projection.project(F.at(0, 100))!.north, accuracy: 0.01)
        XCTAssertEqual(page.clock.position(at: F.t0 - 1e9), page.clock.position(at: F.t0))
        XCTAssertEqual(page.clock.position(at: F.t0 + 1e9), page.clock.position(at: F.t0 + 750))
        XCTAssertTrue(html.contains("<title>10:05:00 UTC: paused</title>"))
    }

    /// The journal's first start of the appliance began the walk: it is listed but not marked as a
    /// restart; a later start (after a crash or a power cut) is.
    func testOnlyALaterStartOfTheApplianceIsMarkedAsARestart() {
        let (track, route, _) = Self.walk()
        let first = [F.event(0, .walk), F.event(0, .applianceStarted), F.event(10, .navigationStarted, index: 0)]
        let once = TripReportDocument.render(track: track, route: route, events: first)
        XCTAssertFalse(once.contains("ev-restart\"><title>"), "the walk's own start is no restart")
        XCTAssertTrue(once.contains("appliance started"), "it is still in the events table")
        let again = TripReportDocument.render(track: track, route: route, events: first + [F.event(300, .applianceStarted)])
        XCTAssertEqual(again.components(separatedBy: "<g class=\"event ev-restart\"><title>").count - 1, 2,
                       "the second start is marked once on the map and once on the timeline")
    }

    func testTheClockDoesNotJoinSegments() {
        let track = WalkedTrack(segments: [[F.point(0, 0, t: 0)], [F.point(0, 100, t: 100)]])
        let page = TripReportPage(track: track, route: nil, events: [], skippedJournalLines: 0, title: nil, generatedAt: nil,
                                  trackFile: nil, routeFile: nil, journalFile: nil)
        let start = page.clock.position(at: F.t0)!, end = page.clock.position(at: F.t0 + 100)!
        XCTAssertEqual(page.clock.position(at: F.t0 + 40), start)
        XCTAssertEqual(page.clock.position(at: F.t0 + 60), end)
    }

    func testBeltArrowsPointAlongTheBearingAndKeepTheirDistance() {
        let (track, route, events) = Self.walk()
        let page = TripReportPage(track: track, route: route, events: events, skippedJournalLines: 0, title: nil, generatedAt: nil,
                                  trackFile: nil, routeFile: nil, journalFile: nil)
        let arrows = page.beltArrows(page.frame!)
        // 30 records 33 m apart, 22 px on this map: every third one is drawn, 66 px apart.
        XCTAssertEqual(arrows.count, 10)
        let heads = Self.matches(of: "<path d=\"M([-0-9.]+),([-0-9.]+)L([-0-9.]+),([-0-9.]+)\" stroke=\"#6a3d9a\"", in: arrows.svg)
        XCTAssertEqual(heads.count, 10)
        for head in heads {
            let x0 = Double(head[0])!, y0 = Double(head[1])!, x1 = Double(head[2])!, y1 = Double(head[3])!
            XCTAssertEqual(x0, x1, accuracy: 0.05, "due north: no sideways part")
            XCTAssertLessThan(y1, y0, "due north points up the map")
        }
        let ys = heads.map { Double($0[1])! }
        for (a, b) in zip(ys, ys.dropFirst()) { XCTAssertGreaterThanOrEqual(abs(a - b), 25) }
        // East is to the right: dx = sin θ, dy = −cos θ.
        let east = TripEvent(time: F.t0, kind: .belt, bearing: 90, latitude: F.centre.latitude, longitude: F.centre.longitude)
        let eastPage = TripReportPage(track: track, route: route, events: [east], skippedJournalLines: 0, title: nil, generatedAt: nil,
                                      trackFile: nil, routeFile: nil, journalFile: nil)
        let arrow = Self.matches(of: "<path d=\"M([-0-9.]+),([-0-9.]+)L([-0-9.]+),([-0-9.]+)\"", in: eastPage.beltArrows(eastPage.frame!).svg)[0]
        XCTAssertEqual(Double(arrow[2])! - Double(arrow[0])!, 12, accuracy: 0.15)
        XCTAssertEqual(Double(arrow[3])!, Double(arrow[1])!, accuracy: 0.05)
    }

    func testArrowsAreSpreadOverTheWholeWalkAndAtMostTwentyFour() {
        // Round a 1 km square (2 720 px of path on this map), a record every 10 m: far more than 24
        // arrows' worth at 60 px, so they are spaced out to cover all four sides.
        let corners = [(0.0, 0.0), (0.0, 1000.0), (1000.0, 1000.0), (1000.0, 0.0), (0.0, 0.0)]
        var belts: [TripEvent] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for step in 0..<100 {
                let f = Double(step) / 100
                let c = F.at(a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
                belts.append(TripEvent(time: F.t0 + Double(belts.count), kind: .belt, bearing: 45, latitude: c.latitude, longitude: c.longitude))
            }
        }
        let route = Route(kind: .route, waypoints: corners.map { Waypoint(coordinate: F.at($0.0, $0.1)) })
        let page = TripReportPage(track: WalkedTrack(segments: []), route: route, events: belts, skippedJournalLines: 0, title: nil,
                                  generatedAt: nil, trackFile: nil, routeFile: nil, journalFile: nil)
        let arrows = page.beltArrows(page.frame!)
        XCTAssertLessThanOrEqual(arrows.count, TripReportPage.maximumArrows)
        XCTAssertGreaterThanOrEqual(arrows.count, 18)
        let tails = Self.matches(of: "<path d=\"M([-0-9.]+),([-0-9.]+)L[-0-9.,]+\" stroke=\"#6a3d9a\"", in: arrows.svg)
            .map { (x: Double($0[0])!, y: Double($0[1])!) }
        XCTAssertEqual(tails.count, arrows.count)
        for (i, a) in tails.enumerated() {
            for b in tails[(i + 1)...] { XCTAssertGreaterThanOrEqual((a.x - b.x).hypot(a.y - b.y), 59) }
        }
        // The last arrow is near the end of the way back along the south side, not where 24 ran out.
        XCTAssertLessThan(tails.last!.x, 200)
        XCTAssertGreaterThan(tails.last!.y, 700)
    }

    func testNamesAreEscaped() {
        let route = Route(name: "<b>&\"", kind: .route, waypoints: [Waypoint(name: "<i>'", coordinate: F.centre)])
        let html = TripReportDocument.render(track: WalkedTrack(segments: []), route: route,
                                             events: [TripEvent(time: F.t0, kind: .restart, device: "<gps>", reason: "a & b")],
                                             trackFile: "<x>.gpx")
        XCTAssertTrue(html.contains("<h1>&lt;b&gt;&amp;&quot;</h1>"))
        XCTAssertTrue(html.contains("<title>Trip report: &lt;b&gt;&amp;&quot;</title>"))
        XCTAssertTrue(html.contains("<td>&lt;i&gt;&#39;</td>"))
        XCTAssertTrue(html.contains("&lt;gps&gt;: a &amp; b"))
        XCTAssertTrue(html.contains("<code>&lt;x&gt;.gpx</code>"))
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertFalse(html.contains("<i>"))
        XCTAssertFalse(html.contains("<gps>"))
    }

    func testEmptyInputStillMakesAPageThatSaysWhatIsMissing() {
        let html = TripReportDocument.render(track: WalkedTrack(segments: []), route: nil, events: [])
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.hasSuffix("</main>\n</body>\n</html>\n"))
        XCTAssertTrue(html.contains("<h1>Walk</h1>"))
        XCTAssertTrue(html.contains("The track has no points"))
        XCTAssertTrue(html.contains("No route was given"))
        XCTAssertTrue(html.contains("There is no event journal"))
        XCTAssertTrue(html.contains("Nothing to draw"))
        XCTAssertTrue(html.contains("there is no timeline"))
        XCTAssertFalse(html.contains("<svg id=\"map\""))
        XCTAssertTrue(html.contains("<th scope=\"row\">Distance walked (GPS track, smoothed)</th><td class=\"value\">0 m</td>"))
    }

    func testOnePointWithoutTimeStillHasAMap() {
        let track = WalkedTrack(name: "Stood still", segments: [[TrackPoint(coordinate: F.centre)]])
        let html = TripReportDocument.render(track: track, route: nil, events: [])
        XCTAssertTrue(html.contains("<svg id=\"map\" class=\"map\" width=\"760\" height=\"760\""))
        XCTAssertTrue(html.contains("<circle class=\"track q-good\" cx=\"380\" cy=\"380\" r=\"3\""))
        XCTAssertTrue(html.contains("The track’s points have no times"))
        XCTAssertTrue(html.contains("<h1>Stood still</h1>"))
        XCTAssertFalse(html.contains("<svg id=\"timeline\""))
    }

    func testAbsurdValuesRenderWithoutTrapping() {
        let points = [TrackPoint(coordinate: Coordinate(latitude: 90, longitude: 180), time: 1e300, hdop: .infinity),
                      TrackPoint(coordinate: Coordinate(latitude: -90, longitude: -180), time: -1e300, satellites: .min)]
        let route = Route(name: "", kind: .route, waypoints: (0..<200).map { Waypoint(coordinate: Coordinate(latitude: Double($0) * 0.9 - 90, longitude: 0)) })
        let events = [TripEvent(time: 1e308, kind: .waypointReached, index: .max), TripEvent(time: -1e308, kind: .belt, bearing: 1e308, latitude: 0, longitude: 0),
                      TripEvent(time: 0, kind: .offRoute, index: .max, distance: .nan, seconds: -1)]
        let html = TripReportDocument.render(track: WalkedTrack(segments: [points]), route: route, events: events, skippedJournalLines: -5,
                                             generatedAt: .nan)
        XCTAssertTrue(html.hasSuffix("</html>\n"))
        XCTAssertTrue(html.contains("<svg id=\"map\""))
        XCTAssertTrue(html.contains("on the leg to waypoint ?"))
    }

    func testTheBytesEntryPointReadsTheFiles() throws {
        let html = try TripReportDocument.render(trackGPX: Data(GPXTrackReaderTests.appliance.utf8), routeGPX: nil,
                                                 journal: "{\"kind\":\"paused\",\"time\":1795773601}\nnot json\n")
        XCTAssertTrue(html.contains("<h1>Demo walk</h1>"))
        XCTAssertTrue(html.contains("1 journal line was skipped"))
        XCTAssertThrowsError(try TripReportDocument.render(trackGPX: Data("<gpx".utf8), routeGPX: nil, journal: nil))
    }

    func testTimeTicksAreRound() {
        XCTAssertEqual(TripReportPage.tickStep(for: 45), 10)
        XCTAssertEqual(TripReportPage.tickStep(for: 750), 120)
        XCTAssertEqual(TripReportPage.tickStep(for: 3 * 3600), 1800)
        XCTAssertEqual(TripReportPage.tickStep(for: 1e9), 864_000_000)
        XCTAssertEqual(ReportText.clock(F.t0 + 59.9), "10:00:59")
        XCTAssertEqual(ReportText.clock(-1), "23:59:59")
        XCTAssertEqual(ReportText.date(-1), "1969-12-31")
        XCTAssertEqual(ReportText.date(F.t0), "2026-11-27")
        XCTAssertEqual(ReportText.clock(1e300), "?")
        XCTAssertEqual(ReportText.svg(-0.04), "0")
        XCTAssertEqual(ReportText.svg(12.25), "12.3")
        XCTAssertEqual(ReportText.svg(.nan), "0")
        XCTAssertEqual(ReportText.decimal(-1.5, places: 0), "-2")
    }

    // MARK: Helpers

    /// The capture groups of every match.
    static func matches(of pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<max(match.numberOfRanges, 1)).compactMap { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) }
            }
        }
    }

    /// The SVG elements' attribute text, without the stylesheet and the tables.
    static func svgParts(of html: String) -> String {
        html.components(separatedBy: "<svg").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
            .joined(separator: "\n")
            .replacingOccurrences(of: ">[^<]*<", with: "><", options: .regularExpression)
    }
}
