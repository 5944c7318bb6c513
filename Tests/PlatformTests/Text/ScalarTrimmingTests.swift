import Vocabulary
import XCTest

/// `trimmingScalars(where:)` takes the ends a Unicode scalar at a time, as Foundation's
/// `trimmingCharacters(in:)` did for the GPX reader and `record`'s side names.
final class ScalarTrimmingTests: XCTestCase {
    func testOnlyTheAcceptedScalarsAtEitherEndGo() {
        let whitespace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        XCTAssertEqual(" \t\n 52.5\u{2003}\r\n".trimmingScalars(where: whitespace), "52.5")
        XCTAssertEqual("a b".trimmingScalars(where: whitespace), "a b", "inner blanks stay")
        XCTAssertEqual(" \n\t ".trimmingScalars(where: whitespace), "", "all blank is empty")
        XCTAssertEqual("".trimmingScalars(where: whitespace), "")
        XCTAssertEqual("\u{00A0}x\u{00A0}".trimmingScalars(where: { $0 == " " }), "\u{00A0}x\u{00A0}", "only what the rule accepts")
    }

    func testACombiningMarkAfterATrimmedSpaceStays() {
        // " \u{301}x": a Character-wise trim keeps the space (it is one grapheme with the accent);
        // Foundation trimmed the space scalar and kept the accent, and so does this.
        XCTAssertEqual(" \u{301}x".trimmingScalars(where: { $0.properties.isWhitespace }).unicodeScalars.map(\.value), [0x301, 0x78])
    }
}
