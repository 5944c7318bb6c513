import Navigation

/// A planned route as a GPX 1.1 document: one `<rte>` whose points are the route's waypoints, each
/// named for what happens there, with its kind in `<type>` where an instruction is at it. Any GPX
/// reader shows it, and `[route] gpx` can walk it again.
package enum PlannedRouteGPX {
    package static func document(_ route: PlannedRoute, name: String) -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
        <metadata><copyright author="OpenStreetMap contributors"><license>https://opendatacommons.org/licenses/odbl/1-0/</license></copyright></metadata>
        <rte><name>\(GPXTrackFormat.escaped(name))</name>

        """
        for point in route.waypoints {
            text += "<rtept lat=\"\(GPXTrackFormat.fixed(point.coordinate.latitude, 7))\" lon=\"\(GPXTrackFormat.fixed(point.coordinate.longitude, 7))\">"
            if let name = point.name { text += "<name>\(GPXTrackFormat.escaped(name))</name>" }
            if let instruction = route.instructions.first(where: { $0.coordinate == point.coordinate }) {
                text += "<type>\(instruction.kindName)</type>"
            }
            text += "</rtept>\n"
        }
        return text + "</rte>\n</gpx>\n"
    }
}
