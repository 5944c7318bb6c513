/// The AWS shared-credentials file (`~/.aws/credentials`, the format of the AWS CLI and SDKs, "Configuration
/// and credential file settings" in the AWS CLI user guide): INI sections naming profiles, `name = value`
/// lines, `#` and `;` comment lines. Read as botocore reads it (Python's configparser, RawConfigParser):
/// key names are case-insensitive, values are taken as written after the whitespace around `=`, a
/// comment is a whole line. Pure: the text is handed in.
package enum SharedCredentialsParser {
    package static let accessKeyIDName = "aws_access_key_id"
    package static let secretAccessKeyName = "aws_secret_access_key"
    package static let sessionTokenName = "aws_session_token"
    static let known = [accessKeyIDName, secretAccessKeyName, sessionTokenName]

    /// The access key of `profile` in `text`, or every problem with the file, each at its line.
    package static func parse(_ text: String, file: String, profile: String = "default") throws(CredentialsFileError) -> AccessKey {
        var issues: [CredentialsIssue] = []
        func report(_ line: Int?, _ message: String) { issues.append(CredentialsIssue(file: file, line: line, message: message)) }

        var sections: Set<String> = []
        var current: String?
        /// The chosen profile's values and the line each came from.
        var values: [String: (value: String, line: Int)] = [:]
        var profileLine: Int?
        var seenInSection: Set<String> = []

        // "\r\n" is one Character in Swift, so a file written on Windows is split on it too.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if let firstCharacter = raw.first, firstCharacter == " " || firstCharacter == "\t" {
                report(number, "an indented line continues the previous value in this format; "
                    + "write each setting on one line, starting at the line's beginning")
                continue
            }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else {
                    report(number, "a profile's header is [name], e.g. [default]")
                    current = nil
                    continue
                }
                let name = trimmed(line.dropFirst().dropLast())
                if sections.contains(name) {
                    report(number, "profile [\(name)] appears twice; merge the two")
                }
                sections.insert(name)
                current = name
                seenInSection = []
                if name == profile { profileLine = number }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                report(number, "expected name = value (e.g. \(accessKeyIDName) = AKIA…), a [profile] or a # comment")
                continue
            }
            let name = trimmed(line[..<equals]).lowercased()
            let value = trimmed(line[line.index(after: equals)...])
            guard let section = current else {
                report(number, "\(name) is outside any profile; put [\(profile)] above it")
                continue
            }
            if seenInSection.contains(name) {
                report(number, "\(name) is set twice in [\(section)]; keep one")
                continue
            }
            seenInSection.insert(name)
            guard section == profile else { continue }
            values[name] = (value, number)
        }

        guard let profileLine else {
            let others = sections.sorted()
            report(nil, "has no [\(profile)] profile"
                + (others.isEmpty ? "; write [\(profile)] with \(accessKeyIDName) and \(secretAccessKeyName)"
                                  : " (it has \(others.map { "[\($0)]" }.joined(separator: ", ")))"))
            throw CredentialsFileError(issues)
        }
        let strays = values.keys.filter { !known.contains($0) }.sorted()
        var key = AccessKey(accessKeyID: "", secretAccessKey: "")
        for name in [accessKeyIDName, secretAccessKeyName] {
            guard let (value, line) = values[name] else {
                let hint = strays.first { Self.resembles($0, name) }.map { " (is \($0) at line \(values[$0]?.line ?? 0) a typo?)" } ?? ""
                report(profileLine, "[\(profile)] has no \(name)\(hint)")
                continue
            }
            if let problem = problem(with: value, isSecret: name == secretAccessKeyName) {
                report(line, "\(name): \(problem)")
                continue
            }
            if name == accessKeyIDName { key.accessKeyID = value } else { key.secretAccessKey = value }
        }
        if let (token, line) = values[sessionTokenName] {
            if let problem = problem(with: token, isSecret: true) { report(line, "\(sessionTokenName): \(problem)") }
            key.sessionToken = token
        }
        guard issues.isEmpty else { throw CredentialsFileError(issues) }
        return key
    }

    /// What is wrong with a value, told without repeating a secret.
    static func problem(with value: String, isSecret: Bool) -> String? {
        if value.isEmpty { return "is empty" }
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            return "is in quotes, which this format keeps as part of the value; remove them"
        }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "contains a control character"
        }
        if !isSecret, value.contains(" ") { return "contains a space" }
        return nil
    }

    /// A misspelling close enough to name: the same words give or take one underscore or letter.
    static func resembles(_ candidate: String, _ name: String) -> Bool {
        let a = Array(candidate), b = Array(name)
        guard abs(a.count - b.count) <= 4 else { return false }
        return b.starts(with: a.prefix(10)) || a.starts(with: b.prefix(10))
    }

    static func trimmed(_ s: Substring) -> String {
        var s = s
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}
