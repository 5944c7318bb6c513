import Config
import XCTest

/// "Did you mean …?": a close misspelling, or the start of exactly one name.
final class SuggestionTests: XCTestCase {
    func testTheStartOfOneNameSuggestsThatName() {
        let sources = ["sim", "none", "auto", "qmc5883l", "hmc5883l", "lis3mdl", "bno055"]
        XCTAssertEqual(Suggestion.closest(to: "qmc", in: sources), "qmc5883l")
        XCTAssertEqual(Suggestion.closest(to: "BNO", in: sources), "bno055")
        XCTAssertEqual(Suggestion.hint(for: "lis3", in: sources), "; did you mean \"lis3mdl\"?")
    }

    func testAStartSharedByTwoNamesOrOfOneLetterSuggestsNothing() {
        XCTAssertNil(Suggestion.closest(to: "keep", in: ["keep_walks", "keep_days", "enabled"]))
        XCTAssertNil(Suggestion.closest(to: "q", in: ["qmc5883l", "hmc5883l"]))
    }

    func testACloseMisspellingIsPreferredToAStart() {
        XCTAssertEqual(Suggestion.closest(to: "auot", in: ["auto", "automatic"]), "auto")
    }
}
