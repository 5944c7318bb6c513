import Navigation

/// The reader of `[route]`.
extension ConfigurationLoader {
    /// `[route]`: the GPX file (relative to the configuration's directory), parsed here so that a
    /// malformed route is reported with the rest, and whether to start walking at once.
    func readRoute(_ t: TableReader?, root: TableReader, directory: String) -> (path: String?, route: Route?, autostart: Bool) {
        var path: String?
        var autostart = true
        if let t {
            if let gpx = t.string("gpx") {
                path = gpx.hasPrefix("/") ? gpx : "\(directory)/\(gpx)"
            } else if !t.has("gpx") {
                t.report("gpx", "missing; the GPX file of the route to follow")
            }
            autostart = t.bool("autostart") ?? true
            t.rejectUnknownKeys()
        } else if !root.has("route") {
            root.report("route", "missing [route] table with gpx = \"path/to/route.gpx\"")
        }
        var route: Route?
        if let path {
            do {
                route = try RouteFile.read(path, files: files)
            } catch {
                root.issues.report("route.gpx", "\(error)")
            }
        }
        return (path, route, autostart)
    }
}
