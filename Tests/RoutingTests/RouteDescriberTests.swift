import Foundation
import Navigation
@testable import Routing
import Vocabulary
import XCTest

/// A planned route described for the walker: turns at junctions with their side and size, crossings
/// on the line announced unless the route runs along the crossed road, steps and barriers on the way,
/// and a GPX route that keeps to the ways between its instructions.
final class RouteDescriberTests: XCTestCase {
    let start = Coordinate(latitude: 55.6800, longitude: 12.5700)

    func move(_ c: Coordinate, _ azimuth: Double, _ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: c, azimuth: azimuth, distance: metres).destination
    }

    /// 100 m north along "Nørregade" to a junction, then 100 m on a bearing of `turn` along
    /// "Vester Voldgade", as Routino prints it (a junction in the middle, intermediate points between).
    func lRoute(turn: Double) -> [RoutinoPoint] {
        let corner = move(start, 0, 100)
        return [
            RoutinoPoint(coordinate: start, kind: .waypoint(1)),
            RoutinoPoint(coordinate: move(start, 0, 50), kind: .intermediate, bearing: 0, way: "Nørregade"),
            RoutinoPoint(coordinate: corner, kind: .junction, bearing: 0, way: "Nørregade"),
            RoutinoPoint(coordinate: move(corner, turn, 50), kind: .intermediate, bearing: turn, way: "Vester Voldgade"),
            RoutinoPoint(coordinate: move(corner, turn, 100), kind: .waypoint(2), bearing: turn, way: "Vester Voldgade"),
        ]
    }

    func describe(_ points: [RoutinoPoint], _ index: MapIndex = MapIndex()) -> PlannedRoute {
        RouteDescriber.describe(points, index: index, from: points[0].coordinate, to: points[points.count - 1].coordinate)
    }

    func testATurnIsToldWithItsSideAndTheWayItLeadsOnto() {
        let route = describe(lRoute(turn: 270))
        XCTAssertEqual(route.instructions.map(\.text), ["start along Nørregade", "turn left onto Vester Voldgade", "arrive at the destination"])
        XCTAssertEqual(route.instructions[1].alongMetres, 100, accuracy: 0.01)
        XCTAssertEqual(route.lengthMetres, 200, accuracy: 0.01)
        XCTAssertEqual(route.turns, 1)
        XCTAssertEqual(describe(lRoute(turn: 45)).instructions[1].text, "slight right onto Vester Voldgade")
        XCTAssertEqual(describe(lRoute(turn: 215)).instructions[1].kind, .turn(.sharpLeft))
        XCTAssertEqual(describe(lRoute(turn: 178)).instructions[1].text, "make a U-turn onto Vester Voldgade")
    }

    func testStraightOnOntoANewNameIsContinueAndStraightOnTheSameWayIsNothing() {
        XCTAssertEqual(describe(lRoute(turn: 10)).instructions.map(\.text),
                       ["start along Nørregade", "continue onto Vester Voldgade", "arrive at the destination"])
        var same = lRoute(turn: 10)
        same[3].way = "Nørregade"
        same[4].way = "Nørregade"
        XCTAssertEqual(describe(same).instructions.count, 2, "only start and arrival")
    }

    func testTheTurnBandsFollowRoutinosFortyFiveDegreeWords() {
        XCTAssertNil(TurnDirection(degrees: 24))
        XCTAssertEqual(TurnDirection(degrees: -30), .slightLeft)
        XCTAssertEqual(TurnDirection(degrees: 90), .right)
        XCTAssertEqual(TurnDirection(degrees: -140), .sharpLeft)
        XCTAssertEqual(TurnDirection(degrees: 170), .uTurn)
        XCTAssertNil(TurnDirection(degrees: .nan))
    }

    func testACrossingOnTheLineIsAnnouncedWhereItIs() {
        // A road runs east-west through a point 30 m up Nørregade: the route crosses it.
        let at = move(start, 0, 30)
        let crossing = MapCrossing(coordinate: move(at, 90, 1.5), control: .signals, sound: true, roads: ["Gothersgade"], roadAxis: 90)
        let route = describe(lRoute(turn: 270), MapIndex(crossings: [crossing]))
        XCTAssertEqual(route.crossings, 1)
        let instruction = route.instructions[1]
        XCTAssertEqual(instruction.text, "cross Gothersgade, signals with sound")
        XCTAssertEqual(instruction.alongMetres, 30, accuracy: 0.5)
        XCTAssertTrue(instruction.isHazard)
    }

    func testACrossingOfARoadTheRouteFollowsIsPassedNotCrossed() {
        // The crossing's road runs north-south, along Nørregade: the walker goes past it.
        let crossing = MapCrossing(coordinate: move(start, 0, 30), control: .marked, roads: ["Nørregade"], roadAxis: 0)
        XCTAssertEqual(describe(lRoute(turn: 270), MapIndex(crossings: [crossing])).crossings, 0)
        // Without a known road the crossing is announced: saying too much beats missing one.
        var unknown = crossing
        unknown.roadAxis = nil
        XCTAssertEqual(describe(lRoute(turn: 270), MapIndex(crossings: [unknown])).crossings, 1)
    }

    /// A route that walks along the road to the crossing node and turns there onto the crossing (or
    /// comes over the crossing and turns along the road) takes the crossing, in either direction:
    /// Routino's line has the node as a vertex, where the arriving and the leaving segment meet.
    func testACrossingWhereTheRouteTurnsOffTheRoadIsTakenWhicheverWayItIsWalked() {
        let corner = move(start, 0, 100)
        let crossing = MapCrossing(coordinate: corner, control: .marked, roads: ["Nørregade"], roadAxis: 0)
        let index = MapIndex(crossings: [crossing])
        let there = describe(lRoute(turn: 270), index)
        XCTAssertEqual(there.crossings, 1, "along the road, then over it: \(there.instructions.map(\.text))")
        XCTAssertEqual(try XCTUnwrap(there.instructions.first { $0.kindName == "crossing" }).alongMetres, 100, accuracy: 0.01)
        let back = Array(lRoute(turn: 270).reversed()).enumerated().map { n, point in
            var point = point
            if case .waypoint = point.kind { point.kind = .waypoint(n == 0 ? 1 : 2) }
            return point
        }
        XCTAssertEqual(describe(back, index).crossings, 1, "over the road, then along it")
        // Straight through the node along the road on both sides: passed.
        XCTAssertEqual(describe(lRoute(turn: 0), index).crossings, 0)
    }

    func testACrossingOffTheLineIsNotOnTheRoute() {
        let crossing = MapCrossing(coordinate: move(move(start, 0, 30), 90, 8), control: .signals, roadAxis: 90)
        XCTAssertEqual(describe(lRoute(turn: 270), MapIndex(crossings: [crossing])).crossings, 0)
    }

    func testStepsTheRouteTakesAreAnnouncedWithTheirLengthAndStepsBesideItAreNot() throws {
        let on = MapSteps(name: "Trappen", count: 24, points: [move(start, 0, 60), move(start, 0, 90)])
        let beside = MapSteps(name: "Ved siden", points: [move(move(start, 0, 60), 90, 20), move(move(start, 0, 90), 90, 20)])
        var points = lRoute(turn: 270)
        points.insert(RoutinoPoint(coordinate: move(start, 0, 60), kind: .intermediate, bearing: 0, way: "Nørregade"), at: 2)
        points.insert(RoutinoPoint(coordinate: move(start, 0, 90), kind: .intermediate, bearing: 0, way: "Trappen"), at: 3)
        let route = describe(points, MapIndex(steps: [on, beside]))
        XCTAssertEqual(route.steps, 1)
        let steps = try XCTUnwrap(route.instructions.first { $0.kindName == "steps" })
        XCTAssertEqual(steps.text, "take the steps (Trappen), 24 steps")
        XCTAssertEqual(steps.alongMetres, 60, accuracy: 0.5)
        guard case .steps(_, let metres) = steps.kind else { return XCTFail("not steps") }
        XCTAssertEqual(metres, 30, accuracy: 0.5)
    }

    func testStepsCrossingTheRouteAreNotStepsTheRouteTakes() {
        let across = MapSteps(points: [move(move(start, 0, 40), 90, -10), move(move(start, 0, 40), 90, 10)])
        XCTAssertEqual(describe(lRoute(turn: 270), MapIndex(steps: [across])).steps, 0)
    }

    func testABarrierOnTheLineIsSaid() {
        let route = describe(lRoute(turn: 270), MapIndex(barriers: [MapBarrier(coordinate: move(start, 0, 75), kind: "lift_gate")]))
        XCTAssertEqual(route.instructions[1].text, "lift gate on the way")
        XCTAssertEqual(route.barriers, 1)
    }

    func testTheGPXRouteHasTheInstructionsAndTheShapeOfACurve() {
        // A quarter circle of radius 100 m, sampled every 10°: it must not be cut by a straight leg.
        let centre = move(start, 90, 100)
        var points = [RoutinoPoint(coordinate: start, kind: .waypoint(1))]
        for degrees in stride(from: 280.0, through: 350, by: 10) {
            points.append(RoutinoPoint(coordinate: move(centre, degrees, 100), kind: .intermediate, bearing: 0, way: "Buen"))
        }
        points.append(RoutinoPoint(coordinate: move(centre, 0, 100), kind: .waypoint(2), bearing: 90, way: "Buen"))
        let route = describe(points)
        XCTAssertGreaterThan(route.waypoints.count, 3, "shape points between start and arrival")
        XCTAssertEqual(route.waypoints.first?.name, "start along Buen")
        XCTAssertEqual(route.waypoints.last?.name, "arrive at the destination")
        XCTAssertTrue(route.waypoints.dropFirst().dropLast().allSatisfy { $0.name == "along Buen" })
        // Every original point is within the 5 m tolerance of the simplified line.
        let simplified = route.waypoints.map(\.coordinate)
        for point in points.map(\.coordinate) {
            let plane = LocalPlane(origin: point)
            let nearest = zip(simplified, simplified.dropFirst()).map { plane.distance(from: point, toSegment: $0, $1).metres }.min() ?? .infinity
            XCTAssertLessThanOrEqual(nearest, 5.01)
        }
    }

    func testFromEqualToGivesANoughtMetreRouteWithoutTurns() {
        let points = [RoutinoPoint(coordinate: start, kind: .waypoint(1)), RoutinoPoint(coordinate: start, kind: .waypoint(2))]
        let route = describe(points)
        XCTAssertEqual(route.lengthMetres, 0)
        XCTAssertEqual(route.instructions.map(\.kindName), ["start", "destination"])
        XCTAssertEqual(route.waypoints.count, 1)
    }

    func testTheOffsetsSayHowFarRoutinoMovedTheEnds() {
        let points = lRoute(turn: 90)
        let asked = move(points[4].coordinate, 0, 40)
        let route = RouteDescriber.describe(points, index: MapIndex(), from: start, to: asked, destinationName: "home")
        XCTAssertEqual(route.startOffsetMetres, 0, accuracy: 0.01)
        XCTAssertEqual(route.endOffsetMetres, 40, accuracy: 0.01)
        XCTAssertEqual(route.instructions.last?.text, "arrive at home")
    }

    func testTheGPXDocumentNamesEveryPointAndEscapesNames() {
        let route = describe(lRoute(turn: 270))
        let gpx = PlannedRouteGPX.document(route, name: "to <home> & back")
        XCTAssertTrue(gpx.contains("<rte><name>to &lt;home&gt; &amp; back</name>"), gpx)
        XCTAssertTrue(gpx.contains("<name>turn left onto Vester Voldgade</name><type>turn</type></rtept>"), gpx)
        let parsed = try? GPXParser.parse(data: Data(gpx.utf8), source: "plan.gpx")
        XCTAssertEqual(parsed?.waypoints.map(\.name), route.waypoints.map(\.name), "our own GPX reader reads it back")
    }
}
