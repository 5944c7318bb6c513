/// Why a command-line JSON object is not a command (`FSLibCommandNames.command(from:)`).
package struct FSLibCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
