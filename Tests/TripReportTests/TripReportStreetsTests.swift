import Foundation
import Navigation
@testable import TripReport
import XCTest

/// The map's streets under the walk, what the walker was told ahead and the routes planned on the
/// way: where each is drawn, how it is told apart, and the bounds on what is drawn.
final class TripReportStreetsTests: XCTestCase {
    typealias F = TripFixtures

    /// A walk due north along the 1 km route: the map is 760 × 760 px at 0.68 px/m about (0, 500),
    /// so it shows 559 m each way of the middle.
    static func walk() -> (track: WalkedTrack, route: Route) {
        let points = (0...5).map { F.point(0, Double($0) * 200, t: Double($0) * 150, hdop: 1) }
        return (WalkedTrack(name: "Walk", segments: [points]), F.northRoute(length: 1000))
    }

    static func line(_ highway: String, _ name: String?, _ points: [(Double, Double)]) -> StreetLine {
        StreetLine(highway: highway, name: name, points: points.map { F.at($0.0, $0.1) })
    }

    func page(streets: ReportStreets?, events: [TripEvent] = []) -> TripReportPage {
        let (track, route) = Self.walk()
        return TripReportPage(track: track, route: route, events: events, skippedJournalLines: 0, title: nil, generatedAt: nil,
                              trackFile: nil, routeFile: nil, journalFile: nil, streets: streets)
    }

    /// The street paths of a page, by their group's class: the `d` of each.
    static func streetPaths(_ html: String, _ cssClass: String) -> [String] {
        guard let start = html.range(of: "<g class=\"streets \(cssClass)\"") else { return [] }
        let rest = html[start.upperBound...]
        let body = String(rest[..<(rest.range(of: "</g>")?.lowerBound ?? rest.endIndex)])
        return TripReportDocumentTests.matches(of: "<path d=\"([^\"]*)\"", in: body).compactMap(\.first)
    }

    func testStreetsThatCrossTheMapAreDrawnUnderTheRouteAndOthersAreNot() throws {
        let streets = ReportStreets(lines: [
            Self.line("residential", "Inside", [(50, 0), (50, 1000)]),
            // Both ends far outside, the segment across the middle of the map.
            Self.line("residential", "Across", [(-3000, 500), (3000, 500)]),
            Self.line("residential", "Far east", [(5000, 0), (5000, 1000)]),
            Self.line("residential", "North of the map", [(-200, 1700), (200, 1700)]),
        ], mapName: "town")
        let html = page(streets: streets).html()
        XCTAssertTrue(html.contains("<title>Inside</title>"))
        XCTAssertTrue(html.contains("<title>Across</title>"))
        XCTAssertFalse(html.contains("Far east"), "a street beyond the map's edge is not drawn")
        XCTAssertFalse(html.contains("North of the map"))
        // Inside: 50 m east of the route's line is 34 px right of the middle, from the route's south
        // end (y 720) to its north end (y 40).
        let frame = try XCTUnwrap(page(streets: nil).frame)
        let south = try XCTUnwrap(frame.pixel(F.at(50, 0))), north = try XCTUnwrap(frame.pixel(F.at(50, 1000)))
        XCTAssertEqual(south.x, 414, accuracy: 0.05)
        XCTAssertEqual(Self.streetPaths(html, "st-minor").first, "M\(ReportText.point(south.x, south.y))L\(ReportText.point(north.x, north.y))")
        // Under the route: the streets come right after the background.
        let streetsAt = try XCTUnwrap(html.range(of: "<g class=\"streets")).lowerBound
        XCTAssertLessThan(try XCTUnwrap(html.range(of: "class=\"background\"")).lowerBound, streetsAt)
        XCTAssertLessThan(streetsAt, try XCTUnwrap(html.range(of: "<polyline class=\"route\"")).lowerBound)
        XCTAssertTrue(html.contains("Streets from the map “town”, © OpenStreetMap contributors.</p>"))
        XCTAssertTrue(html.contains("</svg>street</li>"), "the legend has the street")
    }

    /// Of a long street only the run of segments in view is drawn: a segment wholly outside the map
    /// ends one run, and the street comes back as another.
    func testALongStreetIsDrawnInTheRunsInView() {
        let streets = ReportStreets(lines: [
            Self.line("residential", "Loop", [(-100, 100), (100, 100), (3000, 100), (3000, 900), (100, 900), (-100, 900)]),
        ], mapName: "town")
        let paths = Self.streetPaths(page(streets: streets).html(), "st-minor")
        XCTAssertEqual(paths.count, 2, "\(paths)")
        XCTAssertEqual(paths.map { $0.components(separatedBy: "L").count - 1 }, [2, 2],
                       "each run: the segment in view and the one leaving the map")
    }

    func testStepsFootwaysAndStreetsAreDrawnApart() {
        let streets = ReportStreets(lines: [
            Self.line("primary", "Main", [(-200, 100), (200, 100)]),
            Self.line("residential", "Side", [(-200, 200), (200, 200)]),
            Self.line("footway", nil, [(-200, 300), (200, 300)]),
            Self.line("steps", "Trappen", [(-20, 400), (20, 400)]),
        ], mapName: "town")
        let html = page(streets: streets).html()
        XCTAssertTrue(html.contains("<g class=\"streets st-main\" fill=\"none\" stroke=\"#cfc9bb\" stroke-width=\"7\""))
        XCTAssertTrue(html.contains("<g class=\"streets st-minor\" fill=\"none\" stroke=\"#dcd7cb\" stroke-width=\"4\""))
        XCTAssertTrue(html.contains("<g class=\"streets st-path\" fill=\"none\" stroke=\"#b9b2a3\" stroke-width=\"1.3\" stroke-dasharray=\"4 3\""))
        XCTAssertTrue(html.contains("<g class=\"streets st-steps\" fill=\"none\" stroke=\"#8c8372\" stroke-width=\"5\" stroke-dasharray=\"1.5 2\""))
        for cssClass in ["st-main", "st-minor", "st-path", "st-steps"] {
            XCTAssertEqual(Self.streetPaths(html, cssClass).count, 1, cssClass)
        }
        XCTAssertTrue(html.contains("<title>Trappen</title>"))
        // The steps are drawn last of the streets, over the others.
        XCTAssertLessThan(html.range(of: "st-path\"")!.lowerBound, html.range(of: "st-steps\"")!.lowerBound)
        for label in ["main street", "street", "footway or path", "steps"] {
            XCTAssertTrue(html.contains("</svg>\(label)</li>"), label)
        }
        XCTAssertEqual(StreetClass(highway: "trunk_link"), .main)
        XCTAssertEqual(StreetClass(highway: "service"), .minor)
        XCTAssertEqual(StreetClass(highway: "cycleway"), .path)
    }

    /// Sixty streets of 400 segments each are more than the cap: exactly the cap is drawn, the main
    /// street last in the map's order among the first, and the page says how many were left out.
    func testTheSegmentCapIsHonouredMainStreetsFirst() {
        var lines = (0..<60).map { row in
            Self.line("residential", nil, (0...400).map { (Double($0) * 2 - 400, Double(row) * 15) })
        }
        lines.append(Self.line("primary", "Main", (0...400).map { (Double($0) * 2 - 400, 950) }))
        let html = page(streets: ReportStreets(lines: lines, mapName: "city")).html()
        let drawn = ["st-main", "st-minor"].flatMap { Self.streetPaths(html, $0) }
            .reduce(0) { $0 + $1.components(separatedBy: "L").count - 1 }
        XCTAssertEqual(drawn, TripReportPage.maximumStreetSegments)
        XCTAssertEqual(Self.streetPaths(html, "st-main").first?.components(separatedBy: "L").count, 401, "the main street whole")
        XCTAssertTrue(html.contains(" 20000 of the 24400 street segments in view are drawn (at most 20000, the main streets and steps first).</p>"))
    }

    /// Points closer than a pixel are one point on the map: a street of 1 001 points 10 cm apart,
    /// 100 m (68 px) long, is drawn with a point every 1.5 m (every 15th), to its last.
    func testPointsWithinAPixelAreNotDrawnTwice() throws {
        let streets = ReportStreets(lines: [Self.line("residential", nil, (0...1000).map { (Double($0) * 0.1, 500) })], mapName: "town")
        let paths = Self.streetPaths(page(streets: streets).html(), "st-minor")
        XCTAssertEqual(paths.count, 1)
        let points = try XCTUnwrap(paths.first).dropFirst().components(separatedBy: "L")
        XCTAssertEqual(points.count, 68, "\(points)")
        let end = try XCTUnwrap(try XCTUnwrap(page(streets: nil).frame).pixel(F.at(100, 500)))
        XCTAssertEqual(points.last, ReportText.point(end.x, end.y))
    }

    func testAMapThatCannotBeReadIsSaidInOneLineAndNothingIsDrawn() {
        let html = page(streets: .unreadable("town", problem: "/maps/town: no such map directory")).html()
        XCTAssertFalse(html.contains("<g class=\"streets"))
        XCTAssertTrue(html.contains("<li>The map “town” could not be read, so the streets are not drawn: /maps/town: no such map directory</li>"))
        XCTAssertFalse(html.contains("Streets from the map"))
        let elsewhere = page(streets: ReportStreets(lines: [Self.line("residential", nil, [(9000, 0), (9000, 10)])], mapName: "monaco")).html()
        XCTAssertTrue(elsewhere.contains("<p class=\"muted\">The map “monaco” has no streets around this walk.</p>"))
        XCTAssertFalse(page(streets: nil).html().contains("Streets from"), "no map, no word of one")
    }

    /// The area handed to the map's reader: the map's rectangle (559 m each way of the middle) and
    /// 100 m around it.
    func testTheStreetAreaIsTheMapsRectangleAndAMargin() throws {
        let (track, route) = Self.walk()
        let area = try XCTUnwrap(TripReportDocument.streetArea(track: track, route: route))
        let half = 380 / 0.68
        let southWest = F.at(-half - 100, 500 - half - 100), northEast = F.at(half + 100, 500 + half + 100)
        XCTAssertEqual(area.south, southWest.latitude, accuracy: 3e-6)
        XCTAssertEqual(area.west, southWest.longitude, accuracy: 3e-6)
        XCTAssertEqual(area.north, northEast.latitude, accuracy: 3e-6)
        XCTAssertEqual(area.east, northEast.longitude, accuracy: 3e-6)
        XCTAssertNil(TripReportDocument.streetArea(track: WalkedTrack(segments: []), route: nil), "nothing to draw, nothing to read")
        // Across the antimeridian the west bound is east of the east one.
        let dateLine = WalkedTrack(segments: [[TrackPoint(coordinate: Coordinate(latitude: -17, longitude: 179.9995)),
                                               TrackPoint(coordinate: Coordinate(latitude: -17, longitude: -179.9995))]])
        let across = try XCTUnwrap(TripReportDocument.streetArea(track: dateLine, route: nil))
        XCTAssertGreaterThan(across.west, 179)
        XCTAssertLessThan(across.east, -179)
    }

    /// Steps told ahead are marked where the steps are, a re-plan where the walker was at its time;
    /// a record without a place is in the table only.
    func testWhatWasToldAheadIsMarkedAtTheHazardAndPlansWhereTheWalkerWas() throws {
        let steps = F.at(30, 600)
        let events = [
            F.event(0, .walk),
            TripEvent(time: F.t0 + 100, kind: .ahead, name: "steps down, 12 steps", reason: "steps",
                      latitude: steps.latitude, longitude: steps.longitude, distance: 20),
            TripEvent(time: F.t0 + 110, kind: .ahead, name: "a crossing", reason: "crossing", distance: 20),
            TripEvent(time: F.t0 + 300, kind: .routePlanned, name: "harbour", reason: "re-planned", distance: 412),
        ]
        let page = page(streets: nil, events: events)
        let html = page.html()
        let frame = try XCTUnwrap(page.frame)
        let at = try XCTUnwrap(frame.pixel(steps))
        let marker = HazardKind.steps.symbol(x: at.x, y: at.y, r: 6)
        XCTAssertTrue(html.contains("<g class=\"event ahead hz-steps\"><title>10:01:40 UTC: steps ahead (steps down, 12 steps, 20 m before it)</title>\(marker)</g>"))
        XCTAssertEqual(html.components(separatedBy: "<g class=\"event ahead").count - 1, 1, "the crossing without a place is not on the map")
        XCTAssertTrue(html.contains("a crossing, 20 m before it"), "it is in the table")
        // Re-planned at t = 300 s: the walker was at the third point, 400 m north.
        let replanned = frame.pixel(try XCTUnwrap(page.clock.position(at: F.t0 + 300)))
        XCTAssertEqual(replanned.y, try XCTUnwrap(frame.pixel(F.at(0, 400))).y, accuracy: 0.05)
        let hexagon = EventCategory.planned.symbol(x: replanned.x, y: replanned.y, r: 5)
        XCTAssertTrue(html.contains("<g class=\"event ev-planned\"><title>10:05:00 UTC: re-planned (412 m to harbour)</title>\(hexagon)</g>"))
        XCTAssertTrue(html.contains("</svg>steps told ahead</li>"))
        XCTAssertFalse(html.contains("crossing told ahead</li>"), "only what is on the map is in the legend")
        XCTAssertTrue(html.contains("</svg>route planned or re-planned</li>"))
        XCTAssertTrue(html.contains(">Planning</text>"), "the timeline has a row for the plans")
        XCTAssertTrue(HazardKind.allCases.allSatisfy { kind in HazardKind.allCases.filter { $0.symbol(x: 0, y: 0, r: 6) == kind.symbol(x: 0, y: 0, r: 6) }.count == 1 },
                      "each kind has its own symbol")
    }
}
