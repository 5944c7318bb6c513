/// Finds the line on which a key path is written, because the TOML library reports positions only
/// for syntax errors. Understands `[table]`, `[[array.of.tables]]`, `key = value` and dotted keys —
/// enough to point a person at the right line; an unlocatable key is still reported, just without a line.
struct KeyLocator {
    private var lines: [String: (line: Int, column: Int)] = [:]

    init(text: String) {
        var prefix: [String] = []
        var arrayCounts: [String: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let trimmed = rawLine.drop { $0 == " " || $0 == "\t" }
            let column = rawLine.count - trimmed.count + 1
            if trimmed.hasPrefix("[[") {
                let name = Self.parseKey(trimmed.dropFirst(2).prefix { $0 != "]" })
                // `[[""]]` is valid TOML and names no part we can index.
                guard !name.isEmpty else { prefix = []; continue }
                let joined = name.joined(separator: ".")
                let index = arrayCounts[joined, default: 0]
                arrayCounts[joined] = index + 1
                prefix = name
                prefix[prefix.count - 1] += "[\(index)]"
                record(prefix, lineNumber, column)
            } else if trimmed.hasPrefix("[") {
                prefix = Self.parseKey(trimmed.dropFirst().prefix { $0 != "]" })
                record(prefix, lineNumber, column)
            } else if let eq = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#") {
                let key = Self.parseKey(trimmed[..<eq])
                guard !key.isEmpty else { continue }
                record(prefix + key, lineNumber, column)
            }
        }
    }

    func position(of keyPath: String) -> (line: Int, column: Int)? {
        var path = keyPath
        while !path.isEmpty {
            if let found = lines[path] { return found }
            if path.hasSuffix("]"), let bracket = path.lastIndex(of: "[") {
                // An element of an array value (`name_contains[1]`): the array's key line.
                path = String(path[..<bracket])
                continue
            }
            // Fall back to the enclosing table's header.
            guard let dot = path.lastIndex(of: ".") else { break }
            path = String(path[..<dot])
        }
        return nil
    }

    private mutating func record(_ path: [String], _ line: Int, _ column: Int) {
        let key = path.joined(separator: ".")
        if lines[key] == nil { lines[key] = (line, column) }
    }

    /// Splits `a."b.c".d` into its parts, honouring quotes.
    private static func parseKey(_ text: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for ch in text {
            if let q = quote {
                if ch == q { quote = nil } else { current.append(ch) }
            } else if ch == "\"" || ch == "'" {
                quote = ch
            } else if ch == "." {
                parts.append(current.trimmingSpaces()); current = ""
            } else {
                current.append(ch)
            }
        }
        let last = current.trimmingSpaces()
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts.filter { !$0.isEmpty }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}

extension ConfigIssue {
    /// An issue about `keyPath` found by a check beyond the text (the state directory on disk), at
    /// the key's line in `file` (whose `text` is given, when it could be read) when the file names it
    /// there, else at the file.
    package static func located(file: String, text: String?, keyPath: String, message: String) -> ConfigIssue {
        let position = text.flatMap { KeyLocator(text: $0).position(of: keyPath) }
        return ConfigIssue(file: file, line: position?.line, column: position?.column, keyPath: keyPath, message: message)
    }
}
