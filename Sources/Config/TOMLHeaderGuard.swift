/// Finds the table headers that the bundled TOML parser cannot be shown.
///
/// TOMLKit bundles toml++ 3.4.0 and compiles it without `NDEBUG`. Its `parse_table_header` skips `[`
/// (or `[[`) and the whitespace after it, refuses a `]`, and then calls `parse_key`, whose first line
/// asserts that the character is a bare-key character or a quote (toml.hpp, `parse_key`:
/// `TOML_ASSERT_ASSUME(is_bare_key_character(*cp) || is_string_delimiter(*cp))`). So `[=]`, `[[[1]]]`,
/// `[.a]` or `[ #]` at the start of a line abort the whole process instead of raising a parse error.
/// The fix is upstream (marzer/tomlplusplus pull request 301, after 3.4.0). Until TOMLKit ships it,
/// the text is scanned first and such a header is refused here, with its line and column; every
/// other document goes to toml++ unchanged. docs/configuration.md explains the choice.
///
/// The same build has a second such assertion, in arrays: `parse_array` skips spaces, line breaks and
/// comments, handles `,` and `]`, and hands anything else to `parse_value`, which asserts that it is
/// not a value terminator (toml.hpp: `TOML_ASSERT_ASSUME(!is_value_terminator(*cp))`). A `}` there
/// (`[1, }`) or a Unicode line separator (U+0085, U+2028, U+2029, which TOML does not count as line
/// breaks) aborts the process. Both are errors wherever they stand in an array, so the scan refuses
/// them inside any array.
///
/// The scan follows the document's structure only as far as it decides where a header can be: a
/// header starts a line at the top level, never inside a string, a comment or a value that spans
/// lines (a multi-line array or string). toml++ stops at the first error, so a header it reaches
/// always follows a valid prefix, which this scan models exactly; on an invalid prefix it may look
/// at a line toml++ never reaches, and refusing that document is still right.
enum TOMLHeaderGuard {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static func firstUnsafeHeader(in text: String) -> Problem? {
        var scalars = Array(text.unicodeScalars)
        // toml++ skips a UTF-8 byte order mark before the first statement.
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        var line = 1
        var lineStart = 0
        /// The open `[` (arrays) and `{` (inline tables) of the values around the current character.
        var open: [Unicode.Scalar] = []
        var atStatementStart = true

        func at(_ i: Int) -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }
        func isSpace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" }
        func newline(at i: Int) {
            line += 1
            lineStart = i + 1
        }
        /// Skips a string that opens at `index` with `quote`; leaves `index` after its end (or at
        /// the end of the line for an unterminated single-line string, which toml++ refuses).
        func skipString(_ quote: Unicode.Scalar) {
            let escapes = quote == "\""
            if at(index + 1) == quote, at(index + 2) == quote {
                index += 3
                while index < scalars.count {
                    let c = scalars[index]
                    if escapes, c == "\\" {
                        if at(index + 1) == "\n" { newline(at: index + 1) }
                        index += 2
                        continue
                    }
                    if c == "\n" { newline(at: index) }
                    if c == quote, at(index + 1) == quote, at(index + 2) == quote {
                        // Up to two quotes before the closing three belong to the string.
                        var run = 3
                        while run < 5, at(index + run) == quote { run += 1 }
                        index += run
                        return
                    }
                    index += 1
                }
                return
            }
            index += 1
            while index < scalars.count {
                let c = scalars[index]
                if c == "\n" { return }
                if escapes, c == "\\" { index += 2; continue }
                index += 1
                if c == quote { return }
            }
        }

        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case "\n":
                newline(at: index)
                if open.isEmpty { atStatementStart = true }
                index += 1
            case " ", "\t", "\r":
                index += 1
            case "#":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "\"", "'":
                atStatementStart = false
                skipString(c)
            case "[" where open.isEmpty && atStatementStart:
                var next = index + 1
                while isSpace(at(next)) { next += 1 }
                let opener = at(next) == "[" ? "[[" : "["
                if opener == "[[" {
                    next += 1
                    while isSpace(at(next)) { next += 1 }
                }
                if let first = at(next), !isKeyStart(first) {
                    let shown = first == "\n" || first == "\r" ? "the end of the line" : "'\(first)'"
                    return Problem(line: line, column: next - lineStart + 1,
                                   message: "a table header needs a name after '\(opener)' ([name], [[name]] or [\"quoted name\"]), saw \(shown)")
                }
                // The header's own brackets are not a value's: the closing ones must not count.
                atStatementStart = false
                index = next
            case "}" where open.last == "[":
                return Problem(line: line, column: index - lineStart + 1,
                               message: "an array cannot hold '}': close the array with ']' (an inline table opens with '{')")
            case "\u{85}" where open.last == "[", "\u{2028}" where open.last == "[", "\u{2029}" where open.last == "[":
                let code = String(c.value, radix: 16, uppercase: true)
                return Problem(line: line, column: index - lineStart + 1,
                               message: "U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) in an array is not a line break in TOML: use a plain new line")
            case "[", "{":
                open.append(c)
                atStatementStart = false
                index += 1
            case "]", "}":
                if !open.isEmpty { open.removeLast() }
                atStatementStart = false
                index += 1
            default:
                atStatementStart = false
                index += 1
            }
        }
        return nil
    }

    /// A bare key's characters (A–Z a–z 0–9 _ -, TOML 1.0 "Keys"), a quote, or the `]` that toml++
    /// itself reports as an empty header.
    static func isKeyStart(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'", "]": true
        default: false
        }
    }
}
