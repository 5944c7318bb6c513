#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CXML2
import Sensors
import Vocabulary

/// Streams one GPX document into its point lists and stops at the first
/// problem. Which list becomes the route is `GPXParser`'s decision, so the
/// XML bookkeeping here stays free of policy.
///
/// The XML is read with libxml2's streaming reader (`XMLNodeReader`), which keeps a hostile file
/// from reaching the network or the disk, from expanding entities and from nesting without end.
struct GPXDocumentReader {
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

    /// Deeper than any GPX file nests (a track point's extension values are 6 elements down) and
    /// below libxml2's own limit of 256, so a document built to nest without end is refused here,
    /// in words, before libxml2's "Excessive depth" error.
    static let depthLimit = 100

    /// How many bytes libxml2 is fed at a time on the first reading.
    private static let readingPiece = 64 * 1024

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
    /// Where the problem being recorded is; set for the node being read.
    private var line = 1
    private var column: Int?

    init(data: Data, source: String, readsTrackDetails: Bool = false) {
        self.data = data
        self.source = source
        self.readsTrackDetails = readsTrackDetails
    }

    /// Parses the whole document; returns the first problem, or nil when the
    /// point lists are complete.
    mutating func read() -> GPXError? {
        if let encoding = Self.unsupportedEncoding(of: data) {
            return GPXError(source: source, line: 1, reason: .unsupportedEncoding(encoding))
        }
        // libxml2 calls blank input "extra content"; it is an empty file.
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return GPXError(source: source, line: 1, reason: .notXML(detail: "the file is empty"))
        }
        let bytes = [UInt8](data)
        let unread = self
        guard stream(bytes, piece: Self.readingPiece) != nil else { return nil }
        // A file with a problem is read again a byte at a time (see XMLNodeReader): the problem
        // reported is then the first in the file, at the place where it is, as a reader of
        // libxml2's SAX events would see it. Only broken files pay for the second reading.
        self = unread
        return stream(bytes, piece: 1)
    }

    /// One reading of the document, from a fresh state; the first problem, or nil.
    private mutating func stream(_ bytes: [UInt8], piece: Int) -> GPXError? {
        let reader = XMLNodeReader(bytes: bytes, piece: piece)
        while failure == nil, reader.next() {
            switch reader.nodeType {
            case XML_READER_TYPE_ELEMENT:
                line = max(reader.nodeLine, 1)
                column = piece == 1 && reader.parserColumn > 0 ? reader.parserColumn : nil
                startElement(reader)
                if failure == nil, reader.isEmptyElement { endElement() }
            case XML_READER_TYPE_END_ELEMENT:
                endElement()
            case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_WHITESPACE,
                 XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
                if case .field = stack.last { text += reader.value }
            default:
                // Comments, processing instructions, the DOCTYPE, and entity references, which are
                // left unexpanded (see XMLNodeReader): GPX carries nothing in any of them.
                break
            }
        }
        if let failure { return failure }
        if let problem = reader.problem {
            // A problem inside an entity's replacement text is placed by libxml2 within that text;
            // the node read last is then the better place, without a column.
            if problem.line >= line {
                record(xmlErrorCode: problem.code, line: problem.line, column: problem.column)
            } else {
                record(xmlErrorCode: problem.code, line: line, column: 0)
            }
            return failure
        }
        if rootNamespace == nil {
            return GPXError(source: source, line: 1, reason: .notXML(detail: "no XML element found"))
        }
        if !rootClosed {
            return GPXError(source: source, line: max(reader.parserLine, 1), reason: .truncated)
        }
        return nil
    }

    // MARK: Elements

    private mutating func startElement(_ reader: XMLNodeReader) {
        let elementName = reader.localName
        let namespace = reader.namespaceURI
        guard reader.depth < Self.depthLimit else {
            fail(.nestedTooDeep(limit: Self.depthLimit))
            return
        }
        guard let parent = stack.last else {
            openRoot(elementName, qualifiedName: reader.qualifiedName, namespace: namespace)
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
            guard let point = readPoint(elementName, attributes: reader.plainAttributes()) else { return }
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

    private mutating func endElement() {
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

    // MARK: Helpers

    private mutating func openRoot(_ name: String, qualifiedName: String, namespace: String) {
        rootLine = line
        guard name == "gpx" else {
            fail(.notGPX(rootElement: qualifiedName.isEmpty ? name : qualifiedName))
            return
        }
        guard Self.acceptedNamespaces.contains(namespace) else {
            fail(.unsupportedNamespace(namespace))
            return
        }
        rootNamespace = namespace
        rootQualifiedName = qualifiedName.isEmpty ? name : qualifiedName
        stack.append(.gpx)
    }

    private mutating func readPoint(_ element: String, attributes: [String: String]) -> Waypoint? {
        guard let latitude = degrees(attributes["lat"], attribute: "lat", element: element, limit: 90),
              let longitude = degrees(attributes["lon"], attribute: "lon", element: element, limit: 180)
        else { return nil }
        return Waypoint(coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Accepts only plain decimal notation: `Double(_:)` alone would also take
    /// "nan", "inf" and hexadecimal floats, none of which is a GPX degree value.
    private mutating func degrees(_ raw: String?, attribute: String, element: String, limit: Double) -> Double? {
        guard let raw else {
            fail(.missingCoordinate(element: element, attribute: attribute))
            return nil
        }
        let trimmed = Self.trimmed(raw)
        let allowed = Set("0123456789+-.eE")
        guard !trimmed.isEmpty, trimmed.allSatisfy(allowed.contains),
              let value = Double(trimmed), value.isFinite else {
            fail(.nonNumericCoordinate(element: element, attribute: attribute, value: raw))
            return nil
        }
        guard abs(value) <= limit else {
            fail(.coordinateOutOfRange(element: element, attribute: attribute, value: value))
            return nil
        }
        return value
    }

    private mutating func store(_ raw: String, in field: Field) {
        let value = Self.trimmed(raw)
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

    private mutating func fail(_ reason: GPXError.Reason) {
        // A cut-off start tag reaches us as an element with attributes missing.
        let reason = looksTruncated(atLine: line) ? .truncated : reason
        failure = GPXError(source: source, line: line, column: column, reason: reason)
    }

    private mutating func record(xmlErrorCode code: Int, line: Int, column: Int) {
        let reason: GPXError.Reason = looksTruncated(atLine: line)
            ? .truncated
            : .notXML(detail: Self.describe(xmlErrorCode: code))
        failure = GPXError(source: source, line: max(line, 1), column: column > 0 ? column : nil, reason: reason)
    }

    /// Whitespace and line ends (Unicode's White_Space) off both ends.
    private static func trimmed(_ text: String) -> String {
        text.trimmingScalars { $0.properties.isWhitespace }
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

    /// libxml2's error numbers (`xmlParserErrors`, libxml/xmlerror.h) in words a user can act on.
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
    /// Only those reach the XML parser. libxml2 2.9.14 (Debian 12) crashed with a segmentation fault
    /// in `xmlSwitchToEncoding` on some documents in other encodings (one declaring
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
        guard let declaration = asciiRangeIgnoringCase(of: "<?xml", in: head[...]) else { return nil }
        let region = head[declaration.upperBound...].prefix { $0 != ">" }
        guard let key = asciiRangeIgnoringCase(of: "encoding", in: region) else { return nil }
        let rest = region[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let quote = rest.first
        let name = (quote == "\"" || quote == "'" ? rest.dropFirst() : rest)
            .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == ":" }
        // ISO-8859-1 is converted by libxml2 itself, without iconv, and older GPS tools write it.
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "latin-1"]
        if accepted.contains(name.lowercased()) { return nil }
        return name.isEmpty ? "an unreadable encoding declaration" : String(name)
    }

    /// The first place `needle` (lower-case ASCII) occurs in `text`, ASCII letters of either case matching.
    private static func asciiRangeIgnoringCase(of needle: String, in text: Substring) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            var index = start
            var matched = 0
            while matched < pattern.count, index != utf8.endIndex {
                var byte = utf8[index]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 0x20 }
                guard byte == pattern[matched] else { break }
                matched += 1
                index = utf8.index(after: index)
            }
            if matched == pattern.count { return start..<index }
            start = utf8.index(after: start)
        }
        return nil
    }
}
