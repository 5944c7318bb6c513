@testable import Config
import Platform
import WayfinderTestKit
import XCTest

/// The bundled toml++ 3.4.0 aborts the process on a table header whose name starts with a character
/// that is neither a bare-key character nor a quote (`[=]`, `[[[1]]]`). The guard must refuse every
/// such header, with its place, before toml++ sees it, and must let every valid document through.
/// A header the guard misses kills this test process, which fails the run.
final class TOMLHeaderGuardTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())

    /// Every opener toml++ accepts before it reads the name, with every character that cannot start one.
    static var malformedHeaders: [(text: String, column: Int)] {
        let openers = ["[", "[[", "[ ", "[[ ", "[\t", "[[\t", "[  ", "[[\t "]
        var starts: [String] = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.filter { c in
            !(c.first.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false) && !["_", "-", "\"", "'", "]"].contains(c)
        }
        starts += ["é", "\u{00A0}", "\u{FEFF}", "\u{2028}", "🧭", "\u{7F}", "\u{01}", "\u{0B}", "\u{0C}"]
        var shapes: [(String, Int)] = []
        for opener in openers {
            // "[" after a single "[" makes a valid "[[name]]" (or toml++'s own error for "[ [").
            for start in starts where start != "[" || opener.hasPrefix("[[") {
                shapes.append((opener + start + "a]]\n", opener.unicodeScalars.count + 1))
            }
        }
        // The shapes of marzer/tomlplusplus pull request 301.
        shapes += [("[[[1]]]", 3), ("[[[a]]]", 3), ("[[[]]", 3), ("[[=", 3)]
        return shapes
    }

    func testEveryHeaderThatWouldTripTheAssertionIsRefusedWithItsPlace() {
        for (text, column) in Self.malformedHeaders {
            let problem = TOMLHeaderGuard.firstUnsafeHeader(in: text)
            XCTAssertEqual(problem?.line, 1, "\(text.debugDescription)")
            XCTAssertEqual(problem?.column, column, "\(text.debugDescription)")
        }
    }

    func testTheLoaderReportsTheRefusedHeaderAsASyntaxErrorWithLineAndColumn() {
        let text = "board = \"sim\"\n# a comment with [=] in it\nnote = \"\"\"\n[=]\n\"\"\"\n\n  [[=]]\n"
        XCTAssertThrowsError(try loader.load(text: text, path: "/etc/wayfinder/wayfinder.toml")) { error in
            guard let issue = (error as? ConfigError)?.issues.first else { return XCTFail("\(error)") }
            XCTAssertEqual(issue.line, 7)
            XCTAssertEqual(issue.column, 5)
            XCTAssertTrue(issue.message.hasPrefix("TOML syntax error: a table header needs a name after '[['"), issue.message)
            XCTAssertTrue(issue.message.hasSuffix("saw '='"), issue.message)
        }
    }

    func testABoardFileWithSuchAHeaderIsRefusedNotFatal() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("header-guard-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "name = \"x\"\n[[[gpio]]]\n".write(toFile: directory + "/broken.toml", atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: [directory]), files: DiskFiles())
        XCTAssertThrowsError(try loader.load(text: "board = \"broken\"\n", path: "wayfinder.toml")) { error in
            let issues = (error as? ConfigError)?.issues ?? []
            XCTAssertTrue(issues.contains { $0.file.hasSuffix("broken.toml") && $0.line == 2 && $0.column == 3 }, "\(issues)")
        }
    }

    /// toml++ 3.4.0's `parse_array` hands a `}` or a Unicode line separator to `parse_value`, whose
    /// assertion aborts the process; the guard refuses them in any array, with their place.
    func testAnArrayHoldingABraceOrALineSeparatorIsRefusedWithItsPlace() {
        let cases: [(text: String, line: Int, column: Int)] = [
            ("a = [}]\n", 1, 6),
            ("a = [1, }\n", 1, 9),
            ("swipe = { command = \"next\", sides = [\"right\", }\n", 1, 47),
            ("a = [\n  # a comment\n  }\n", 3, 3),
            ("a = [\u{2028}1]\n", 1, 6),
            ("a = [1,\n  \u{85}]\n", 2, 3),
            ("a = [[1], [\u{2029}]]\n", 1, 12),
        ]
        for (text, line, column) in cases {
            let problem = TOMLHeaderGuard.firstUnsafeHeader(in: text)
            XCTAssertEqual(problem?.line, line, text.debugDescription)
            XCTAssertEqual(problem?.column, column, text.debugDescription)
            // Missed, the document would abort this process inside toml++.
            XCTAssertThrowsError(try loader.load(text: "board = \"sim\"\n" + text, path: "wayfinder.toml"), text.debugDescription)
        }
        let valid = [
            "a = [{ b = 1 }, { c = [2] }]\n",
            "s = [\"}\", '\u{2028}', \"\"\"\n}\"\"\"]\n",
            "a = [ # } in a comment\n  1 ]\n",
            "t = { a = [1], b = { c = [] } }\n",
            // Outside an array toml++ reports these itself.
            "a = 1\u{2028}\n",
            "a = 1\u{85}\n",
        ]
        for text in valid {
            XCTAssertNil(TOMLHeaderGuard.firstUnsafeHeader(in: text), text.debugDescription)
        }
        for text in ["a = 1\u{2028}\n", "a = 1\u{85}\n"] {
            XCTAssertThrowsError(try loader.load(text: "board = \"sim\"\n" + text, path: "wayfinder.toml"), text.debugDescription) { error in
                let message = (error as? ConfigError)?.issues.first?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("TOML syntax error"), message)
            }
        }
    }

    /// Lines that start with `[` inside a value, a string or a comment are not headers, and valid
    /// headers of every form pass.
    func testValidDocumentsThatLookLikeHeadersPass() {
        let valid = [
            "points = [\n  [{ x = 1 }],\n  [+1, -1],\n  [ # a comment\n    .5e1 ],\n]\n",
            "text = \"\"\"\n[=]\n[[[1]]]\n\"\"\"\n",
            "text = '''\n[=]\n'''\nother = \"\"\"a\"\"\"\"\"\n[ok]\n",
            "escaped = \"\\\"[=]\"\n\"quoted[=]\" = 1\n",
            "[a]\n[ b ]\n[[c]]\n[[ d ]]\n[\"e\"]\n['f']\n[g.h]\n[-i]\n[_j]\n[0]\n",
            "\u{FEFF}[bom]\n",
            "inline = { a = [1, [2]] }\n[next]\n",
            "a = \"\"\"\\\n[=]\"\"\"\n",
        ]
        for text in valid {
            XCTAssertNil(TOMLHeaderGuard.firstUnsafeHeader(in: text), text.debugDescription)
        }
    }

    func testTheColumnCountsCharactersAfterMultiLineValues() {
        let text = "a = [\n  1,\n]\nb = \"\"\"\nx\n\"\"\"\n[[ ~ ]]\n"
        XCTAssertEqual(TOMLHeaderGuard.firstUnsafeHeader(in: text), .init(line: 7, column: 4,
            message: "a table header needs a name after '[[' ([name], [[name]] or [\"quoted name\"]), saw '~'"))
    }
}
