import Synchronization

/// How far an actor's run loop has got with what was sent to it: events sent, and events handled to
/// the end. The watchdog reads it (`HealthMonitor`): an actor with work waiting, or a handler running,
/// that finished nothing between two checks is stuck. It costs two atomic additions per event, and no
/// wake-up: the actor is never asked to prove it is alive.
package final class MailboxProgress: Sendable {
    private let sent = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)

    package init() {}

    func didSend() { sent.add(1, ordering: .relaxed) }
    func didFinish() { finished.add(1, ordering: .relaxed) }

    /// Events handled to the end, and whether any sent one is not (waiting, or being handled).
    package var snapshot: (finished: Int, busy: Bool) {
        // `finished` first: an event finished after it was read was sent before `sent` is read, so
        // busy is never reported for an idle mailbox.
        let done = finished.load(ordering: .acquiring)
        return (done, sent.load(ordering: .acquiring) > done)
    }
}
