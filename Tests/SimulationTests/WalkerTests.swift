import Navigation
import Sensors
import Simulation
import Vocabulary
import XCTest

final class WalkerTests: XCTestCase {
    func testTheWalkerWalksWhereItIsToldAtItsPaceAndStandsWithoutDirection() {
        var random = SeededRandom(seed: 3)
        let start = Coordinate(latitude: 52.27, longitude: 8.04)
        var w = Walker(position: start, facing: 90, speed: 1.4, sway: 0)
        for _ in 0..<100 { w.advance(by: 0.1, following: 90, random: &random) }   // 10 s east
        let leg = Geodesic.wgs84.inverse(from: start, to: w.position)
        XCTAssertEqual(leg.distance, 14, accuracy: 0.01)
        XCTAssertEqual(Bearing.normalized(leg.initialAzimuth), 90, accuracy: 0.01)
        let stop = w.position
        for _ in 0..<50 { w.advance(by: 0.1, following: nil, random: &random) }
        XCTAssertEqual(w.position, stop)
        XCTAssertFalse(w.isWalking)
    }

    func testTheBodyDoesNotFaceExactlyWhereTheWalkerWalks() {
        var random = SeededRandom(seed: 11)
        var w = Walker(position: Coordinate(latitude: 52, longitude: 8), facing: 0, speed: 1.4, sway: 12)
        var offsets: [Double] = []
        for _ in 0..<600 {
            w.advance(by: 0.1, following: 0, random: &random)
            offsets.append(Bearing.difference(from: w.walkingDirection, to: w.bodyHeading))
        }
        XCTAssertGreaterThan(offsets.map(abs).max()!, 3, "the torso sways and drifts")
        XCTAssertLessThan(offsets.map(abs).max()!, 40, "but stays roughly forward")
    }

    func testTheSameSeedReplaysTheSameNoise() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        XCTAssertEqual((0..<5).map { _ in a.gaussian() }, (0..<5).map { _ in b.gaussian() })
    }
}
