import Foundation
import Navigation
import Platform
import Routing
import Vocabulary
import XCTest

/// Debian's `routino-router` run directly on a map's database, its output read here without the
/// planner's reader: the reference a planned route is checked against.
struct RoutinoReference {
    /// Every point of the route, from `--output-gpx-track` (a format the planner never reads).
    var points: [Coordinate]
    /// Each row's segment distance from `--output-text-all`, in whole metres: Routino prints them in
    /// km with 3 decimals, and stores them as integer metres.
    var segmentMetres: [Int]
    /// The last row's total distance in km, as printed (2 decimals).
    var printedTotalKilometres: Double

    var metres: Int { segmentMetres.reduce(0, +) }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The route from `from` to `to` as `routino-router --shortest` gives it, with the options the
    /// fixtures' README lists (`--highway-steps=0` to keep off steps).
    static func route(directory: String, from: Coordinate, to: Coordinate, profile: RoutingProfile,
                      avoidSteps: Bool) throws -> RoutinoReference {
        var common = ["--dir=\(directory)", "--profile=\(profile.rawValue)", "--shortest",
                      "--lat1=\(from.latitude)", "--lon1=\(from.longitude)", "--lat2=\(to.latitude)", "--lon2=\(to.longitude)"]
        if avoidSteps { common.append("--highway-steps=0") }
        let track = try run(common + ["--output-gpx-track", "--output-stdout"])
        let all = try run(common + ["--output-text-all", "--output-stdout"])
        var points: [Coordinate] = []
        for element in track.components(separatedBy: "<trkpt ").dropFirst() {
            guard let latitude = attribute("lat", in: element), let longitude = attribute("lon", in: element) else {
                throw Failed(description: "a <trkpt> without lat and lon: \(element.prefix(80))")
            }
            let point = Coordinate(latitude: latitude, longitude: longitude)
            // A waypoint that falls on a node is printed twice; the planned route's line keeps it once.
            if points.last != point { points.append(point) }
        }
        var segments: [Int] = [], total = 0.0
        for line in all.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 8, let segment = Double(fields[4]), let sum = Double(fields[6]) else {
                throw Failed(description: "not a text-all row: \(line)")
            }
            segments.append(Int((segment * 1000).rounded()))
            total = sum
        }
        // The first row is the start, with no segment before it.
        return RoutinoReference(points: points, segmentMetres: Array(segments.dropFirst()), printedTotalKilometres: total)
    }

    /// The installed Routino's version as `planetsplitter --version` prints it on standard error:
    /// "Routino version 3.3.3 <http://www.routino.org/>.".
    static func installedVersion() throws -> String {
        let result = try ChildProcess.run("planetsplitter", ["--version"], timeout: .seconds(10))
        let text = result.stderrText + result.stdoutText
        guard let range = text.range(of: "Routino version ") else { throw Failed(description: "planetsplitter --version: \(text)") }
        return String(text[range.upperBound...].prefix { $0 != " " && $0 != "\n" })
    }

    private static func run(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("routino-router", arguments, timeout: .seconds(30))
        guard result.status == .exited(0) else {
            throw Failed(description: "routino-router \(arguments.joined(separator: " ")) \(result.status): \(result.stderrText)")
        }
        return result.stdoutText
    }

    private static func attribute(_ name: String, in element: String) -> Double? {
        guard let start = element.range(of: "\(name)=\"") else { return nil }
        return Double(element[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Checks that `route` is the route Routino gave: the same points, and a length that differs from
    /// Routino's only as Routino's arithmetic explains.
    ///
    /// The length. Routino stores each segment's length truncated to whole metres (Routino 3.3.3
    /// `src/types.h`: `km_to_distance` casts to the integer `distance_t`), so a segment's length is
    /// short by up to a metre. planetsplitter then prunes the nodes of a way that lie within 3 m of a
    /// straight line (`--prune-straight=3`, `src/prunex.c` `PruneStraightHighwayNodes`), and the
    /// segment that replaces them keeps the sum of the pruned segments' truncated lengths: longer than
    /// the straight line it now is, by how far the way bent through them, and short by up to a metre
    /// for each of the segments it replaces. The pruned nodes are found here in the map's streets,
    /// which keep every node of every way: those within 3.5 m of a segment of the route (3 m, and the
    /// 1e-6 degree the points are printed to), between its ends.
    ///
    /// And Routino measures on a sphere of radius 6378.137 km (`src/nodes.c`, `Distance`) where the
    /// planner measures geodesics on the WGS84 ellipsoid: along a meridian the sphere's distance is
    /// a/M times the ellipsoid's, along a parallel a/N times (M and N the ellipsoid's radii of
    /// curvature at the route's latitude), and every direction lies between. The points are printed
    /// to 1e-6 degree, each off by at most half of that in latitude and in longitude, 0.07 m, so a
    /// segment's length as measured here is off by up to 0.14 m.
    func assertAgrees(with route: PlannedRoute, streets: [MapStreet], _ what: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(route.line.count, points.count, "\(what): as many points as routino-router's track", file: file, line: line)
        for (ours, theirs) in zip(route.line, points) {
            XCTAssertEqual(ours.latitude, theirs.latitude, accuracy: 1e-9, "\(what)", file: file, line: line)
            XCTAssertEqual(ours.longitude, theirs.longitude, accuracy: 1e-9, "\(what)", file: file, line: line)
        }
        let prunedNodes = Self.prunedNodes(along: route.line, streets: streets)
        let pruned = Double(prunedNodes.count)
        let latitude = (points.map(\.latitude).reduce(0, +) / Double(max(1, points.count))) * Double.pi / 180
        let e2 = Geodesic.wgs84.flattening * (2 - Geodesic.wgs84.flattening)
        let w2 = 1 - e2 * sin(latitude) * sin(latitude)
        let alongParallel = w2.squareRoot()                // a / N
        let alongMeridian = w2 * w2.squareRoot() / (1 - e2) // a / M
        let routino = Double(metres), n = Double(segmentMetres.count)
        let printed = n * 0.14
        let low = routino / max(alongParallel, alongMeridian) - prunedNodes.bendMetres - printed
        let high = (routino + n + pruned) / min(alongParallel, alongMeridian) + printed
        let says = "\(what): Routino says \(metres) m in \(segmentMetres.count) segments, \(Int(pruned)) nodes pruned from them"
        XCTAssertGreaterThanOrEqual(route.lengthMetres, low, says, file: file, line: line)
        XCTAssertLessThanOrEqual(route.lengthMetres, high, says, file: file, line: line)
        XCTAssertEqual(printedTotalKilometres, routino / 1000, accuracy: 0.005 + 1e-9,
                       "\(what): the printed total is the segments' sum to 2 decimals", file: file, line: line)
    }

    /// The streets' nodes within 3.5 m of a segment of `line` and strictly between its ends, each
    /// counted once, and how much longer the line is when it goes through them. A node of another way
    /// that happens to lie that close is counted too, which only widens the bounds.
    static func prunedNodes(along line: [Coordinate], streets: [MapStreet]) -> (count: Int, bendMetres: Double) {
        guard line.count >= 2 else { return (0, 0) }
        let margin = 0.0001 // degrees: 11 m of latitude, more than 3.5 m of longitude below 60 degrees
        let south = (line.map(\.latitude).min() ?? 0) - margin, north = (line.map(\.latitude).max() ?? 0) + margin
        let west = (line.map(\.longitude).min() ?? 0) - 2 * margin, east = (line.map(\.longitude).max() ?? 0) + 2 * margin
        var found = Set<String>()
        var between = Array(repeating: [(fraction: Double, point: Coordinate)](), count: line.count - 1)
        for point in streets.lazy.flatMap(\.points)
        where point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east {
            let plane = LocalPlane(origin: point)
            for s in 0..<(line.count - 1) where line[s] != point && line[s + 1] != point {
                let hit = plane.distance(from: point, toSegment: line[s], line[s + 1])
                if hit.metres <= 3.5, hit.fraction > 0, hit.fraction < 1 {
                    if found.insert("\(point.latitude),\(point.longitude)").inserted { between[s].append((hit.fraction, point)) }
                    break
                }
            }
        }
        var bend = 0.0
        for s in 0..<(line.count - 1) where !between[s].isEmpty {
            let path = [line[s]] + between[s].sorted { $0.fraction < $1.fraction }.map(\.point) + [line[s + 1]]
            let length = zip(path, path.dropFirst()).reduce(0) { $0 + Geodesic.wgs84.distance(from: $1.0, to: $1.1) }
            bend += length - Geodesic.wgs84.distance(from: line[s], to: line[s + 1])
        }
        return (found.count, bend)
    }
}
