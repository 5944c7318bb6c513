/// One device's protocol over one GATT link, as a pure state machine: the belt's handshake and
/// keep-alive, the touch case's enable sequence and touch decoding, the pen's set-up flow.
///
/// A `GATTDeviceDriver` runs it: it discovers `services` when a link comes up, performs the returned
/// operations one at a time (ATT allows one outstanding request, Core 5.3 Vol 3 Part F §3.3.2), feeds
/// back their results and every notification, and calls `timerFired` once `deadline` is reached.
/// The session never sees sockets, clocks or tasks; `now` is session time.
package protocol GATTDeviceSession: Sendable {
    /// What the session tells its owner (touches, belt events, pen values…).
    associatedtype Event: Sendable

    /// The primary services to discover on every new link.
    var services: [BLEUUID] { get }

    /// A link is up and discovery found these services (service → its characteristics; a service the
    /// peripheral lacks is absent).
    mutating func linkUp(discovered: [BLEUUID: [BLEUUID]], now: Duration) -> [GATTSessionOutput<Event>]

    /// The operation `perform`ed earliest and not yet reported succeeded; a read returns `value`.
    mutating func completed(_ operation: GATTOperation, value: [UInt8], now: Duration) -> [GATTSessionOutput<Event>]

    /// That operation failed (an ATT error, the link going down, the driver's request timeout).
    mutating func failed(_ operation: GATTOperation, error: GATTError, now: Duration) -> [GATTSessionOutput<Event>]

    /// A notification.
    mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<Event>]

    /// The link ended; `expected` when this side closed it. Operations still queued are dropped.
    mutating func linkDown(expected: Bool, now: Duration) -> [GATTSessionOutput<Event>]

    /// When the session next needs `timerFired` (a handshake step's timeout, a silent touch's end, the
    /// pen's battery fallback); nil while nothing is pending, so an idle link arms no timer.
    var deadline: Duration? { get }

    /// `deadline` was reached.
    mutating func timerFired(now: Duration) -> [GATTSessionOutput<Event>]
}

/// What a `GATTDeviceSession` asks of the driver running it.
package enum GATTSessionOutput<Event: Sendable>: Sendable {
    /// Perform this operation after everything already queued; report it with `completed`/`failed`.
    case perform(GATTOperation)
    /// Perform this operation before everything already queued (the belt's keep-alive answer, which
    /// FSLib-iOS's FSCommandManager.swift sends ahead of pending commands).
    case performFirst(GATTOperation)
    /// Tell the owner.
    case event(Event)
    /// This link cannot be used (the wrong device, a failed handshake, a broken enable sequence): the
    /// driver closes it, and connects again as its policy says.
    case close(String)
}

extension GATTSessionOutput {
    /// A session's own outputs as the driver's, for a session whose events are its outputs: `operation`
    /// picks those that ask for an operation, `failure` those that end the link. Every other output,
    /// a failure included, goes to the owner; the `close` comes after the whole batch, so the session's
    /// own account of the failure reaches the owner first.
    package static func carrying(_ outputs: [Event], operation: (Event) -> GATTSessionOutput<Event>?,
                                failure: (Event) -> String?) -> [GATTSessionOutput<Event>] {
        var out: [GATTSessionOutput<Event>] = []
        var reason: String?
        for output in outputs {
            if let asked = operation(output) {
                out.append(asked)
                continue
            }
            if let why = failure(output) { reason = reason ?? why }
            out.append(.event(output))
        }
        if let reason { out.append(.close(reason)) }
        return out
    }
}

extension GATTSessionOutput: Equatable where Event: Equatable {}
extension GATTSessionOutput: Hashable where Event: Hashable {}
