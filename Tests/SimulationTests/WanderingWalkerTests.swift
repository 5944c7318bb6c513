import Belt
import Navigation
import Simulation
import Vocabulary
import XCTest

/// The simulated walker's start (`[simulation] start`) and its scripted wander (`wander_s`), in the
/// simulated world alone: where it stands at time zero, and that while it wanders it walks straight
/// on at its pace whatever the belt says, then follows the belt again.
final class WanderingWalkerTests: XCTestCase {
    /// One waypoint 200 m north of `start`: a planned route before its plan is its destination alone.
    static let start = Coordinate(latitude: 55.68, longitude: 12.568)
    static let destination = Geodesic.wgs84.direct(from: start, azimuth: 0, distance: 200).destination
    let route = Route(name: "to the north", kind: .waypoints, waypoints: [Waypoint(name: "north", coordinate: destination)])

    func world(start: Coordinate?, events: [SimulationEvent] = []) -> SimulatedWorld {
        SimulatedWorld(route: route, configuration: SimulationConfiguration(seed: 3, gpsNoise: 0, startOffset: 25, start: start,
                                                                            events: events),
                       declination: 0)
    }

    /// The belt connected in app mode with its navigation channel pointing east (magnetic, and the
    /// world's declination is 0).
    func pointBeltEast(_ w: inout SimulatedWorld) {
        XCTAssertTrue(w.gattConnect())
        let app = BeltCommand.changeMode(.app).encoded()
        let east = BeltCommand.configureChannel(
            ChannelConfiguration(channel: ChannelConfiguration.navigationChannel, pattern: .continuous, intensity: 60,
                                 orientation: .magneticBearing(90), iterations: 0, periodMilliseconds: 500,
                                 clearOtherChannels: true)).encoded()
        _ = w.withPeripheral { $0.write(app.characteristic, app.bytes, at: $1) }
        _ = w.withPeripheral { $0.write(east.characteristic, east.bytes, at: $1) }
        XCTAssertEqual(w.belt.violations.count, 0)
    }

    func distance(_ a: Coordinate, _ b: Coordinate) -> Double { Geodesic.wgs84.inverse(from: a, to: b).distance }

    func testTheWalkerStartsAtTheScriptsStartFacingTheFirstWaypoint() {
        let w = world(start: Self.start)
        XCTAssertEqual(w.walker.position, Self.start, "exactly there: start_offset_m does not apply")
        XCTAssertEqual(abs(Bearing.difference(from: w.walker.walkingDirection, to: 0)), 0, accuracy: 0.01, "facing the waypoint, north")
        let offset = world(start: nil)
        XCTAssertEqual(distance(offset.walker.position, Self.destination), 25, accuracy: 0.01,
                       "without start, start_offset_m before the first waypoint")
    }

    func testAWanderingWalkerWalksStraightOnWhateverTheBeltSaysThenFollowsItAgain() throws {
        // The walker faces north; the belt points east; from the first step the walker wanders for 60 s.
        var w = world(start: Self.start, events: [SimulationEvent(at: .zero, action: .wander(.seconds(60)))])
        pointBeltEast(&w)
        let began = w.advance(to: .seconds(1))
        XCTAssertEqual(began.wanderedOff, .seconds(60))
        XCTAssertFalse(began.wanderEnded)
        let direction = w.walker.walkingDirection
        let from = w.walker.position
        var ended = false
        for second in 2...60 {
            let output = w.advance(to: .seconds(second))
            ended = ended || output.wanderEnded
            XCTAssertEqual(w.walker.walkingDirection, direction, "t+\(second) s: still the same way")
        }
        XCTAssertFalse(ended, "not before its 60 s are up")
        XCTAssertGreaterThan(abs(Bearing.difference(from: direction, to: 90)), 45, "not where the belt points")
        XCTAssertEqual(distance(from, w.walker.position), 59 * 1.4, accuracy: 0.5, "at its pace, straight on")

        let after = w.advance(to: .seconds(61))
        XCTAssertTrue(after.wanderEnded)
        XCTAssertNil(w.wanderingUntil)
        _ = w.advance(to: .seconds(70))
        // Following the belt again: east, give or take the torso's sway the belt's motors are felt through.
        XCTAssertLessThan(abs(Bearing.difference(from: w.walker.walkingDirection, to: 90)), 30)
    }

    func testAWanderWithTheBeltSilentWalksAndThenTheWalkerStandsAgain() {
        var w = world(start: Self.start, events: [SimulationEvent(at: .seconds(10), action: .wander(.seconds(20)))])
        _ = w.advance(to: .seconds(10))
        XCTAssertEqual(w.walker.position, Self.start, "no belt, no walking")
        _ = w.advance(to: .seconds(31))
        let wandered = distance(Self.start, w.walker.position)
        XCTAssertEqual(wandered, 20 * 1.4, accuracy: 0.5)
        _ = w.advance(to: .seconds(60))
        XCTAssertEqual(distance(Self.start, w.walker.position), wandered, accuracy: 1e-6, "standing again")
    }
}
