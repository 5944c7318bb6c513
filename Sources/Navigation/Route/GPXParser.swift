import Foundation

/// Reads a GPX 1.1 or 1.0 file into the one `Route` the walker follows.
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
public enum GPXParser {
    /// Parses GPX bytes; `source` names the input in error messages, usually its path.
    public static func parse(data: Data, source: String) throws(GPXError) -> Route {
        let reader = GPXDocumentReader(data: data, source: source)
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

    /// Reads and parses a file; its path is the `source` in error messages.
    public static func parse(contentsOf url: URL) throws(GPXError) -> Route {
        let source = url.isFileURL ? url.path : url.absoluteString
        let data: Data
        // Checked first: swift-corelibs-foundation reports a missing file as an NSError that is not a
        // CocoaError, whose text is "The operation could not be completed".
        var isDirectory: ObjCBool = false
        if url.isFileURL {
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw GPXError(source: source, reason: .unreadable(detail: "no such file"))
            }
            guard !isDirectory.boolValue else { throw GPXError(source: source, reason: .unreadable(detail: "is a directory, not a GPX file")) }
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw GPXError(source: source, reason: .unreadable(detail: "permission denied"))
            }
        }
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GPXError(source: source, reason: .unreadable(detail: describe(readError: error)))
        }
        return try parse(data: data, source: source)
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

    private static func describe(readError error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoSuchFile?: return "no such file"
        case .fileReadNoPermission?: return "permission denied"
        default: return error.localizedDescription
        }
    }
}
