/// A failure injected on purpose, to exercise supervision: the simulation script's `fail_actor` event
/// and the supervision tests deliver it through `Mailbox.inject(_:)`, and the actor's run loop throws
/// it as a handler's own error would be thrown. No actor has an event of its own for it.
package struct InjectedFailure: Error, CustomStringConvertible {
    package let actor: String

    package init(actor: String) {
        self.actor = actor
    }

    package var description: String { "injected failure (simulation script)" }
}
