/// Why a command-line JSON object is not a command (`FSLibCommandNames.command(from:)`).
public struct FSLibCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
