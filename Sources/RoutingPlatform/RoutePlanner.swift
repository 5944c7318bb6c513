import Navigation
import Platform
import Routing
import Vocabulary

/// Plans a route on a map with Routino's router, run as a child process, and describes it for the
/// walker. Synchronous: callers run it on a thread of their own.
package struct RoutePlanner: Sendable {
    package var programs: RoutinoPrograms
    /// How far the route's end may be from the destination asked for. Routino silently starts and
    /// ends on the nearest way within 1 km (`router.c`, `MAXSEARCH`); a walker left 300 m from a
    /// destination is not there. The start has no such limit: a walker in a park or a square the map
    /// has no way across is led to the nearest way, which is where the route begins.
    package var maximumOffsetMetres: Double = 100
    /// Points closer than this are one place.
    package var sameplaceMetres: Double = 5
    /// A route on a city's map takes milliseconds (docs/routing.md); this stops a runaway router.
    package var timeout: Duration = .seconds(30)
    package var description = RouteDescription()

    package init(programs: RoutinoPrograms = .debian) {
        self.programs = programs
    }

    package func plan(on map: MapDirectory, index: MapIndex, from: Coordinate, to: Coordinate, profile: RoutingProfile,
                      avoidSteps: Bool, destinationName: String? = nil) throws(RoutePlanError) -> PlannedRoute {
        guard Geodesic.wgs84.distance(from: from, to: to) >= sameplaceMetres else { throw .sameEndpoints }
        let request = RoutinoRouterRequest(directory: map.path, profile: profile, avoidSteps: avoidSteps, waypoints: [from, to])
        let result: ChildProcessResult
        do {
            result = try ChildProcess.run(programs.router, request.arguments, timeout: timeout, packageHint: "routino")
        } catch {
            throw .engine("\(error)")
        }
        switch result.status {
        case .exited(0):
            break
        case .exited:
            switch RoutinoRouterFailure(standardError: String(decoding: result.stderr, as: UTF8.self)) {
            case .noWayNear(let waypoint): throw .offMap(isDestination: waypoint != 1)
            case .noRoute: throw .noRoute(profile: profile, avoidSteps: avoidSteps)
            case .profileMismatch: throw .engine("the profile does not fit this map's database: import the map again with this Routino")
            case .other(let message): throw .engine(message)
            }
        case .signalled:
            throw .engine("routino-router \(result.status): the map's database is probably damaged; import the map again")
        }
        let points: [RoutinoPoint]
        do {
            points = try RoutinoTextAll.parse(String(decoding: result.stdout, as: UTF8.self))
        } catch {
            throw .engine("\(error)")
        }
        let route = RouteDescriber.describe(points, index: index, from: from, to: to, destinationName: destinationName, options: description)
        if route.endOffsetMetres > maximumOffsetMetres {
            throw .farFromWay(isDestination: true, metres: route.endOffsetMetres, limit: maximumOffsetMetres)
        }
        return route
    }
}
