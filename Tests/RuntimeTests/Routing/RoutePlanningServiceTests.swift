import Config
import Foundation
import Navigation
import Routing
import RoutingPlatform
@testable import Runtime
import Vocabulary
import WayfinderTestKit
import XCTest

/// The planning service keeps the map it opened while the map stays the same, and opens it again when
/// it is imported anew while the appliance runs: the router reads the new database, so the index of
/// crossings, steps and barriers must be the new one too.
final class RoutePlanningServiceTests: XCTestCase {
    let station = Coordinate(latitude: 55.68000, longitude: 12.56800)
    let harbour = Coordinate(latitude: 55.67900, longitude: 12.57550)

    func testAMapImportedAgainWhileRunningIsOpenedAgain() throws {
        let scratch = NSTemporaryDirectory() + "wayfinder-service-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: scratch) }
        let town = Repository.root + "/Tests/RoutingTests/Fixtures/town.osm"
        let map = scratch + "/town"
        do {
            _ = try MapImporter().importMap(from: town, to: map)
        } catch {
            throw XCTSkip("the test town could not be imported (are Debian's routino and osmium-tool installed?): \(error)")
        }
        let service = RoutePlanningService(settings: RoutePlanningSettings(mapDirectory: map), inline: true)
        let request = RoutePlanRequest(id: 1, purpose: .walkStart, from: station, to: harbour, destinationName: "harbour")
        XCTAssertEqual(try service.planNow(request).get().crossings, 2)
        XCTAssertEqual(try service.planNow(request).get().crossings, 2, "the same map, kept")

        // The same town with its crossings' tags taken out, imported over the map in place.
        let plain = try String(contentsOfFile: town, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("k=\"highway\" v=\"crossing\"") && !$0.contains("k=\"crossing\"") }
            .joined(separator: "\n")
        let edited = scratch + "/plain.osm"
        try plain.write(toFile: edited, atomically: true, encoding: .utf8)
        _ = try MapImporter().importMap(from: edited, to: map)
        XCTAssertEqual(try service.planNow(request).get().crossings, 0, "the new map's index, not the one opened first")
    }
}
