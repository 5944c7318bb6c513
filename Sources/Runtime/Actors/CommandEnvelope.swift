import Navigation

/// A command on its way to the navigation actor, with where it came from (for the log).
public struct CommandEnvelope: Sendable, Hashable {
    public var command: NavigationCommand
    /// e.g. "button GPIO17" or "gesture swipe-right".
    public var source: String

    public init(_ command: NavigationCommand, from source: String) {
        self.command = command
        self.source = source
    }
}
