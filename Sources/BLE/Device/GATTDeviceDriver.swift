/// Runs one `GATTDeviceSession` over a succession of links, as a pure state machine: the one place
/// where device links are connected, queued, timed out and reconnected, for the belt, the touch case
/// and the Pencil alike.
///
/// - **Connecting.** Each attempt (connect, then discover the session's services) is bounded by
///   `Limits.attempt`. Under `.keepConnected` a failed attempt or a lost link is followed by another
///   after the policy's backoff; under `.whenAsked` only `connect` starts one.
/// - **Queueing.** The session's operations and the owner's (`submit`) run one at a time, in order,
///   because ATT allows one outstanding request (Core 5.3 Vol 3 Part F §3.3.2); `performFirst` jumps
///   the queue.
/// - **Timeouts.** Each request is bounded by `Limits.request`, here and nowhere else. A request that
///   times out fails and the link is closed: after an ATT transaction timeout no further request may
///   be sent on that bearer (Vol 3 Part F §3.3.3).
/// - **Generations.** Every attempt and link has a generation; results and notifications of an older
///   one are ignored, and a link that turns up for an abandoned attempt is closed.
/// - **Timers.** Two deadlines, read by the owner after each input: `sessionDeadline` (the session's
///   own, the backoff) and `linkDeadline` (the request and attempt bounds); nil when nothing is due, so
///   an idle link arms no timer.
///
/// The owner (an actor, or `EmbeddedGATTDevice` in tests) carries out the returned `Action`s and feeds
/// back what the transport did, tagged with the generation the action named.
package struct GATTDeviceDriver<Session: GATTDeviceSession>: Sendable {
    package enum Action: Sendable {
        /// Start a connection attempt; answer with `connected` or `connectFailed`.
        case connect(generation: Int)
        /// Discover these services on the new link; answer with `discovered` or `discoveryFailed`.
        case discover([BLEUUID], generation: Int)
        /// Perform this operation; answer with `completed` or `failed`.
        case perform(GATTOperation, generation: Int)
        /// Close that link, or abandon that attempt (and close the link it may still yield).
        case close(generation: Int)
        /// The session's event, for the owner.
        case event(Session.Event)
        /// The link of that generation changed, for the owner's logs and status.
        case link(GATTLinkChange, generation: Int)
        /// A `submit`ted operation ended.
        case finished(GATTRequestID, Result<[UInt8], GATTError>)
    }

    package struct Limits: Sendable, Hashable {
        /// One connection attempt, through discovery (FSLib-iOS's overall connection timer,
        /// FSConnectionManager.swift, is 20 s).
        package var attempt: Duration
        /// One request. ATT's own transaction timeout is 30 s (Vol 3 Part F §3.3.3); an actor waiting on
        /// its device must be back at its mailbox well within the watchdog's window, so less.
        package var request: Duration

        package init(attempt: Duration = .seconds(20), request: Duration = .seconds(5)) {
            self.attempt = attempt
            self.request = request
        }
    }

    private struct Request: Sendable {
        var operation: GATTOperation
        var id: GATTRequestID?
    }

    package private(set) var session: Session
    package private(set) var state: GATTLinkState = .idle
    /// The generation of the current attempt or link.
    package private(set) var generation = 0
    package let limits: Limits
    package let policy: GATTLinkPolicy

    private var backoff: RestartBackoff?
    /// Whether the owner wants a link: set by `start`/`connect`, cleared by `disconnect`/`stop`.
    private var wanted = false
    private var attempt = 0
    private var attemptDeadline: Duration?
    private var retryAt: Duration?
    private var upSince: Duration = .zero
    private var queue: [Request] = []
    private var inFlight: (request: Request, deadline: Duration)?
    /// Set while a timed-out link is being ended: nothing more may be sent on it.
    private var closing = false

    package init(session: Session, policy: GATTLinkPolicy, limits: Limits = Limits()) {
        self.session = session
        self.policy = policy
        self.limits = limits
        if case .keepConnected(let backoff) = policy { self.backoff = backoff }
    }

    /// Operations waiting behind the one in flight.
    package var queuedOperations: Int { queue.count }

    /// When `timerFired` is next due on the session timeline.
    package var sessionDeadline: Duration? {
        switch state {
        case .waiting: retryAt
        case .connected: session.deadline
        default: nil
        }
    }

    /// When `timerFired` is next due on the link timeline.
    package var linkDeadline: Duration? {
        [inFlight?.deadline, attemptDeadline].compactMap { $0 }.min()
    }

    // MARK: The owner's wishes

    /// Begins: under `.keepConnected`, the first attempt; under `.whenAsked`, nothing until `connect`.
    package mutating func start(at t: GATTDeviceTime) -> [Action] {
        guard state == .idle, case .keepConnected = policy else { return [] }
        wanted = true
        return beginAttempt(at: t)
    }

    /// Connects now, ending whatever attempt or link there was (as asked: no retry for it).
    package mutating func connect(at t: GATTDeviceTime) -> [Action] {
        guard state != .stopped else { return [] }
        wanted = false                  // the link ended here is replaced, not retried
        var out = end(at: t)
        wanted = true
        out += beginAttempt(at: t)
        return out
    }

    /// Closes the link or abandons the attempt, and connects no more until `connect`.
    package mutating func disconnect(at t: GATTDeviceTime) -> [Action] {
        guard state != .stopped else { return [] }
        wanted = false
        let out = end(at: t)
        state = .idle
        return out
    }

    /// Like `disconnect`, for good.
    package mutating func stop(at t: GATTDeviceTime) -> [Action] {
        let out = disconnect(at: t)
        state = .stopped
        return out
    }

    /// An operation of the owner's, queued behind the session's; its result comes as `.finished(id, …)`.
    /// Without a link it fails at once with `GATTError.disconnected`.
    package mutating func submit(_ operation: GATTOperation, id: GATTRequestID?, at t: GATTDeviceTime) -> [Action] {
        guard state == .connected else { return id.map { [.finished($0, .failure(.disconnected))] } ?? [] }
        queue.append(Request(operation: operation, id: id))
        return next(at: t)
    }

    /// Drops a submitted operation that has not started (one in flight runs to its end).
    package mutating func cancel(_ id: GATTRequestID) {
        queue.removeAll { $0.id == id }
    }

    /// Lets the owner drive the session (a new configuration, the pairing model's verdict); its outputs
    /// are carried out as any other. Operations it returns without a link are dropped.
    package mutating func update(at t: GATTDeviceTime,
                                _ body: (inout Session, Duration) -> [GATTSessionOutput<Session.Event>]) -> [Action] {
        let outputs = body(&session, t.session)
        return process(outputs, at: t)
    }

    // MARK: What the transport did

    /// The attempt `generation` has a link; a link for an abandoned attempt is closed.
    package mutating func connected(generation gen: Int, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, case .connecting = state else { return [.close(generation: gen)] }
        state = .discovering
        return [.discover(session.services, generation: gen)]
    }

    package mutating func connectFailed(generation gen: Int, error: GATTError, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, case .connecting = state else { return [] }
        return attemptFailed(error, at: t)
    }

    package mutating func discovered(_ table: [BLEUUID: [BLEUUID]], generation gen: Int, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, state == .discovering else { return [] }
        state = .connected
        attemptDeadline = nil
        attempt = 0
        upSince = t.session
        return [.link(.connected, generation: gen)] + process(session.linkUp(discovered: table, now: t.session), at: t)
    }

    package mutating func discoveryFailed(generation gen: Int, error: GATTError, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, state == .discovering else { return [] }
        return [.close(generation: gen)] + attemptFailed(error, at: t)
    }

    /// The operation in flight succeeded; a read returned `value`.
    package mutating func completed(generation gen: Int, value: [UInt8], at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, state == .connected, let (request, _) = inFlight else { return [] }
        inFlight = nil
        var out: [Action] = request.id.map { [.finished($0, .success(value))] } ?? []
        out += process(session.completed(request.operation, value: value, now: t.session), at: t)
        return out
    }

    /// The operation in flight failed.
    package mutating func failed(generation gen: Int, error: GATTError, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, state == .connected, let (request, _) = inFlight else { return [] }
        inFlight = nil
        var out: [Action] = request.id.map { [.finished($0, .failure(error))] } ?? []
        out += process(session.failed(request.operation, error: error, now: t.session), at: t)
        return out
    }

    package mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], generation gen: Int,
                                 at t: GATTDeviceTime) -> [Action] {
        guard gen == generation, state == .connected else { return [] }
        return process(session.notified(characteristic, value, now: t.session), at: t)
    }

    /// The link `generation` ended from below (the peer, the controller); `reason` says why.
    package mutating func closed(generation gen: Int, reason: String, at t: GATTDeviceTime) -> [Action] {
        guard gen == generation else { return [] }
        switch state {
        case .discovering:
            return attemptFailed(.transport("the link closed during discovery: \(reason)"), at: t)
        case .connected:
            return linkEnded(reason: reason, closeIt: false, at: t)
        default:
            return []
        }
    }

    /// Time passed: a request or an attempt that ran out of time fails, a backoff ends, the session's
    /// deadline fires.
    package mutating func timerFired(at t: GATTDeviceTime) -> [Action] {
        var out: [Action] = []
        if state == .connected, let (request, deadline) = inFlight, t.link >= deadline {
            inFlight = nil
            let error = GATTError.timedOut("\(request.operation): no answer within \(limits.request)")
            if let id = request.id { out.append(.finished(id, .failure(error))) }
            closing = true
            out += process(session.failed(request.operation, error: error, now: t.session), at: t)
            closing = false
            if state == .connected { out += linkEnded(reason: "\(error)", closeIt: true, at: t) }
        }
        if let deadline = attemptDeadline, t.link >= deadline, state == .discovering || isConnecting {
            out.append(.close(generation: generation))
            out += attemptFailed(.timedOut("connection attempt (\(limits.attempt))"), at: t)
        }
        if case .waiting = state, let due = retryAt, t.session >= due {
            out += beginAttempt(at: t)
        }
        if state == .connected, let due = session.deadline, t.session >= due {
            out += process(session.timerFired(now: t.session), at: t)
        }
        return out
    }

    // MARK: Internals

    private var isConnecting: Bool {
        if case .connecting = state { true } else { false }
    }

    private mutating func beginAttempt(at t: GATTDeviceTime) -> [Action] {
        generation += 1
        attempt += 1
        state = .connecting(attempt: attempt)
        attemptDeadline = t.link + limits.attempt
        retryAt = nil
        return [.link(.connecting(attempt: attempt), generation: generation), .connect(generation: generation)]
    }

    private mutating func attemptFailed(_ error: GATTError, at t: GATTDeviceTime) -> [Action] {
        let gen = generation
        let linkOpened = state == .discovering
        generation += 1
        attemptDeadline = nil
        let failed = attempt
        // An attempt that failed never ran a session: however long it took (a 15 s scan that found
        // nothing), it is no healthy run, and the backoff keeps growing.
        let retryIn = scheduleRetry(runLength: .zero, at: t)
        if retryIn == nil { attempt = 0 }
        return [.link(.attemptFailed(attempt: failed, error, linkOpened: linkOpened, retryIn: retryIn), generation: gen)]
    }

    /// The link that was up ends: requests fail, the session hears it, a retry is scheduled.
    private mutating func linkEnded(reason: String?, closeIt: Bool, at t: GATTDeviceTime) -> [Action] {
        let gen = generation
        generation += 1
        var out = failRequests()
        state = .idle
        for output in session.linkDown(expected: reason == nil, now: t.session) {
            if case .event(let event) = output { out.append(.event(event)) }
        }
        if closeIt { out.append(.close(generation: gen)) }
        let retryIn = scheduleRetry(runLength: t.session - upSince, at: t)
        out.append(.link(.closed(reason: reason, retryIn: retryIn), generation: gen))
        return out
    }

    /// Ends the attempt or link as the owner asked (no retry follows).
    private mutating func end(at t: GATTDeviceTime) -> [Action] {
        retryAt = nil
        switch state {
        case .connected:
            return linkEnded(reason: nil, closeIt: true, at: t)
        case .connecting, .discovering:
            let gen = generation
            generation += 1
            attemptDeadline = nil
            attempt = 0
            state = .idle
            return [.close(generation: gen), .link(.closed(reason: nil, retryIn: nil), generation: gen)]
        case .waiting:
            state = .idle
            attempt = 0
            return []
        case .idle, .stopped:
            return []
        }
    }

    private mutating func scheduleRetry(runLength: Duration, at t: GATTDeviceTime) -> Duration? {
        guard wanted, state != .stopped, var backoff else {
            if state != .stopped { state = .idle }
            return nil
        }
        let delay = backoff.delayAfterFailure(runLength: runLength)
        self.backoff = backoff
        retryAt = t.session + delay
        state = .waiting(until: t.session + delay)
        return delay
    }

    private mutating func failRequests() -> [Action] {
        var out: [Action] = []
        if let id = inFlight?.request.id { out.append(.finished(id, .failure(.disconnected))) }
        out += queue.compactMap { request in request.id.map { .finished($0, .failure(.disconnected)) } }
        inFlight = nil
        queue.removeAll()
        return out
    }

    /// Carries out the session's outputs; after a `close`, the rest of the batch belongs to a link that is gone.
    private mutating func process(_ outputs: [GATTSessionOutput<Session.Event>], at t: GATTDeviceTime) -> [Action] {
        var out: [Action] = []
        for output in outputs {
            switch output {
            case .perform(let operation):
                if state == .connected { queue.append(Request(operation: operation, id: nil)) }
            case .performFirst(let operation):
                if state == .connected { queue.insert(Request(operation: operation, id: nil), at: 0) }
            case .event(let event):
                out.append(.event(event))
            case .close(let reason):
                guard state == .connected else { continue }
                return out + linkEnded(reason: reason, closeIt: true, at: t)
            }
        }
        return out + next(at: t)
    }

    private mutating func next(at t: GATTDeviceTime) -> [Action] {
        guard state == .connected, !closing, inFlight == nil, !queue.isEmpty else { return [] }
        let request = queue.removeFirst()
        inFlight = (request, t.link + limits.request)
        return [.perform(request.operation, generation: generation)]
    }
}

extension GATTDeviceDriver.Action: Equatable where Session.Event: Equatable {}
