import Platform

/// Why a map could not be imported, with what to do.
package enum MapImportError: Error, Sendable, CustomStringConvertible {
    case sourceUnreadable(path: String, reason: String)
    case notOSM(path: String, detail: String)
    case noWays(path: String)
    case destinationNotAMap(path: String)
    case destinationUnusable(path: String, reason: String)
    case programFailed(program: String, detail: String)
    case program(ChildProcessError)
    case unknownRoutinoVersion

    package var description: String {
        switch self {
        case .sourceUnreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .notOSM(let path, let detail):
            return "\(path) is not OpenStreetMap data (osmium: \(detail)); give an extract in .osm.pbf or .osm (XML) form, "
                + "for example one of a city cut with `osmium extract`"
        case .noWays(let path):
            return "\(path) is OpenStreetMap data without any ways: there is nothing to route on"
        case .destinationNotAMap(let path):
            return "\(path) exists and is not a Wayfinder map: give another --to, or remove it"
        case .destinationUnusable(let path, let reason):
            return "cannot write the map to \(path): \(reason)"
        case .programFailed(let program, let detail):
            return "\(program) failed: \(detail)"
        case .program(let error):
            return "\(error)"
        case .unknownRoutinoVersion:
            return "planetsplitter --version did not say which Routino it is: is Debian's routino package installed?"
        }
    }
}
