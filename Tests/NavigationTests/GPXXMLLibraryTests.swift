import Foundation
@testable import Navigation
import XCTest

/// GPX that crashed the whole process inside the XML library (libxml2 2.9.14), found by the gpx fuzz
/// target: another encoding than UTF-8, ASCII or ISO-8859-1 is refused before the parser sees it, and
/// a processing instruction without data is read like one with empty data.
final class GPXXMLLibraryTests: XCTestCase {
    func document(encoding: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<gpx version=\"1.1\" creator=\"t\"><wpt lat=\"1\" lon=\"2\"/></gpx>\n".utf8)
    }

    func reason(_ data: Data) -> GPXError.Reason? {
        do { _ = try GPXParser.parse(data: data, source: "walk.gpx"); return nil } catch { return error.reason }
    }

    func testAnotherDeclaredEncodingIsRefusedBeforeTheParserSeesIt() {
        for encoding in ["EBCDIC-US", "UTF-7", "UTF-16", "ucs-4", "Shift_JIS"] {
            XCTAssertEqual(reason(document(encoding: encoding)), .unsupportedEncoding(encoding), encoding)
        }
        do {
            _ = try GPXParser.parse(data: document(encoding: "EBCDIC-US"), source: "walk.gpx")
        } catch {
            XCTAssertEqual(error.line, 1)
            XCTAssertTrue(error.description.contains("is encoded as EBCDIC-US, not UTF-8"), error.description)
            XCTAssertTrue(error.description.contains("iconv -f ENCODING -t UTF-8"), error.description)
        }
    }

    /// libxml2 switches encoding while it reads the declaration, so one that never closes counts too
    /// (found by the gpx fuzz target: `encoding="UTF-7"?[` crashed in xmlSwitchToEncoding).
    func testAnUnterminatedOrOddlyWrittenDeclarationIsReadForItsEncoding() {
        let unterminated = Data("<?xml version=\"1.0\" encoding=\"UTF-7\"?[\n<gpx version=\"1.1\" creator=\"t\"/>".utf8)
        XCTAssertEqual(reason(unterminated), .unsupportedEncoding("UTF-7"))
        XCTAssertEqual(reason(Data("<?XML version='1.0' ENCODING = ebcdic-us ?><gpx/>".utf8)), .unsupportedEncoding("ebcdic-us"))
        XCTAssertEqual(reason(Data("<?xml version='1.0' encoding=?><gpx/>".utf8)),
                       .unsupportedEncoding("an unreadable encoding declaration"))
    }

    func testBytesThatAreNotASCIICompatibleAreRefused() {
        XCTAssertEqual(reason(Data([0xFF, 0xFE, 0x3C, 0x00])), .unsupportedEncoding("UTF-16 (byte order mark)"))
        XCTAssertEqual(reason(Data([0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00])), .unsupportedEncoding("UTF-16 or UCS-4"))
        XCTAssertEqual(reason(Data([0x00, 0x00, 0x00, 0x3C])), .unsupportedEncoding("UTF-16 or UCS-4"))
    }

    func testUTF8ASCIIAndLatin1AreRead() throws {
        for encoding in ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1"] {
            XCTAssertEqual(try GPXParser.parse(data: document(encoding: encoding), source: "walk.gpx").waypoints.count, 1, encoding)
        }
        let latin1 = "<?xml version='1.0' encoding='ISO-8859-1'?><gpx version=\"1.1\" creator=\"t\"><rte><name>M\u{FC}hle</name><rtept lat=\"1\" lon=\"2\"/></rte></gpx>"
        XCTAssertEqual(try GPXParser.parse(data: latin1.data(using: .isoLatin1) ?? Data(), source: "walk.gpx").name, "Mühle")
        var bom = Data([0xEF, 0xBB, 0xBF])
        bom.append(document(encoding: "UTF-8"))
        XCTAssertEqual(try GPXParser.parse(data: bom, source: "walk.gpx").waypoints.count, 1, "a UTF-8 byte order mark")
        XCTAssertEqual(reason(Data("  \n<gpx version=\"1.1\" creator=\"t\"><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8)), nil)
    }

    func testAProcessingInstructionWithoutDataIsReadNotFatal() throws {
        let text = "<?xm?>\n<gpx version=\"1.1\" creator=\"t\"><?a?><?b data?><wpt lat=\"1\" lon=\"2\"/><?c?></gpx>\n"
        XCTAssertEqual(try GPXParser.parse(data: Data(text.utf8), source: "walk.gpx").waypoints.count, 1)
    }
}
