import Navigation

/// A command on its way to the navigation actor, with where it came from (for the log).
package struct CommandEnvelope: Sendable, Hashable {
    package var command: NavigationCommand
    package var source: CommandSource

    package init(_ command: NavigationCommand, from source: CommandSource) {
        self.command = command
        self.source = source
    }
}
