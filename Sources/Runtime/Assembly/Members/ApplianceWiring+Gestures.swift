import Pencil
import Config

extension ApplianceWiring {
    /// The gesture pipeline between the touch case and the pencil and navigation: the case's touches
    /// and the pen's outputs in, the bound commands out, and the case's touches on to the pencil's
    /// pairing spot (`penTouches`).
    func gestures(touches: AsyncStream<TouchEvent>?, pen: AsyncStream<PencilActor.Output>?,
                  penTouches: AsyncStream<TouchInput>.Continuation?,
                  commands: AsyncStream<CommandEnvelope>.Continuation) -> (actor: GestureActor, member: ApplianceMember) {
        let gestures = GestureActor(map: config.gestures, sensedSides: config.touchCaseSettings.sides,
                                    touches: touches ?? ApplianceInputs.absent(), pen: pen, penTouches: penTouches,
                                    commands: commands, clock: clock, logger: makeLogger(GestureActor.name), health: health)
        let member = ApplianceMember(
            name: GestureActor.name,
            injectFault: { gestures.mailbox.inject(InjectedFailure(actor: GestureActor.name)) },
            service: supervised(GestureActor.name) { try await gestures.run() })
        return (gestures, member)
    }
}
