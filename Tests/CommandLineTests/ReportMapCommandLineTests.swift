import Foundation
import WayfinderTestKit
import XCTest

/// `wayfinder report` on a map: the streets around the walk from `--map` or the configuration's
/// `[route] map`, what was told ahead on the map, and a map that cannot be read a warning, not a
/// failure. The map is the routing fixtures' town, imported by the binary itself.
final class ReportMapCommandLineTests: XCTestCase {
    static let root = NSTemporaryDirectory() + "wayfinder-report-map-\(UUID().uuidString)"

    /// The town imported once for the class.
    static let town = Result { () throws -> String in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let result = try WayfinderBinary.run(["map", "import", Repository.root + "/Tests/RoutingTests/Fixtures/town.osm", "--to", root + "/town"])
        guard result.status == 0 else { throw Failed(description: "map import: \(result.status) \(result.errors)") }
        return root + "/town"
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    var directory = ""

    /// A walk from the station east along Nørregade to the square, told of the signalled crossing of
    /// Vester Voldgade ahead, with a route planned at its start.
    override func setUpWithError() throws {
        directory = Self.root + "/walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let points = (0...10).map { i in
            #"<trkpt lat="55.6800000" lon="\#(String(format: "%.7f", 12.568 + Double(i) * 0.0005))"><time>2026-11-27T10:\#(String(format: "%02d:%02d", i / 6, i % 6 * 10))Z</time><fix>3d</fix><hdop>0.8</hdop></trkpt>"#
        }.joined(separator: "\n")
        try write("walk.gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>to the square</name><trkseg>
            \(points)
            </trkseg></trk></gpx>
            """)
        try write("walk.events.jsonl", """
            {"kind":"walk","name":"to the square","time":1795773600}
            {"distance":320,"kind":"route_planned","name":"square","reason":"planned","time":1795773601}
            {"distance":20,"kind":"ahead","latitude":55.68,"longitude":12.572,"name":"crossing Vester Voldgade, signals with sound","reason":"crossing","time":1795773660}

            """)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
    }

    func report(_ arguments: [String]) throws -> (result: WayfinderBinary.Run, html: String) {
        let output = "\(directory)/out.html"
        let result = try WayfinderBinary.run(["report", "\(directory)/walk.gpx", "-o", output] + arguments)
        let html = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (result, html)
    }

    func testTheStreetsOfTheMapAreDrawnUnderTheWalkWithWhatWasToldAhead() throws {
        let (result, html) = try report(["--map", try Self.town.get()])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "")
        XCTAssertTrue(html.contains("<title>Nørregade</title>"))
        XCTAssertTrue(html.contains("<title>Vester Voldgade</title>"))
        XCTAssertTrue(html.contains("<title>Trappen</title>"), "the steps at the map's east edge")
        XCTAssertTrue(html.contains("<g class=\"streets st-steps\""))
        XCTAssertFalse(html.contains("<title>Gangen</title>"), "Gangen is 110 m north of the walk, off the map")
        // Of the seven footways, three meet the map: the crossing's, the one to the square and the
        // detour leaving the square northwards; not Gangen, the quay, Strandgade's crossing or the
        // island's.
        let footways = html.components(separatedBy: "<g class=\"streets st-path\"").dropFirst().first?
            .components(separatedBy: "</g>").first?.components(separatedBy: "<path d=").count ?? 0
        XCTAssertEqual(footways - 1, 3)
        XCTAssertTrue(html.contains("Streets from the map “town”, © OpenStreetMap contributors."))
        XCTAssertTrue(html.contains("<g class=\"event ahead hz-crossing\"><title>10:01:00 UTC: crossing ahead (crossing Vester Voldgade, signals with sound, 20 m before it)</title>"))
        XCTAssertTrue(html.contains("<g class=\"event ev-planned\"><title>10:00:01 UTC: planned (320 m to square)</title>"))
    }

    /// Without --map, the configuration's [route] map, relative to the configuration's directory.
    func testTheMapDefaultsToTheConfigurations() throws {
        let town = try Self.town.get()
        try write("wayfinder.toml", """
            [route]
            map = "../town"
            destination = [55.68, 12.573]
            """)
        XCTAssertEqual((town as NSString).deletingLastPathComponent, Self.root)
        let (result, html) = try report(["-c", "\(directory)/wayfinder.toml"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "")
        XCTAssertTrue(html.contains("<title>Nørregade</title>"))
        XCTAssertTrue(html.contains("Streets from the map “town”"))
        // A configuration without a map: no streets, and nothing to say about it.
        try write("plain.toml", "[route]\ngpx = \"walk.gpx\"\n")
        let plain = try report(["-c", "\(directory)/plain.toml"])
        XCTAssertEqual(plain.result.status, 0, plain.result.errors)
        XCTAssertEqual(plain.result.errors, "")
        XCTAssertFalse(plain.html.contains("<g class=\"streets"))
        XCTAssertFalse(plain.html.contains("Streets from"))
    }

    func testAMapThatCannotBeReadIsAWarningAndTheReportIsWrittenWithoutIt() throws {
        let missing = "\(directory)/no-such-map"
        let (result, html) = try report(["--map", missing])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "wayfinder: warning: \(missing): no such map directory (make one with `wayfinder map import FILE.osm.pbf --to \(missing)`); "
                       + "the report is made without the map's streets\n")
        XCTAssertTrue(html.contains("<li>The map “no-such-map” could not be read, so the streets are not drawn: "))
        XCTAssertFalse(html.contains("<g class=\"streets"))
        XCTAssertTrue(html.contains("class=\"track q-good\""))
    }

    /// A configuration named with -c must be there; a broken one is a warning like a broken map.
    func testAConfigurationGivenThatIsMissingFailsAndABrokenOneWarns() throws {
        let missing = try report(["-c", "\(directory)/none.toml"])
        XCTAssertEqual(missing.result.status, 1)
        XCTAssertEqual(missing.result.errors, "wayfinder: \(directory)/none.toml: no such file\n")
        try write("broken.toml", "[route]\nmap = 3\n")
        let broken = try report(["-c", "\(directory)/broken.toml"])
        XCTAssertEqual(broken.result.status, 0, broken.result.errors)
        XCTAssertTrue(broken.result.errors.hasPrefix("wayfinder: warning: the report is made without the map's streets: the configuration has 1 error:"),
                      broken.result.errors)
        XCTAssertTrue(broken.result.errors.contains("broken.toml:2"), broken.result.errors)
        XCTAssertFalse(broken.html.contains("<g class=\"streets"))
    }
}
