/// One thing wrong with a configuration file, located as precisely as we can.
package struct ConfigIssue: Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var column: Int?
    /// Dotted key path, e.g. `navigation.arrival_radius_m` or `simulation.events[2].at`; empty for syntax errors.
    package var keyPath: String
    package var message: String

    package init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: key.path: message`, the shape editors and compilers use.
    package var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return keyPath.isEmpty ? "\(location): \(message)" : "\(location): \(keyPath): \(message)"
    }
}

/// Every issue found in one pass, so `wayfinder config check` can report them all at once.
package struct ConfigError: Error, Sendable, CustomStringConvertible {
    package var issues: [ConfigIssue]

    /// Issues are kept in file order (then line order), so the report reads top to bottom.
    package init(issues: [ConfigIssue]) {
        self.issues = issues.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.file != y.file { return a.offset < b.offset }
            return (x.line ?? .max, a.offset) < (y.line ?? .max, b.offset)
        }.map(\.element)
    }

    package var description: String {
        let noun = issues.count == 1 ? "error" : "errors"
        return (["configuration has \(issues.count) \(noun):"] + issues.map { "  \($0)" }).joined(separator: "\n")
    }
}
