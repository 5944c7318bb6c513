import Foundation
import Navigation
import Sensors

/// Route files: any GPX a person copies onto the card.
enum RouteTargets {
    /// A GPX document: a route the parser accepts has only points on the globe, a stable identity,
    /// and can be walked: guidance fed a fix at each waypoint in turn reaches the end without trapping.
    static let gpx = FuzzTarget(
        name: "gpx",
        summary: "GPX route files (rte, trk, wpt) through the parser to guidance",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        let route: Route
        do throws(GPXError) {
            route = try GPXParser.parse(data: Data(input.rest()), source: "fuzz.gpx")
        } catch {
            try expect(!error.description.isEmpty, "a GPX error without words")
            return
        }
        try expect(!route.waypoints.isEmpty, "an accepted route without waypoints")
        for waypoint in route.waypoints {
            try expect(waypoint.coordinate.isValid, "an accepted waypoint at \(waypoint.coordinate)")
            if let elevation = waypoint.elevation { try expect(elevation.isFinite, "an elevation of \(elevation)") }
        }
        try expect(route.identity == route.identity, "the route's identity changes")
        var guidance = RouteGuidance(route: route, parameters: GuidanceParameters())
        var now = Duration.zero
        _ = guidance.handle(.start, now: now)
        for waypoint in route.waypoints.prefix(64) {
            now += .seconds(5)
            let fix = Fix(coordinate: waypoint.coordinate, mode: .threeD, receivedAt: now)
            _ = guidance.handle(fix, now: now)
            _ = guidance.handle(Heading(magneticDegrees: 90, receivedAt: now), now: now)
            if let direction = guidance.beltDirection(now: now)?.value {
                try expect((0..<360).contains(direction), "belt direction \(direction)")
            }
            _ = guidance.tick(now: now)
        }
        _ = guidance.progressReport()
    }
}
