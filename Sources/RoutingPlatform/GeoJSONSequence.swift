#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Routing
import Vocabulary

/// Reads a GeoJSON text sequence (RFC 8142; osmium writes one feature per line) one line at a time,
/// so that a city's export is never held whole.
enum GeoJSONSequence {
    struct Unreadable: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    static func forEachFeature(in path: String, _ body: (OSMFeature) -> Void) throws {
        guard let file = fopen(path, "r") else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let decoder = JSONDecoder()
        while true {
            let length = getline(&buffer, &capacity, file)
            guard length > 0, let buffer else { break }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
            // RFC 8142's record separator, if the export wrote one, and the line end are not JSON.
            let json = bytes.drop(while: { $0 == 0x1e })
            guard let value = try? decoder.decode(JSONValue.self, from: Data(json)) else { continue }
            if let feature = OSMFeature(json: value) { body(feature) }
        }
    }
}
