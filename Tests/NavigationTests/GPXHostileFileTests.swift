import Foundation
@testable import Navigation
import XCTest

/// GPX built to hurt the reader: entities that multiply or point outside the file, nesting without
/// end. Each is refused in words or read without doing what it asks; none reaches the network or
/// the disk. And a broken file's first problem is the one reported, wherever libxml2 was reading.
final class GPXHostileFileTests: XCTestCase {
    func error(_ text: String) -> GPXError? {
        do { _ = try GPXParser.parse(data: Data(text.utf8), source: "walk.gpx"); return nil } catch { return error }
    }

    /// "Billion laughs": ten entities of ten references each would expand to 10⁹ bytes. libxml2's
    /// amplification check refuses it; the place is the element whose text asked for it.
    func testAnEntityThatMultipliesIsRefused() {
        let declarations = "abcdefgh".map { name -> String in
            let next = Character(Unicode.Scalar(name.asciiValue! + 1))
            return " <!ENTITY \(next) \"" + String(repeating: "&\(name);", count: 10) + "\">\n"
        }.joined()
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n <!ENTITY a \"aaaaaaaaaa\">\n" + declarations + "]>\n"
            + "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>&i;</name></wpt></gpx>\n"
        let refused = error(text)
        XCTAssertEqual(refused?.reason, .notXML(detail: "XML error 89"))
        XCTAssertEqual(refused?.line, 13)
    }

    /// An entity is left unexpanded: a declared one adds nothing to a name, an external one is not
    /// read (the file named here exists on every Linux), and one that holds a point adds no point.
    func testEntitiesAreLeftUnexpandedAndExternalOnesAreNotRead() throws {
        let declared = try GPXParser.parse(data: Data("""
            <!DOCTYPE gpx [<!ENTITY x "Hello"><!ENTITY file SYSTEM "file:///proc/self/status">
              <!ENTITY web SYSTEM "http://127.0.0.1:9/x.xml"><!ENTITY point "<wpt lat='3' lon='4'/>">]>
            <gpx><wpt lat="1" lon="2"><name>A &x;&file;&web; B</name></wpt>&point;</gpx>
            """.utf8), source: "walk.gpx")
        XCTAssertEqual(declared.waypoints.map(\.name), ["A  B"])
        XCTAssertEqual(declared.waypoints.map(\.coordinate), [Coordinate(latitude: 1, longitude: 2)])
        let externalDTD = "<!DOCTYPE gpx SYSTEM \"file:///proc/self/status\">\n<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>"
        XCTAssertNil(error(externalDTD), "the external DTD is not loaded, so its lines are not read as markup")
    }

    /// Characters come out as the file means them: predefined entities, character references and
    /// CDATA, with the whitespace between them.
    func testReferencesAndCDATAAreReadAsCharacters() throws {
        let route = try GPXParser.parse(data: Data("""
            <gpx><wpt lat="1" lon="2"><name>A &amp; &lt;&#x41;&#66;<!-- c --> <![CDATA[c<d]]>&gt;</name></wpt></gpx>
            """.utf8), source: "walk.gpx")
        XCTAssertEqual(route.waypoints.first?.name, "A & <AB c<d>")
    }

    /// A document nested ten thousand deep is refused at our limit, in words, without exhausting a
    /// stack; libxml2's own limit (256) would say only "XML error 1".
    func testADocumentNestedTenThousandDeepIsRefusedInWords() {
        for depth in [10_000, 200_000] {
            let text = "<gpx>\n" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</gpx>"
            let refused = error(text)
            XCTAssertEqual(refused?.reason, .nestedTooDeep(limit: GPXDocumentReader.depthLimit), "\(depth)")
            XCTAssertEqual(refused?.line, 2)
            XCTAssertEqual(refused?.column, 3 * GPXDocumentReader.depthLimit + 1, "just after the 100th <a>")
            XCTAssertTrue(refused?.description.hasPrefix("walk.gpx:2:301: elements are nested 100 deep or more, which no GPX file needs")
                          ?? false, refused?.description ?? "")
        }
        XCTAssertNil(error("<gpx>" + String(repeating: "<a>", count: 99) + String(repeating: "</a>", count: 99)
                           + "<wpt lat=\"1\" lon=\"2\"/></gpx>"), "99 deep is read")
    }

    /// libxml2 parses ahead of the element handed out; the problem reported is still the first in
    /// the file, with the column where the element's start tag ends.
    func testTheFirstProblemInTheFileIsReportedWhereItIs() {
        let pointFirst = error("<gpx>\n<wpt lat=\"x\" lon=\"2\"/>\n<wpt lat=\"1\" lon=\"2\"><name>A & B</name></wpt></gpx>")
        XCTAssertEqual(pointFirst?.reason, .nonNumericCoordinate(element: "wpt", attribute: "lat", value: "x"))
        XCTAssertEqual(pointFirst?.line, 2)
        XCTAssertEqual(pointFirst?.column, 23, "just after the start tag's />")
        let xmlFirst = error("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>A & B</name></wpt>\n<wpt lat=\"x\" lon=\"2\"/></gpx>")
        XCTAssertEqual(xmlFirst?.reason, .notXML(detail: "a '<' not followed by an element name, XML error 68"))
        XCTAssertEqual(xmlFirst?.line, 2)
        XCTAssertEqual(xmlFirst?.column, 31)
        // Far into a file, beyond the first piece libxml2 is fed.
        let filler = String(repeating: "<wpt lat=\"1\" lon=\"2\"><name>filler</name></wpt>\n", count: 3_000)
        let deep = error("<gpx>\n" + filler + "<wpt lat=\"1\" lon=\"200\"/>\n" + filler + "</gpx>")
        XCTAssertEqual(deep?.reason, .coordinateOutOfRange(element: "wpt", attribute: "lon", value: 200))
        XCTAssertEqual(deep?.line, 3_002)
    }
}
