import Foundation
@testable import Navigation
import XCTest

/// The route progress as JSON (progress.json): whether the walk was under way is stored as
/// "navigating", and a file written before that key existed still reads.
final class RouteProgressCodingTests: XCTestCase {
    /// progress.json as the appliance wrote it before "navigating" existed (sorted keys, pretty-printed).
    let savedBeforeNavigatingExisted = """
        {
          "currentIndex" : 3,
          "destinationReached" : false,
          "routeIdentity" : "v1-0123456789abcdef",
          "skipped" : [
            1
          ]
        }
        """

    func testProgressSavedBeforeTheNavigatingKeyExistedReadsAsNotUnderWay() throws {
        let progress = try JSONDecoder().decode(RouteProgress.self, from: Data(savedBeforeNavigatingExisted.utf8))
        XCTAssertFalse(progress.isNavigating, "an old file must not make a restart start walking by itself")
        XCTAssertEqual(progress, RouteProgress(routeIdentity: "v1-0123456789abcdef", currentIndex: 3, skipped: [1],
                                               destinationReached: false, isNavigating: false),
                       "the other fields read as before")
    }

    func testAWalkUnderWayRoundTripsThroughJSON() throws {
        let progress = RouteProgress(routeIdentity: "v1-0123456789abcdef", currentIndex: 2, skipped: [0],
                                     destinationReached: false, isNavigating: true)
        let decoded = try JSONDecoder().decode(RouteProgress.self, from: JSONEncoder().encode(progress))
        XCTAssertEqual(decoded, progress)
        XCTAssertTrue(decoded.isNavigating)
    }

    func testAWalkNotUnderWayRoundTripsThroughJSON() throws {
        let progress = RouteProgress(routeIdentity: "v1-0123456789abcdef", currentIndex: 1, isNavigating: false)
        let decoded = try JSONDecoder().decode(RouteProgress.self, from: JSONEncoder().encode(progress))
        XCTAssertEqual(decoded, progress)
        XCTAssertFalse(decoded.isNavigating)
    }

    /// The file's key is "navigating" (docs and hand edits use it), beside the four keys an older
    /// release reads, which it keeps reading unchanged (it ignores the new key).
    func testTheUnderWayFlagIsStoredUnderTheKeyNavigating() throws {
        for flag in [true, false] {
            let data = try JSONEncoder().encode(RouteProgress(routeIdentity: "abc", currentIndex: 1, isNavigating: flag))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["routeIdentity", "currentIndex", "skipped", "destinationReached", "navigating"])
            XCTAssertEqual(object["navigating"] as? Bool, flag)
            XCTAssertNil(object["isNavigating"], "the Swift property name is not the file's key")
        }
    }

    func testAHandWrittenNavigatingKeyIsRead() throws {
        let text = #"{"routeIdentity": "abc", "currentIndex": 2, "skipped": [], "destinationReached": false, "navigating": true}"#
        let progress = try JSONDecoder().decode(RouteProgress.self, from: Data(text.utf8))
        XCTAssertTrue(progress.isNavigating)
        XCTAssertEqual(progress.currentIndex, 2)
    }
}
