import Config

extension ApplianceWiring {
    /// The GPIO buttons: presses on the bound lines become commands, and the pair control's line a
    /// level for the pencil (`pairControl`).
    func buttons(commands: AsyncStream<CommandEnvelope>.Continuation,
                 pairControl: AsyncStream<Bool>.Continuation?) -> (actor: ButtonActor, member: ApplianceMember) {
        let buttons = ButtonActor(configuration: config.buttons, edges: inputs.buttonEdges, commands: commands,
                                  pairControl: pairControl, clock: clock, logger: makeLogger(ButtonActor.name), health: health)
        let member = ApplianceMember(
            name: ButtonActor.name,
            injectFault: { buttons.mailbox.inject(InjectedFailure(actor: ButtonActor.name)) },
            service: supervised(ButtonActor.name) { try await buttons.run() })
        return (buttons, member)
    }
}
