/// One thing wrong with a credentials file, at its line when it has one.
package struct CredentialsIssue: Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var message: String

    package init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, as the configuration's issues are written.
    package var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
