import Foundation
import Navigation
import Routing
import RoutingPlatform
import Vocabulary
import XCTest

/// Route planning on a real city: the Monaco extract (OpenStreetMap, 2016, 1.7 MB PBF), read from
/// `../shared/maps/` beside the repository and never copied into it. Imported once for the class;
/// landmark pairs planned on foot and by wheelchair, each checked against routino-router run directly.
final class MonacoRoutePlanningTests: XCTestCase {
    /// The repository's root, from this file's place in Tests/RoutingTests.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let extract = repository + "/../shared/maps/monaco.osm.pbf"
    static let root = NSTemporaryDirectory() + "wayfinder-monaco-\(UUID().uuidString)"

    static let monaco = Result { () throws -> MapImportReport in
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return try MapImporter().importMap(from: extract, to: root + "/monaco")
    }

    /// Landmarks (latitude, longitude) of the routing research, none exactly on a node.
    static let landmarks: [String: Coordinate] = [
        "casino": Coordinate(latitude: 43.7394, longitude: 7.4282),
        "port": Coordinate(latitude: 43.7350, longitude: 7.4230),
        "station": Coordinate(latitude: 43.7388, longitude: 7.4206),
        "larvotto": Coordinate(latitude: 43.7450, longitude: 7.4340),
        "fontvieille": Coordinate(latitude: 43.7290, longitude: 7.4170),
        "palace": Coordinate(latitude: 43.7312, longitude: 7.4198),
        "oceano": Coordinate(latitude: 43.7307, longitude: 7.4253),
        "exotique": Coordinate(latitude: 43.7313, longitude: 7.4130),
    ]

    static let pairs = [("casino", "palace"), ("casino", "port"), ("casino", "larvotto"), ("casino", "fontvieille"),
                        ("exotique", "larvotto"), ("fontvieille", "palace"), ("palace", "port"), ("oceano", "palace"),
                        ("station", "casino"), ("port", "station")]

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.extract) else {
            throw XCTSkip("the Monaco extract is not at \(Self.extract) (OpenStreetMap's monaco.osm.pbf; never copied into the repository)")
        }
    }

    func testImportingMonacoIndexesItsCrossingsAndEveryFlightOfSteps() throws {
        let manifest = try Self.monaco.get().manifest
        XCTAssertGreaterThan(try XCTUnwrap(manifest.count("crossings")), 380)
        XCTAssertEqual(manifest.count("steps"), 259, "every highway=steps way of the extract")
        XCTAssertEqual(manifest.count("source-ways"), 27377, "osmium fileinfo's count of ways")
        XCTAssertEqual(manifest.routinoVersion, try RoutinoReference.installedVersion())
    }

    /// Each landmark pair, on foot and by wheelchair: where routino-router finds a route, the planned
    /// one is the same; where it finds none, the planner says there is no route.
    func testLandmarkRoutesAgreeWithRoutinoRouterRunDirectly() throws {
        let directory = try Self.monaco.get().directory
        let map = try MapDirectory.open(directory, installedRoutino: try RoutinoReference.installedVersion())
        let index = try map.features(), streets = try map.streets()
        var planned = 0
        for (a, b) in Self.pairs {
            let from = try XCTUnwrap(Self.landmarks[a]), to = try XCTUnwrap(Self.landmarks[b])
            for profile in RoutingProfile.allCases {
                let what = "\(a) → \(b), \(profile)"
                let reference: RoutinoReference
                do {
                    reference = try RoutinoReference.route(directory: directory, from: from, to: to, profile: profile, avoidSteps: false)
                } catch {
                    XCTAssertThrowsError(try RoutePlanner().plan(on: map, index: index, from: from, to: to, profile: profile, avoidSteps: false),
                                         "\(what): routino-router found none (\(error))") { planError in
                        XCTAssertEqual(planError as? RoutePlanError, .noRoute(profile: profile, avoidSteps: false), what)
                    }
                    continue
                }
                let route = try RoutePlanner().plan(on: map, index: index, from: from, to: to, profile: profile, avoidSteps: false)
                reference.assertAgrees(with: route, streets: streets, what)
                planned += 1
            }
        }
        XCTAssertGreaterThanOrEqual(planned, Self.pairs.count, "every pair on foot at least")
    }
}
