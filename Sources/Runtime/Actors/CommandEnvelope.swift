import Navigation

/// A command on its way to the navigation actor, with where it came from (for the log).
public struct CommandEnvelope: Sendable, Hashable {
    public var command: NavigationCommand
    public var source: CommandSource

    public init(_ command: NavigationCommand, from source: CommandSource) {
        self.command = command
        self.source = source
    }
}
