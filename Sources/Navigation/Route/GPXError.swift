#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why a GPX file could not become a `Route`, and where.
///
/// The message is meant for the person who copied the file onto the device:
/// it names the file and position, says what is wrong and what to do, because
/// on a worn device there is no editor to open and no one to ask.
package struct GPXError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    package enum Reason: Sendable, Hashable {
        /// The file could not be read at all (missing, no permission).
        case unreadable(detail: String)
        /// The bytes are not well-formed XML; `detail` is the XML parser's complaint.
        case notXML(detail: String)
        /// Not UTF-8: another declared encoding, or bytes that are not ASCII-compatible.
        case unsupportedEncoding(String)
        /// Well-formed XML whose root element is not `<gpx>`.
        case notGPX(rootElement: String)
        /// A `<gpx>` root in a namespace other than GPX 1.1 or 1.0.
        case unsupportedNamespace(String)
        /// The document stops before `</gpx>`, typically an interrupted copy.
        case truncated
        /// A point element without its `lat` or `lon` attribute.
        case missingCoordinate(element: String, attribute: String)
        /// A `lat` or `lon` attribute that is not a finite decimal number.
        case nonNumericCoordinate(element: String, attribute: String, value: String)
        /// A `lat` outside -90...90 or a `lon` outside -180...180.
        case coordinateOutOfRange(element: String, attribute: String, value: Double)
        /// Valid GPX without a single usable point.
        case noPoints
        /// Given as a walked track, a file with route points (`<rtept>`) or waypoints (`<wpt>`) but no
        /// track point (`<trkpt>`): a planned route, not a record of a walk.
        case routeNotTrack(routePoints: Int, waypoints: Int)
    }

    /// The name the caller gave the input, usually its path.
    package var source: String
    /// 1-based line, when the position is known.
    package var line: Int?
    /// 1-based column as the XML parser reports it, when known.
    package var column: Int?
    package var reason: Reason

    package init(source: String, line: Int? = nil, column: Int? = nil, reason: Reason) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// A GPX file its reader could not read: `failure` is nil when the file does not exist, else
    /// the errno the read met, said in the words of someone who copied a route onto the device.
    package init(source: String, unreadable failure: FileReadError?) {
        let detail: String
        switch failure.map(\.errno) {
        case nil: detail = "no such file"
        case EISDIR?: detail = "is a directory, not a GPX file"
        case EACCES?: detail = "permission denied"
        case let code?: detail = FileReadError(errno: code).description.lowercased()
        }
        self.init(source: source, reason: .unreadable(detail: detail))
    }

    /// "`file`, line L, column C: what is wrong. What to do."
    /// `file:line:column: what`, the form compilers and the configuration check use, so an editor
    /// or a terminal can jump to the place.
    package var description: String {
        var place = source
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(explanation)"
    }

    package var errorDescription: String? { description }

    /// The message without the position, for callers that show it separately.
    package var explanation: String {
        switch reason {
        case .unreadable(let detail):
            return "cannot read the file (\(detail)). Check the path and that the file is readable."
        case .notXML(let detail):
            return "is not a well-formed XML file (\(detail)). "
                + "Export the route again as GPX 1.1 from the route planner."
        case .unsupportedEncoding(let encoding):
            return "is encoded as \(Self.clip(encoding)), not UTF-8. Export the route again as GPX 1.1 in UTF-8 "
                + "(route planners do by default), or convert it, e.g. iconv -f ENCODING -t UTF-8."
        case .notGPX(let root):
            return "the root element is <\(Self.clip(root))>, not <gpx>, so this is not a GPX file. "
                + "Export the route as GPX 1.1 (or 1.0) from the route planner."
        case .unsupportedNamespace(let namespace):
            return "the <gpx> element is in namespace \"\(Self.clip(namespace))\", which is neither GPX 1.1 "
                + "nor GPX 1.0. Export the route as GPX 1.1 "
                + "(xmlns=\"http://www.topografix.com/GPX/1/1\")."
        case .truncated:
            return "the file ends before the GPX document is complete; it looks truncated. "
                + "Copy the file onto the device again and check that the copy finished."
        case .missingCoordinate(let element, let attribute):
            return "<\(element)> has no \(attribute) attribute. Every point needs both lat and lon "
                + "in decimal degrees; add the missing value or delete the point."
        case .nonNumericCoordinate(let element, let attribute, let value):
            return "<\(element)> \(attribute)=\"\(Self.clip(value))\" is not a number. Write decimal degrees "
                + "with a dot as the decimal separator, e.g. lat=\"52.2771\" lon=\"8.0432\"."
        case .coordinateOutOfRange(let element, let attribute, let value):
            let limit = attribute == "lat" ? 90 : 180
            return "<\(element)> \(attribute)=\"\(value)\" is outside -\(limit)...\(limit) degrees. "
                + "Check that lat and lon are not swapped and that the value is in decimal degrees."
        case .noPoints:
            return "contains no route, track or waypoints. Add an <rte> with <rtept> points "
                + "(or a <trk> or <wpt> elements) and load the file again."
        case .routeNotTrack(let routePoints, let waypoints):
            let held = [routePoints > 0 ? "a route (<rte>, \(routePoints) point\(routePoints == 1 ? "" : "s"))" : nil,
                        waypoints > 0 ? "\(waypoints) waypoint\(waypoints == 1 ? "" : "s") (<wpt>)" : nil].compactMap { $0 }
            return "holds \(held.joined(separator: " and ")) but no track points (<trkpt>): it is a planned route, "
                + "not a walked track. Give the walk's track (NAME.gpx in tracks/ of the state directory) "
                + "and pass this file with --route."
        }
    }

    /// Keeps a hostile or garbled value from flooding a log line.
    private static func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
