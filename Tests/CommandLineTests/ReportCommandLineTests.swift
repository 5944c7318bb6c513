import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder report`: a walk's report from its files, its figures in words or JSON, and the errors
/// in the one format every command uses.
final class ReportCommandLineTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let dir = directory
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        // Four points 33.4 m apart due north, 10 s apart; the route runs along them.
        let points = (0..<4).map { i in
            #"<trkpt lat="\#(52 + Double(i) * 0.0003)" lon="8.0000000"><time>2026-11-27T10:00:\#(i)0Z</time><fix>3d</fix><sat>9</sat><hdop>0.8</hdop></trkpt>"#
        }.joined(separator: "\n")
        try write("walk.gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Park loop</name><trkseg>
            \(points)
            </trkseg></trk></gpx>
            """)
        try write("park.gpx", """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <rte><name>Park loop</name><rtept lat="52.0" lon="8.0"><name>Gate</name></rtept><rtept lat="52.0009" lon="8.0"><name>Pond</name></rtept></rte>
            </gpx>
            """)
        try write("walk.events.jsonl", """
            {"distance":30,"kind":"walk","name":"Park loop","path":"\(directory)/park.gpx","time":1795773600}
            {"kind":"paused","time":1795773610}
            {"kind":"resumed","time":1795773620}
            {"index":1,"kind":"arrived","name":"Pond","time":1795773630}
            {"kind":"gps_lost","ti
            """)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
    }

    func testTheReportIsWrittenWithTheRouteTheJournalNamesAndTheFiguresArePrinted() throws {
        let result = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "")
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "wrote \(directory)/out.html")
        XCTAssertTrue(lines.contains("walked 100 m by the GPS track, smoothed (100 m summing every fix, jitter included), in 4 points over 30 s, 30 s moving"), result.output)
        XCTAssertTrue(lines.contains("paused for 10 s"), result.output)
        let html = try String(contentsOfFile: "\(directory)/out.html", encoding: .utf8)
        XCTAssertTrue(html.contains(#"class="route""#), "the route the journal names is drawn")
        XCTAssertTrue(html.contains("walk.events.jsonl"), "the footer names the journal")
    }

    func testJSONGivesTheFiguresForAScript() throws {
        let result = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "-o", "\(directory)/out.html", "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["points"] as? Int, 4)
        XCTAssertEqual(try XCTUnwrap(object["distance_m"] as? Double), 100.1, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(object["distance_every_fix_m"] as? Double), 100.1, accuracy: 0.5)
        XCTAssertEqual(object["duration_s"] as? Double, 30)
        XCTAssertEqual(object["paused_s"] as? Double, 10)
        XCTAssertEqual(object["cross_track_p95_m"] as? Double, 0, "the track lies on the route")
        XCTAssertEqual(object["off_route_source"] as? String, "journal")
        XCTAssertEqual(object["report"] as? String, "\(directory)/out.html")
    }

    func testDashWritesTheReportToStandardOutputAndTheFiguresToStandardError() throws {
        let result = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "--route", "\(directory)/park.gpx", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.hasPrefix("<!DOCTYPE html>"), String(result.output.prefix(80)))
        XCTAssertTrue(result.errors.contains("walked 100 m"), result.errors)
    }

    func testMissingFilesAreNamedWithExitStatusOne() throws {
        let track = try WayfinderBinary.run(["report", "\(directory)/nowhere.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(track.status, 1)
        XCTAssertEqual(track.errors, "wayfinder: \(directory)/nowhere.gpx: no such file\n")
        let route = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "--route", "\(directory)/none.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(route.status, 1)
        XCTAssertEqual(route.errors, "wayfinder: \(directory)/none.gpx: no such file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/out.html"), "no report from half the inputs")
    }

    /// The route the journal names may have moved since the walk: the report is still made, and says so.
    func testARouteTheJournalNamesThatIsGoneIsAWarningNotAFailure() throws {
        try FileManager.default.removeItem(atPath: "\(directory)/park.gpx")
        let result = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.errors.contains("warning: the route the walk followed, \(directory)/park.gpx, cannot be read"), result.errors)
        XCTAssertTrue(result.output.contains("no route to compare with (--route)"), result.output)
    }

    /// The route file given where the track belongs: no empty report, but what it is and --route.
    func testARouteGivenAsTheTrackIsRefusedPointingToRoute() throws {
        let result = try WayfinderBinary.run(["report", "\(directory)/park.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.errors.hasPrefix("wayfinder: \(directory)/park.gpx:2: holds a route (<rte>, 2 points) but no "
                                              + "track points (<trkpt>)"), result.errors)
        XCTAssertTrue(result.errors.contains("pass this file with --route"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/out.html"), "no empty report")
    }

    /// A receiver standing still wanders a few metres: summed fix by fix that is hundreds of metres,
    /// which the walked distance leaves out and the figures say.
    func testAStandingReceiversJitterIsNotWalking() throws {
        let points = (0..<120).map { i in
            // 3 m east and back, a fix a second, for two minutes.
            #"<trkpt lat="52.0000000" lon="\#(i % 2 == 0 ? "8.0000000" : "8.0000438")"><time>2026-11-27T10:\#(i < 60 ? "00" : "01"):\#(String(format: "%02d", i % 60))Z</time><fix>3d</fix></trkpt>"#
        }.joined(separator: "\n")
        try write("standing.gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Standing</name><trkseg>
            \(points)
            </trkseg></trk></gpx>
            """)
        let result = try WayfinderBinary.run(["report", "\(directory)/standing.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("walked 0 m by the GPS track, smoothed (358 m summing every fix, jitter included)"), result.output)
        XCTAssertTrue(result.output.contains(" over 1 min 59 s, 0 s moving"), "standing is not moving either: \(result.output)")
        let html = try String(contentsOfFile: "\(directory)/out.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<th scope=\"row\">Distance walked (GPS track, smoothed)</th><td class=\"value\">0 m</td>"), html)
        XCTAssertTrue(html.contains("every fix summed, GPS jitter included: 358 m"), html)
    }

    func testAMalformedTrackIsReportedAtItsLine() throws {
        try write("bad.gpx", "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg><trkpt lat=\"x\" lon=\"8\"/></trkseg></trk></gpx>\n")
        let result = try WayfinderBinary.run(["report", "\(directory)/bad.gpx", "-o", "\(directory)/out.html"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.hasPrefix("wayfinder: \(directory)/bad.gpx:3:"), result.errors)
    }
}
