import Routing

/// Why a map directory cannot be used, with what to do.
package enum MapOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notAMap(path: String)
    case unusable(path: String, problems: [String])
    case damaged(MapIndexError)

    package var description: String {
        switch self {
        case .missing(let path):
            return "\(path): no such map directory (make one with `wayfinder map import FILE.osm.pbf --to \(path)`)"
        case .notAMap(let path):
            return "\(path) is not a Wayfinder map: it has no \(MapManifest.fileName) (make one with `wayfinder map import`)"
        case .unusable(let path, let problems):
            return "the map \(path) cannot be used: " + problems.joined(separator: "; ")
        case .damaged(let error):
            return "\(error)"
        }
    }
}
