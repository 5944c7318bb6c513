/// Every problem found in a credentials file (or the one reason it could not be read).
package struct CredentialsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    package var issues: [CredentialsIssue]

    package init(_ issues: [CredentialsIssue]) { self.issues = issues }

    package var description: String { issues.map(\.description).joined(separator: "\n") }
}
