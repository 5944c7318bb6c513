import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder geo inverse|direct|declination` as an outside comparison uses it: arguments or
/// `--batch` lines in, one JSON object per problem out, a bad line reported in its place.
final class GeoCommandLineTests: XCTestCase {
    private func run(_ arguments: [String], input: String = "") throws -> (status: Int32, lines: [String], errors: String) {
        let result = try WayfinderBinary.run(arguments, input: input)
        return (result.status, result.outputLines, result.errors)
    }

    /// The numbers of a `{"key":number,…}` line, by key.
    private func numbers(_ line: String) throws -> [String: Double] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    /// JFK → CDG, GeographicLib's values (`Geodesic.WGS84.Inverse`), with negative longitudes as arguments.
    func testInverseGivesDistanceThenBothAzimuthsInThatKeyOrder() throws {
        let r = try run(["geo", "inverse", "40.6", "-73.8", "49.01666667", "2.55", "--json"])
        XCTAssertEqual(r.status, 0, r.errors)
        XCTAssertEqual(r.lines.count, 1)
        let line = try XCTUnwrap(r.lines.first)
        XCTAssertTrue(line.hasPrefix("{\"azi1_deg\":") && line.contains(",\"azi2_deg\":") && line.contains(",\"distance_m\":"), line)
        let v = try numbers(line)
        XCTAssertEqual(try XCTUnwrap(v["distance_m"]), 5_853_226.256, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(v["azi1_deg"]), 53.4702, accuracy: 0.00005)
        XCTAssertEqual(try XCTUnwrap(v["azi2_deg"]), 111.5937, accuracy: 0.00005)
    }

    func testDirectIsTheInverseBackwards() throws {
        let r = try run(["geo", "direct", "40.6", "-73.8", "53.47022", "5853226.256", "--json"])
        XCTAssertEqual(r.status, 0, r.errors)
        let v = try numbers(try XCTUnwrap(r.lines.first))
        XCTAssertEqual(try XCTUnwrap(v["lat2_deg"]), 49.01666667, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(v["lon2_deg"]), 2.55, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(v["azi2_deg"]), 111.5937, accuracy: 1e-3)
    }

    func testBatchPrintsOneLinePerProblemAndReportsBadLinesInPlace() throws {
        let r = try run(["geo", "inverse", "--batch"], input: """
        40.6 -73.8 49.01666667 2.55
        91 0 0 0

        0 0 0 0 0
        52\t8   52.001 8
        north 0 0 0
        """)
        XCTAssertEqual(r.status, 1, "a bad line makes the exit status 1")
        XCTAssertEqual(r.lines.count, 5, r.lines.joined(separator: "\n"))
        XCTAssertEqual(try XCTUnwrap(try numbers(r.lines[0])["distance_m"]), 5_853_226.256, accuracy: 0.001)
        XCTAssertEqual(r.lines[1], #"{"error":"LAT1: 91 is not a latitude in [-90, 90]","line":2}"#)
        XCTAssertEqual(r.lines[2], #"{"error":"expected 4 values LAT1 LON1 LAT2 LON2, found 5","line":4}"#)
        XCTAssertEqual(try XCTUnwrap(try numbers(r.lines[3])["azi1_deg"]), 0, accuracy: 1e-9, "due north")
        XCTAssertEqual(r.lines[4], #"{"error":"LAT1: \"north\" is not a finite number","line":6}"#)
    }

    /// NOAA's WMM2025 test values (Fixtures/WMM2025_FINAL_TEST_VALUES.txt): 2025.0 at 43°N 93°E,
    /// 65 km → 0.50°; 2027-07-02 (2027.5) at 13°S 59°W, 0 km → −17.49°.
    func testDeclinationMatchesNOAAsTestValues() throws {
        let a = try run(["geo", "declination", "43", "93", "--altitude-km", "65", "--date", "2025-01-01", "--json"])
        XCTAssertEqual(a.status, 0, a.errors)
        XCTAssertTrue(try XCTUnwrap(a.lines.first).hasPrefix("{\"declination_deg\":"))
        XCTAssertEqual(try XCTUnwrap(try numbers(a.lines[0])["declination_deg"]), 0.50, accuracy: 0.01)
        let b = try run(["geo", "declination", "-13", "-59", "--date", "2027-07-02", "--json"])
        XCTAssertEqual(try XCTUnwrap(try numbers(try XCTUnwrap(b.lines.first))["declination_deg"]), -17.49, accuracy: 0.01)
    }

    func testDeclinationBatchRefusesExpiredDatesPolesAndBadDatesLineByLine() throws {
        let r = try run(["geo", "declination", "--batch"], input: """
        43 93 65 2025-01-01
        52.28 8.05 0 2031-01-01
        90 0 0 2026-01-01
        52.28 8.05 0 2026-02-30
        52.28 8.05 0 2026-2-3
        -13 -59 0 2027-07-02
        """)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 6, r.lines.joined(separator: "\n"))
        XCTAssertEqual(try XCTUnwrap(try numbers(r.lines[0])["declination_deg"]), 0.50, accuracy: 0.01)
        XCTAssertTrue(r.lines[1].contains("outside WMM-2025's validity") && r.lines[1].hasSuffix(",\"line\":2}"), r.lines[1])
        XCTAssertTrue(r.lines[2].contains("undefined at a geographic pole") && r.lines[2].hasSuffix(",\"line\":3}"), r.lines[2])
        XCTAssertEqual(r.lines[3], #"{"error":"2026-2-30 is not a calendar date","line":4}"#)
        XCTAssertEqual(r.lines[4], #"{"error":"date \"2026-2-3\" is not YYYY-MM-DD","line":5}"#)
        XCTAssertEqual(try XCTUnwrap(try numbers(r.lines[5])["declination_deg"]), -17.49, accuracy: 0.01)
    }

    func testWrongArgumentCountsAreUsageErrors() throws {
        let few = try run(["geo", "inverse", "1", "2", "3"])
        XCTAssertNotEqual(few.status, 0)
        XCTAssertTrue(few.errors.contains("expected LAT1 LON1 LAT2 LON2 (4 values), got 3"), few.errors)
        let mixed = try run(["geo", "direct", "--batch", "1", "2", "3", "4"])
        XCTAssertNotEqual(mixed.status, 0)
        XCTAssertTrue(mixed.errors.contains("--batch reads"), mixed.errors)
    }

    /// `route show` measures each leg as `geo inverse` does, and refuses a broken file by name.
    func testRouteShowListsTheDemoRoutesLegsWithGeodesicDistancesAndBearings() throws {
        let r = try run(["route", "show", "--json", Repository.demoRoute])
        XCTAssertEqual(r.status, 0, r.errors)
        XCTAssertEqual(r.lines.count, 12, "11 legs between 12 waypoints, then the summary")
        let first = try numbers(r.lines[0])
        XCTAssertTrue(r.lines[0].contains(#""from":"Hauptbahnhof","leg":1,"to":"Möserstraße / Goethering""#), r.lines[0])
        // The demo route's first two points (deploy/routes/demo-walk.gpx).
        let inverse = try numbers(try XCTUnwrap(try run(["geo", "inverse", "52.2729", "8.0588", "52.27335", "8.0566", "--json"]).lines.first))
        XCTAssertEqual(try XCTUnwrap(first["distance_m"]), try XCTUnwrap(inverse["distance_m"]), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(first["bearing_deg"]), try XCTUnwrap(inverse["azi1_deg"]) + 360, accuracy: 1e-9)
        XCTAssertTrue(try XCTUnwrap(r.lines.last).hasPrefix(#"{"summary":{"distance_m":"#) && r.lines.last?.hasSuffix(#","legs":11}}"#) == true)

        let table = try run(["route", "show", Repository.demoRoute])
        XCTAssertEqual(table.lines.first, #""Hauptbahnhof to the Schloss through the Altstadt" (route, 12 points)"#)
        XCTAssertEqual(table.lines[1], "  1. Hauptbahnhof → Möserstraße / Goethering: 158.3 m, bearing 288.4° true")

        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-route-show-\(UUID()).gpx")
        try Data("<gpx>".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let broken = try run(["route", "show", bad.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.errors.hasPrefix(bad.path + ":1:") && broken.errors.contains("truncated"),
                      "file:line:column: what, as the configuration check reports: \(broken.errors)")
        let missing = try run(["route", "show", "/nonexistent/walk.gpx"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.errors, "wayfinder: /nonexistent/walk.gpx: no such file\n", "never Foundation's \"The operation could not be completed\"")
        let scenarios = try run(["gestures", "replay", "/nonexistent/scenarios.json"])
        XCTAssertEqual(scenarios.status, 1, "a missing file is not a usage error")
        XCTAssertEqual(scenarios.errors, "wayfinder: /nonexistent/scenarios.json: no such file\n")
    }

    /// A broken or hostile route file gets one line on stderr, ours: the XML library prints nothing of
    /// its own, and a document nested without end is refused in words.
    func testABrokenRouteFileIsReportedInOneLineAndTheXMLLibrarySaysNothing() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-route-broken-\(UUID()).gpx")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>A & B</name></wpt></gpx>\n".utf8).write(to: bad)
        let broken = try run(["route", "show", bad.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.errors, "\(bad.path):2:31: is not a well-formed XML file (a '<' not followed by an "
                       + "element name, XML error 68). Export the route again as GPX 1.1 from the route planner.\n")
        try Data(("<gpx>\n" + String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000) + "</gpx>\n").utf8)
            .write(to: bad)
        let deep = try run(["route", "show", bad.path])
        XCTAssertEqual(deep.status, 1)
        XCTAssertEqual(deep.errors, "\(bad.path):2:301: elements are nested 100 deep or more, which no GPX file "
                       + "needs; this is not a route planner's export. Export the route again as GPX 1.1 from the route planner.\n")
    }

    /// Without --json the answer is for a person: metres and degrees, with what they mean.
    func testWithoutJSONTheAnswerIsInWords() throws {
        let inverse = try run(["geo", "inverse", "40.6", "-73.8", "49.01666667", "2.55"])
        XCTAssertEqual(inverse.lines, ["5853226.256 m, setting off at 53.47° and arriving at 111.59° (from true north, clockwise; negative is anticlockwise)"])
        let declination = try run(["geo", "declination", "-13", "-59", "--date", "2027-07-02"])
        XCTAssertTrue(declination.lines.first?.hasSuffix("° west (WMM2025)") ?? false, "\(declination.lines)")
        let refused = try run(["geo", "inverse", "95", "0", "0", "0"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.lines, [], "a refusal goes to standard error, not into the answer")
        XCTAssertTrue(refused.errors.contains("LAT1: 95 is not a latitude"), refused.errors)
    }

    /// The words and the JSON give an azimuth as one number, in the range the help states: a walk to
    /// the west (the demo route's first leg), one to the south-west, and a direct problem arriving
    /// heading south-west.
    func testTextAndJSONGiveAzimuthsInTheHelpsRange() throws {
        for command in ["inverse", "direct"] {
            let help = try WayfinderBinary.run(["geo", command, "--help"]).output.replacingOccurrences(of: "\n", with: " ")
            XCTAssertTrue(help.contains("in (-180, 180], in words and in JSON alike"), help)
        }
        let problems: [(arguments: [String], keys: [String])] = [
            (["inverse", "52.2729", "8.0588", "52.27335", "8.0566"], ["azi1_deg", "azi2_deg"]),
            (["inverse", "52.27", "8.05", "40.4", "-3.7"], ["azi1_deg", "azi2_deg"]),
            (["direct", "52.27", "8.05", "225", "100000"], ["azi2_deg"]),
        ]
        for problem in problems {
            let text = try run(["geo"] + problem.arguments)
            let json = try numbers(try XCTUnwrap(try run(["geo"] + problem.arguments + ["--json"]).lines.first))
            let line = try XCTUnwrap(text.lines.first, text.errors)
            // The degrees in the words, in order: after "setting off at" and "arriving at".
            let spoken = line.components(separatedBy: " at ").dropFirst().compactMap { part in
                Double(part.prefix { $0 == "-" || $0 == "." || $0.isNumber })
            }
            XCTAssertEqual(spoken.count, problem.keys.count, line)
            for (key, said) in zip(problem.keys, spoken) {
                let value = try XCTUnwrap(json[key], key)
                XCTAssertTrue(value > -180 && value <= 180, "\(key) \(value) is outside (-180, 180]")
                XCTAssertEqual(said, value, accuracy: 0.005, "\(problem.arguments): the words say \(said)°, the JSON \(key) \(value)°")
            }
            XCTAssertTrue(spoken.contains { $0 < 0 }, "each problem heads west somewhere, so a 0–360° reading would differ: \(line)")
        }
    }
}
