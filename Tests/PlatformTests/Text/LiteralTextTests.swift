import Foundation
import Platform
import XCTest

/// Finding and replacing byte for byte: what Foundation's `range(of:)` and
/// `replacingOccurrences(of:with:)` gave without options, checked against Foundation itself; an `&`
/// before a combining accent, which both Foundation and the standard library's character-wise
/// `replacing` pass over, is found.
final class LiteralTextTests: XCTestCase {
    static let cases: [(text: String, target: String, replacement: String)] = [
        ("a & b < c > d", "&", "&amp;"),
        ("&&&", "&", "&amp;"),
        ("say \"hi\" \\ there", "\"", "\\\""),
        ("uploading to <unit id>/walks", "<unit id>", "3f2a"),
        ("no match here", "xyz", "!"),
        ("", "a", "b"),
        ("aaaa", "aa", "b"),
        ("2026-11-22T07:26:19.123Z", "-", ""),
        ("Osnabrück – Altstadt", "ü", "ue"),
    ]

    func testReplacingIsFoundationsReplacingOccurrences() {
        for c in Self.cases {
            XCTAssertEqual(c.text.literallyReplacing(c.target, with: c.replacement),
                           c.text.replacingOccurrences(of: c.target, with: c.replacement), "\(c)")
        }
        // Foundation's search without options respects composed character sequences, so it skipped an
        // `&` that a combining accent follows and left a bare `&` in the XML it escaped.
        XCTAssertEqual("a&\u{301}b".literallyReplacing("&", with: "&amp;"), "a&amp;\u{301}b")
        XCTAssertEqual("a&\u{301}b".replacingOccurrences(of: "&", with: "&amp;"), "a&\u{301}b")
        XCTAssertEqual("aaaa".literallyReplacing("aa", with: "b"), "bb")
        XCTAssertEqual("abc".literallyReplacing("", with: "x"), "abc")
    }

    func testTheRangeIsFoundationsRangeOf() {
        let texts = ["Routino version 3.4.1", "Error: Cannot find node close to specified point 2.", "ab", "",
                     "x Routino version Routino version 9"]
        for text in texts {
            for target in ["Routino version ", "Cannot find node close to specified point ", "b", "zz"] {
                let ours = text.literalRange(of: target).map { text[$0] }
                let foundations = text.range(of: target).map { text[$0] }
                XCTAssertEqual(ours, foundations, "\(target) in \(text)")
            }
        }
        let line = "Routino version 3.4.1"
        XCTAssertEqual(line.literalRange(of: "version ").map { String(line[$0.upperBound...]) }, "3.4.1")
        XCTAssertNil(line.literalRange(of: ""))
        let clause = line.dropFirst(8)
        XCTAssertEqual(clause.literalRange(of: " ").map { String(clause[..<$0.lowerBound]) }, "version")
    }
}
