#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Vocabulary

/// A route's GPX file, read through the caller's files and parsed, so that wherever a route is loaded
/// (the configuration's `[route]`, the route switch) a missing or unreadable file is said alike.
package enum RouteFile {
    package static func read(_ path: String, files: any FileReading) throws(GPXError) -> Route {
        let bytes: [UInt8]?
        do {
            bytes = try files.read(path)
        } catch {
            throw GPXError(source: path, unreadable: error)
        }
        guard let bytes else { throw GPXError(source: path, unreadable: nil) }
        return try GPXParser.parse(data: Data(bytes), source: path)
    }
}
