import CXML2

/// libxml2's streaming reader (`xmlTextReader`, libxml/xmlreader.h) over bytes in memory: one node
/// at a time in document order, with the first problem libxml2 reports and where.
///
/// What a hostile file cannot make it do, by the options it is opened with:
/// - no network and no file: `XML_PARSE_NONET`, and the bytes are handed over by our own read
///   callback, so a document's `SYSTEM "file:…"` or `http:` names nothing libxml2 will open;
/// - no external DTD or entity load (`XML_PARSE_DTDLOAD` is not set) and no entity substitution
///   (`XML_PARSE_NOENT` is not set): an entity reference stays one node the caller skips, and
///   libxml2's own amplification check refuses a "billion laughs" declaration (XML error 89);
/// - no `XML_PARSE_HUGE`: libxml2 keeps its limits on names, text and nesting (256 elements).
///
/// The bytes are fed `piece` bytes at a time. libxml2 parses ahead of the node handed out by up to
/// what it was last fed, and a problem it meets there ends the reading before the nodes in between
/// are handed out; fed one byte at a time it is never more than one token ahead, so the nodes before
/// a problem are all seen and the parser's position is that of the node just read. `GPXDocumentReader`
/// reads in large pieces and reads a file again byte by byte only when it has a problem to place.
///
/// Single use, and not thread-safe: libxml2 calls back into this object while `next()` runs.
final class XMLNodeReader {
    /// The first error or warning libxml2 reported: its code (`xmlParserErrors`, libxml/xmlerror.h)
    /// and its 1-based line and column.
    struct Problem {
        var code: Int
        var line: Int
        var column: Int
    }

    private let bytes: [UInt8]
    private let piece: Int
    private var fed = 0
    private var reader: xmlTextReaderPtr?
    private var started = false
    private(set) var problem: Problem?

    init(bytes: [UInt8], piece: Int) {
        self.bytes = bytes
        self.piece = max(1, piece)
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
    }

    /// Moves to the next node: true on a node, false at the end of the document or at the first
    /// problem (then `problem` says which, unless libxml2 stopped without saying).
    func next() -> Bool {
        if !started {
            started = true
            reader = open()
        }
        guard let reader, problem == nil else { return false }
        return xmlTextReaderRead(reader) == 1 && problem == nil
    }

    private func open() -> xmlTextReaderPtr? {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
        guard let reader = xmlReaderForIO({ context, buffer, length in
            guard let context, let buffer else { return -1 }
            return Unmanaged<XMLNodeReader>.fromOpaque(context).takeUnretainedValue().feed(buffer, length)
        }, nil, context, nil, nil, options) else { return nil }
        // Errors come here rather than to libxml2's generic handler, which prints to stderr.
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            Unmanaged<XMLNodeReader>.fromOpaque(context).takeUnretainedValue().note(error.pointee)
        }, context)
        return reader
    }

    private func feed(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int32) -> Int32 {
        let count = min(piece, Int(max(length, 0)), bytes.count - fed)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + fed, byteCount: count)
        }
        fed += count
        return Int32(count)
    }

    /// Keeps the first report only: libxml2 goes on after some errors, and what follows the first
    /// is mostly its consequence.
    private func note(_ error: xmlError) {
        guard problem == nil else { return }
        problem = Problem(code: Int(error.code), line: Int(error.line), column: Int(error.int2))
    }

    // MARK: The current node

    var nodeType: xmlReaderTypes {
        guard let reader else { return XML_READER_TYPE_NONE }
        return xmlReaderTypes(rawValue: UInt32(clamping: max(0, xmlTextReaderNodeType(reader))))
    }

    /// Nesting depth, 0 for the root element.
    var depth: Int { reader.map { Int(xmlTextReaderDepth($0)) } ?? 0 }

    var localName: String { string(reader.flatMap(xmlTextReaderConstLocalName)) ?? "" }

    /// The name as written, with its prefix.
    var qualifiedName: String { string(reader.flatMap(xmlTextReaderConstName)) ?? "" }

    /// "" for no namespace.
    var namespaceURI: String { string(reader.flatMap(xmlTextReaderConstNamespaceUri)) ?? "" }

    /// Text, CDATA and whitespace nodes' characters, entity and character references resolved.
    var value: String { string(reader.flatMap(xmlTextReaderConstValue)) ?? "" }

    /// `<a/>`, which has no end node of its own.
    var isEmptyElement: Bool { reader.map { xmlTextReaderIsEmptyElement($0) == 1 } ?? false }

    /// The line of the current node's start tag (where its `>` is), as libxml2 recorded it.
    var nodeLine: Int {
        guard let reader, let node = xmlTextReaderCurrentNode(reader) else { return parserLine }
        let line = Int(xmlGetLineNo(node))
        return line > 0 ? line : parserLine
    }

    /// Where the parser is: just after the current node when the bytes are fed one at a time.
    var parserLine: Int { reader.map { Int(xmlTextReaderGetParserLineNumber($0)) } ?? 0 }
    var parserColumn: Int { reader.map { Int(xmlTextReaderGetParserColumnNumber($0)) } ?? 0 }

    /// The current element's attributes without a namespace (`lat`, not `x:lat` or `xmlns`), by
    /// local name; the reader is back on the element afterwards.
    func plainAttributes() -> [String: String] {
        guard let reader, xmlTextReaderHasAttributes(reader) == 1 else { return [:] }
        var attributes: [String: String] = [:]
        var more = xmlTextReaderMoveToFirstAttribute(reader) == 1
        while more {
            if xmlTextReaderConstNamespaceUri(reader) == nil, let name = string(xmlTextReaderConstLocalName(reader)) {
                attributes[name] = value
            }
            more = xmlTextReaderMoveToNextAttribute(reader) == 1
        }
        _ = xmlTextReaderMoveToElement(reader)
        return attributes
    }

    /// A copy: libxml2's strings are valid only until the next read.
    private func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        text.map { String(cString: $0) }
    }
}
