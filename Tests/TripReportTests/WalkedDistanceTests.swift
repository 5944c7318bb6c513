import Navigation
import Sensors
@testable import TripReport
import Vocabulary
import XCTest

/// The distance walked leaves a receiver's jitter out: checked on walks of known length with the
/// simulator's receiver error (`GPSErrorModel`: 2.5 m in each of east and north, wandering over
/// 30 s, as the demo's `gps_noise_m`), seeded so every run sees the same fixes.
final class WalkedDistanceTests: XCTestCase {
    typealias F = TripFixtures

    /// One fix a second along `path` (true positions, metres east and north of the fixtures' centre),
    /// each moved by the receiver's error.
    static func fixes(_ path: [LocalPoint], sigma: Double = 2.5, seed: UInt64) -> [WalkedDistance.Point] {
        var random = SeededRandom(seed: seed)
        var error = GPSErrorModel(sigma: sigma, random: &random)
        return path.enumerated().map { second, truth in
            if second > 0 { error.advance(by: 1, random: &random) }
            return WalkedDistance.Point(coordinate: F.at(truth.east + error.east, truth.north + error.north),
                                        time: F.t0 + Double(second))
        }
    }

    /// Walking at `speed` through `corners` (metres), one true position a second.
    static func walk(through corners: [LocalPoint], speed: Double = 1.4) -> [LocalPoint] {
        var path = [corners[0]]
        var position = corners[0]
        var carried = 0.0
        for corner in corners.dropFirst() {
            let length = position.distance(to: corner)
            var along = speed - carried
            while along <= length {
                let f = along / length
                path.append(LocalPoint(east: position.east + f * (corner.east - position.east),
                                       north: position.north + f * (corner.north - position.north)))
                along += speed
            }
            carried = length - (along - speed)
            position = corner
        }
        return path
    }

    static let seeds: [UInt64] = Array(1...8)

    func testAStraightWalkWithGPSNoiseReadsItsLengthWhileEveryFixSumsFarMore() {
        let path = Self.walk(through: [LocalPoint(east: 0, north: 0), LocalPoint(east: 0, north: 1000)])
        for seed in Self.seeds {
            let d = WalkedDistance(segments: [Self.fixes(path, seed: seed)])
            XCTAssertEqual(d.metres, 1000, accuracy: 30, "seed \(seed): within 3 % of the true 1 000 m")
            XCTAssertGreaterThan(d.everyFixMetres, 1080, "seed \(seed): every fix summed counts the jitter as walking")
            let seconds = Double(path.count - 1)
            XCTAssertEqual(d.movingSeconds ?? 0, seconds, accuracy: 0.03 * seconds, "seed \(seed): walking all the way is moving all the way")
        }
    }

    func testAWearerStandingStillWithJitterWalksNothing() {
        let path = Array(repeating: LocalPoint(east: 0, north: 0), count: 1800)   // half an hour
        for seed in Self.seeds {
            let d = WalkedDistance(segments: [Self.fixes(path, seed: seed)])
            XCTAssertEqual(d.metres, 0, "seed \(seed): no step in half an hour")
            XCTAssertGreaterThan(d.everyFixMetres, 1000, "seed \(seed): every fix summed walks the jitter")
            XCTAssertEqual(d.movingSeconds ?? 0, 0, "seed \(seed): no moving time")
        }
    }

    func testASquareWalkKeepsItsCorners() {
        let square = [(0.0, 0.0), (0, 100), (100, 100), (100, 0), (0, 0)].map { LocalPoint(east: $0.0, north: $0.1) }
        let path = Self.walk(through: square)
        // Without noise only the corners can lose length: at most (√2 − 1) of the hold radius each.
        // (The fixes a second apart cut each corner by a few centimetres themselves: every fix sums
        // a little under 400 m.)
        let exact = WalkedDistance(segments: [Self.fixes(path, sigma: 0, seed: 1)])
        XCTAssertEqual(exact.everyFixMetres, 400, accuracy: 2.5)
        XCTAssertGreaterThanOrEqual(exact.metres, exact.everyFixMetres - 4 * (2.squareRoot() - 1) * WalkedDistance.holdRadius)
        XCTAssertLessThanOrEqual(exact.metres, exact.everyFixMetres + 1e-6)
        var total = 0.0
        for seed in Self.seeds {
            let d = WalkedDistance(segments: [Self.fixes(path, seed: seed)])
            XCTAssertEqual(d.metres, 400, accuracy: 24, "seed \(seed): within 6 % of the true 400 m")
            total += d.metres
        }
        XCTAssertEqual(total / Double(Self.seeds.count), 400, accuracy: 12, "on average within 3 %")
    }

    func testAStopAtACrossingLosesNoMoreThanTheWalkOnEitherSide() {
        // 300 m north, a minute standing, 300 m on: the step that sets off again is slow on average
        // (it includes the wait) and still counts, because walking follows it.
        let first = Self.walk(through: [LocalPoint(east: 0, north: 0), LocalPoint(east: 0, north: 300)])
        let wait = Array(repeating: LocalPoint(east: 0, north: 300), count: 60)
        let second = Self.walk(through: [LocalPoint(east: 0, north: 300), LocalPoint(east: 0, north: 600)])
        for seed in Self.seeds {
            let d = WalkedDistance(segments: [Self.fixes(first + wait + second.dropFirst(), seed: seed)])
            XCTAssertEqual(d.metres, 600, accuracy: 18, "seed \(seed): within 3 % of 600 m")
            // The set-off step's time is its length at the pace after it: the minute's wait is not moving.
            let walking = 600 / 1.4
            XCTAssertEqual(d.movingSeconds ?? 0, walking, accuracy: 0.05 * walking, "seed \(seed): the walking, not the wait")
        }
    }

    func testSegmentsAreMeasuredApartAndAPointWithoutTimeCountsEveryKeptStep() {
        let a = [WalkedDistance.Point(coordinate: F.at(0, 0), time: nil), WalkedDistance.Point(coordinate: F.at(0, 4), time: nil),
                 WalkedDistance.Point(coordinate: F.at(0, 12), time: nil), WalkedDistance.Point(coordinate: F.at(0, 15), time: nil)]
        let b = [WalkedDistance.Point(coordinate: F.at(500, 0), time: nil), WalkedDistance.Point(coordinate: F.at(500, 30), time: nil)]
        let d = WalkedDistance(segments: [a, b])
        // 12 m kept, then the last 3 m (no time to call it standing), then 30 m; not the 500 m gap.
        XCTAssertEqual(d.metres, 45, accuracy: 0.01)
        XCTAssertEqual(d.everyFixMetres, 45, accuracy: 0.01)
        XCTAssertNil(d.movingSeconds, "no times, no moving time")
    }

    func testNoPointsOrInvalidCoordinatesGiveZeroWithoutTrapping() {
        XCTAssertEqual(WalkedDistance(segments: []).metres, 0)
        XCTAssertEqual(WalkedDistance(segments: [[]]).metres, 0)
        let bad = [WalkedDistance.Point(coordinate: Coordinate(latitude: .nan, longitude: 0), time: .infinity),
                   WalkedDistance.Point(coordinate: F.at(0, 0), time: -.infinity)]
        XCTAssertEqual(WalkedDistance(segments: [bad]).metres, 0)
    }
}
