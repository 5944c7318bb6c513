import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Sensors

/// Streams one GPX document into its point lists and stops at the first
/// problem. Which list becomes the route is `GPXParser`'s decision, so the
/// XML bookkeeping here stays free of policy.
///
/// Single use and not thread-safe: one reader per `XMLParser.parse()` call.
final class GPXDocumentReader: NSObject, XMLParserDelegate {
    /// The points of one `<rte>` or `<trk>`, in file order.
    struct PointList {
        var name: String?
        var points: [Waypoint] = []
        /// A track's points segment by segment, with time and fix quality; filled only when the
        /// reader was asked for track details (`GPXTrackReader`).
        var segments: [[TrackPoint]] = []
    }

    /// `<metadata><name>` (GPX 1.1) or `<gpx><name>` (GPX 1.0).
    private(set) var documentName: String?
    private(set) var routes: [PointList] = []
    private(set) var tracks: [PointList] = []
    private(set) var looseWaypoints: [Waypoint] = []
    /// Where `<gpx>` starts; errors about the document as a whole point here.
    private(set) var rootLine = 1

    /// What each open element means to us. Everything we do not use, including
    /// `<extensions>` and its vendor points, becomes `.ignored` with its subtree.
    private enum Frame {
        case gpx, metadata, route, track, segment
        case point(String)
        case field(Field)
        case ignored
    }

    private enum Field {
        case documentName, listName, pointName, pointElevation
        case pointTime, pointFix, pointSatellites, pointHDOP
    }

    /// GPX 1.1, GPX 1.0, and no namespace at all, which hand-written and
    /// some exported files use.
    private static let acceptedNamespaces: Set<String> = [
        "http://www.topografix.com/GPX/1/1",
        "http://www.topografix.com/GPX/1/0",
        "",
    ]

    private let data: Data
    private let source: String
    private var failure: GPXError?
    private var rootNamespace: String?
    private var rootQualifiedName: String?
    private var rootClosed = false
    private var stack: [Frame] = []
    private var text = ""
    private var pendingPoint: Waypoint?
    /// Whether `<trkseg>` boundaries and each `<trkpt>`'s time and fix quality are kept.
    private let readsTrackDetails: Bool
    private var pendingTrackPoint: TrackPoint?

    init(data: Data, source: String, readsTrackDetails: Bool = false) {
        self.data = data
        self.source = source
        self.readsTrackDetails = readsTrackDetails
    }

    /// Parses the whole document; returns the first problem, or nil when the
    /// point lists are complete.
    func read() -> GPXError? {
        if let encoding = Self.unsupportedEncoding(of: data) {
            return GPXError(source: source, line: 1, reason: .unsupportedEncoding(encoding))
        }
        let parser = XMLParser(data: Self.separatingEmptyInstructions(data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        _ = parser.parse()
        if let failure { return failure }
        // Defensive: an error the delegate was not told about still fails the file.
        if let error = parser.parserError {
            record(xmlError: error, line: parser.lineNumber, column: parser.columnNumber)
            return failure
        }
        if rootNamespace == nil {
            let blank = data.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let detail = blank ? "the file is empty" : "no XML element found"
            return GPXError(source: source, line: 1, reason: .notXML(detail: detail))
        }
        if !rootClosed {
            return GPXError(source: source, line: max(parser.lineNumber, 1), reason: .truncated)
        }
        return nil
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        let namespace = namespaceURI ?? ""
        guard let parent = stack.last else {
            openRoot(elementName, qualifiedName: qName, namespace: namespace, parser: parser)
            return
        }
        guard namespace == rootNamespace else {
            stack.append(.ignored)
            return
        }
        let frame: Frame
        switch (parent, elementName) {
        case (.gpx, "metadata"):
            frame = .metadata
        case (.gpx, "name"), (.metadata, "name"):
            frame = .field(.documentName)
        case (.gpx, "rte"):
            routes.append(PointList())
            frame = .route
        case (.gpx, "trk"):
            tracks.append(PointList())
            frame = .track
        case (.track, "trkseg"):
            if readsTrackDetails, !tracks.isEmpty { tracks[tracks.count - 1].segments.append([]) }
            frame = .segment
        case (.route, "name"), (.track, "name"):
            frame = .field(.listName)
        case (.gpx, "wpt"), (.route, "rtept"), (.segment, "trkpt"):
            guard let point = readPoint(elementName, attributes: attributeDict, parser: parser) else { return }
            pendingPoint = point
            if readsTrackDetails, elementName == "trkpt" { pendingTrackPoint = TrackPoint(coordinate: point.coordinate) }
            frame = .point(elementName)
        case (.point, "name"):
            frame = .field(.pointName)
        case (.point, "ele"):
            frame = .field(.pointElevation)
        case (.point("trkpt"), "time") where readsTrackDetails:
            frame = .field(.pointTime)
        case (.point("trkpt"), "fix") where readsTrackDetails:
            frame = .field(.pointFix)
        case (.point("trkpt"), "sat") where readsTrackDetails:
            frame = .field(.pointSatellites)
        case (.point("trkpt"), "hdop") where readsTrackDetails:
            frame = .field(.pointHDOP)
        default:
            frame = .ignored
        }
        if case .field = frame { text = "" }
        stack.append(frame)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard failure == nil, let frame = stack.popLast() else { return }
        switch frame {
        case .gpx:
            rootClosed = true
        case .point(let element):
            guard let point = pendingPoint else { return }
            pendingPoint = nil
            switch element {
            case "rtept" where !routes.isEmpty: routes[routes.count - 1].points.append(point)
            case "trkpt" where !tracks.isEmpty:
                tracks[tracks.count - 1].points.append(point)
                if var detailed = pendingTrackPoint, !tracks[tracks.count - 1].segments.isEmpty {
                    detailed.elevation = point.elevation
                    let track = tracks.count - 1
                    tracks[track].segments[tracks[track].segments.count - 1].append(detailed)
                }
                pendingTrackPoint = nil
            default: looseWaypoints.append(point)
            }
        case .field(let field):
            store(text, in: field)
            text = ""
        case .metadata, .route, .track, .segment, .ignored:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, case .field = stack.last else { return }
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, case .field = stack.last else { return }
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The Linux parser recovers and keeps calling back after an error;
        // only the first error describes the real problem.
        guard failure == nil else { return }
        record(xmlError: parseError, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    // MARK: Helpers

    private func openRoot(_ name: String, qualifiedName: String?, namespace: String, parser: XMLParser) {
        rootLine = max(parser.lineNumber, 1)
        guard name == "gpx" else {
            fail(.notGPX(rootElement: qualifiedName ?? name), parser: parser)
            return
        }
        guard Self.acceptedNamespaces.contains(namespace) else {
            fail(.unsupportedNamespace(namespace), parser: parser)
            return
        }
        rootNamespace = namespace
        rootQualifiedName = qualifiedName ?? name
        stack.append(.gpx)
    }

    private func readPoint(_ element: String, attributes: [String: String], parser: XMLParser) -> Waypoint? {
        guard let latitude = degrees(attributes["lat"], attribute: "lat", element: element, limit: 90, parser: parser),
              let longitude = degrees(attributes["lon"], attribute: "lon", element: element, limit: 180, parser: parser)
        else { return nil }
        return Waypoint(coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Accepts only plain decimal notation: `Double(_:)` alone would also take
    /// "nan", "inf" and hexadecimal floats, none of which is a GPX degree value.
    private func degrees(_ raw: String?, attribute: String, element: String, limit: Double,
                         parser: XMLParser) -> Double? {
        guard let raw else {
            fail(.missingCoordinate(element: element, attribute: attribute), parser: parser)
            return nil
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let allowed = Set("0123456789+-.eE")
        guard !trimmed.isEmpty, trimmed.allSatisfy(allowed.contains),
              let value = Double(trimmed), value.isFinite else {
            fail(.nonNumericCoordinate(element: element, attribute: attribute, value: raw), parser: parser)
            return nil
        }
        guard abs(value) <= limit else {
            fail(.coordinateOutOfRange(element: element, attribute: attribute, value: value), parser: parser)
            return nil
        }
        return value
    }

    private func store(_ raw: String, in field: Field) {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return }
        switch field {
        case .documentName:
            if documentName == nil { documentName = value }
        case .listName:
            // The list element is back on top of the stack once the field is popped.
            switch stack.last {
            case .route?: routes[routes.count - 1].name = value
            case .track?: tracks[tracks.count - 1].name = value
            default: break
            }
        case .pointName:
            pendingPoint?.name = value
        case .pointElevation:
            // Elevation does not steer the walker, so an unreadable one is
            // dropped rather than rejecting an otherwise usable route.
            if let metres = Double(value), metres.isFinite { pendingPoint?.elevation = metres }
        // Fix quality and time only colour and place the track, so what cannot be read is left out.
        case .pointTime:
            pendingTrackPoint?.time = GPXTrackReader.utcSeconds(iso8601: value)
        case .pointFix:
            pendingTrackPoint?.fix = TrackPoint.Fix(rawValue: value.lowercased())
        case .pointSatellites:
            if let count = Int(value), count >= 0 { pendingTrackPoint?.satellites = count }
        case .pointHDOP:
            if let hdop = Double(value), hdop.isFinite, hdop >= 0 { pendingTrackPoint?.hdop = hdop }
        }
    }

    private func fail(_ reason: GPXError.Reason, parser: XMLParser) {
        // A cut-off start tag reaches us as an element with attributes missing.
        let reason = looksTruncated(atLine: parser.lineNumber) ? .truncated : reason
        failure = GPXError(source: source, line: max(parser.lineNumber, 1),
                           column: parser.columnNumber > 0 ? parser.columnNumber : nil, reason: reason)
        parser.abortParsing()
    }

    private func record(xmlError: any Error, line: Int, column: Int) {
        let reason: GPXError.Reason = looksTruncated(atLine: line)
            ? .truncated
            : .notXML(detail: Self.describe(xmlErrorCode: (xmlError as NSError).code))
        failure = GPXError(source: source, line: max(line, 1), column: column > 0 ? column : nil, reason: reason)
    }

    /// A problem is blamed on truncation when `<gpx>` was opened, its closing
    /// tag appears nowhere in the bytes, and the problem sits on the last
    /// non-blank line. The first two say the end is missing; the last keeps a
    /// genuine error earlier in a cut-off file reported as itself. Positions
    /// inside the last line are not compared because libxml2 reports some
    /// errors (an unfinished CDATA section, say) where the construct began.
    private func looksTruncated(atLine line: Int) -> Bool {
        guard rootNamespace != nil, !rootClosed, let rootName = rootQualifiedName else { return false }
        return !containsClosingTag(rootName) && line >= lastNonBlankLine()
    }

    /// Whether `</name>` (whitespace allowed before `>`) occurs in the raw bytes.
    private func containsClosingTag(_ name: String) -> Bool {
        let bytes = [UInt8](data)
        let needle = Array("</\(name)".utf8)
        guard bytes.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= bytes.count {
            if bytes[start..<start + needle.count].elementsEqual(needle) {
                var next = start + needle.count
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ">") { return true }
            }
            start += 1
        }
        return false
    }

    /// 1-based number of the last line holding anything but whitespace (1 if none).
    private func lastNonBlankLine() -> Int {
        var line = 1, last = 1
        for byte in data {
            switch byte {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: last = line
            }
        }
        return last
    }

    /// libxml2's error numbers, which both Foundation implementations pass
    /// through, in words a user can act on.
    private static func describe(xmlErrorCode code: Int) -> String {
        let words: String
        switch code {
        case 4: words = "no start tag where the document should begin"
        case 5: words = "extra content after the end of the document"
        case 9: words = "an invalid character"
        case 23, 26, 27: words = "an '&' that is not an entity; write it as &amp;"
        case 38: words = "a '<' inside an attribute value"
        case 39: words = "an attribute value without quotes"
        case 40: words = "an attribute value that is never closed"
        case 41: words = "an attribute without a value"
        case 42: words = "the same attribute twice in one element"
        case 68: words = "a '<' not followed by an element name"
        case 73: words = "a tag not closed with '>'"
        case 76: words = "an end tag that does not match the open element"
        case 77: words = "an element that is never closed"
        default: return "XML error \(code)"
        }
        return "\(words), XML error \(code)"
    }

    /// The encoding a file is in when it is not UTF-8 (its ASCII subset, or ISO-8859-1); nil otherwise.
    ///
    /// Only those reach the XML parser. libxml2 2.9.14 (Debian 12), under Foundation's XMLParser,
    /// crashes with a segmentation fault on some documents in other encodings (one declaring
    /// `encoding="EBCDIC-US"` is enough), and it switches encoding on the first bytes alone (UTF-16,
    /// UCS-4 and EBCDIC by their byte patterns; XML 1.0 Appendix F). GPX from route planners is UTF-8.
    static func unsupportedEncoding(of data: Data) -> String? {
        var bytes = data.prefix(256)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (byte order mark)" }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        guard first == UInt8(ascii: "<"), !bytes.prefix(4).contains(0) else {
            return first == 0 || bytes.prefix(4).contains(0) ? "UTF-16 or UCS-4" : nil
        }
        // <?xml version="1.0" encoding="…"?>: the declaration is ASCII by definition (XML 1.0 §4.3.3).
        // It is looked for anywhere in the first bytes and read up to its first '>' (or as far as the
        // bytes go): libxml2 switches encoding while it reads a declaration, before it finds one
        // unterminated or misplaced.
        let head = String(decoding: bytes, as: UTF8.self)
        guard let declaration = head.range(of: "<?xml", options: .caseInsensitive) else { return nil }
        let region = head[declaration.upperBound...].prefix { $0 != ">" }
        guard let key = region.range(of: "encoding", options: .caseInsensitive) else { return nil }
        let rest = region[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let quote = rest.first
        let name = (quote == "\"" || quote == "'" ? rest.dropFirst() : rest)
            .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == ":" }
        // ISO-8859-1 is converted by libxml2 itself, without iconv, and older GPS tools write it.
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "latin-1"]
        if accepted.contains(name.lowercased()) { return nil }
        return name.isEmpty ? "an unreadable encoding declaration" : String(name)
    }

    /// `data` with a space after the target of every processing instruction that has no data
    /// (`<?target?>` becomes `<?target ?>`).
    ///
    /// For `<?target?>` libxml2 reports the instruction's data as a null pointer, and Foundation's
    /// XMLParser on Linux (swift-corelibs-foundation, `_NSXMLParserProcessingInstruction`) takes its
    /// length without checking: the process dies with a segmentation fault. With the space, libxml2
    /// reports empty data. GPX carries nothing in processing instructions, so nothing read changes;
    /// columns after such an instruction on its line move by one.
    static func separatingEmptyInstructions(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") {
                var end = index + 2
                while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<")].contains(bytes[end]) {
                    end += 1
                }
                if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                    if !changed { out = Array(bytes[..<index]); changed = true }
                    out += bytes[index..<end] + [0x20]
                    index = end
                    continue
                }
            }
            if changed { out.append(bytes[index]) }
            index += 1
        }
        return changed ? Data(out) : data
    }
}
