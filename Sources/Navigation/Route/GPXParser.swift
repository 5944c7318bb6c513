#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a GPX 1.1 or 1.0 file's bytes into the one `Route` the walker follows. Whoever reads the
/// file says why one could not be read with `GPXError(source:unreadable:)`.
///
/// Selection rule, because a GPX file may hold several candidates and the belt
/// can only lead along one:
/// 1. the first `<rte>` that has at least one `<rtept>` (a planned route is
///    what the user meant to walk),
/// 2. otherwise the first `<trk>` that has points, all of its `<trkseg>`
///    segments joined in file order (a recorded walk to repeat),
/// 3. otherwise every top-level `<wpt>` in file order.
/// Empty `<rte>`/`<trk>` elements are skipped because planners sometimes
/// export them as placeholders.
///
/// The route's name is that of the chosen `<rte>`/`<trk>`, else the document's
/// (`<metadata><name>` in 1.1, `<gpx><name>` in 1.0). Point names come from
/// `<name>`, elevations from `<ele>`. Anything else, including `<extensions>`
/// and elements from other namespaces, is ignored.
///
/// Every point in the file must have valid `lat`/`lon`, even in a part that
/// is not chosen: a broken point anywhere means the file is not what its
/// author believes it is. A single point is a valid route: it is simply the
/// destination.
package enum GPXParser {
    /// Parses GPX bytes; `source` names the input in error messages, usually its path.
    package static func parse(data: Data, source: String) throws(GPXError) -> Route {
        var reader = GPXDocumentReader(data: data, source: source)
        if let error = reader.read() { throw error }

        if let list = reader.routes.first(where: { !$0.points.isEmpty }) {
            return Route(name: list.name ?? reader.documentName, kind: .route,
                         waypoints: collapsingRepeats(list.points))
        }
        if let list = reader.tracks.first(where: { !$0.points.isEmpty }) {
            return Route(name: list.name ?? reader.documentName, kind: .track,
                         waypoints: collapsingRepeats(list.points))
        }
        if !reader.looseWaypoints.isEmpty {
            return Route(name: reader.documentName, kind: .waypoints,
                         waypoints: collapsingRepeats(reader.looseWaypoints))
        }
        throw GPXError(source: source, line: reader.rootLine, reason: .noPoints)
    }

    /// Drops a point that repeats the previous one (at the 1e-7 degree
    /// resolution of `Route.identity`). A zero-length leg has no bearing, so
    /// the belt would have no direction to show; GPS tracks and joined track
    /// segments produce such repeats routinely. The kept point inherits a
    /// name or elevation only the dropped one had.
    static func collapsingRepeats(_ points: [Waypoint]) -> [Waypoint] {
        var kept: [Waypoint] = []
        kept.reserveCapacity(points.count)
        for point in points {
            guard let last = kept.last,
                  Route.e7(last.coordinate.latitude) == Route.e7(point.coordinate.latitude),
                  Route.e7(last.coordinate.longitude) == Route.e7(point.coordinate.longitude)
            else {
                kept.append(point)
                continue
            }
            if last.name == nil { kept[kept.count - 1].name = point.name }
            if last.elevation == nil { kept[kept.count - 1].elevation = point.elevation }
        }
        return kept
    }
}
