/// A trace file (`wayfinder record --simulated --trace FILE`) that cannot be played, and why.
public struct TraceFileError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
