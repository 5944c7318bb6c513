import Platform

/// Runs a `GATTDeviceDriver` on a real connector and its clients: the one shell under the belt, the
/// touch case and the Pencil.
///
/// Everything that decides lives in the pure driver (queueing, priority, timeouts, generations,
/// reconnection). This actor only carries out its actions — a task per connection attempt, per
/// discovery and per operation, one reader of each client's events — and arms at most two timers, one
/// per timeline, for the driver's next deadlines. The session's events and the link's changes come out
/// of `outputs`, in order.
///
/// Its tasks prefer the event loop (`Task(executorPreference:)`) and call back into the actor with
/// `await`: a plain `Task {}` carries no executor preference, so every continuation it awaits (a
/// stream's next element, a client's answer, a timer) resumes on the global pool first, which costs
/// a libdispatch thread's wake-up per event before the hop back to the loop (docs/performance.md).
package actor GATTDeviceLink<Session: GATTDeviceSession> {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Output: Sendable {
        case event(Session.Event)
        /// The link of that generation changed (`connect(using:)` returns the generation it starts).
        case link(GATTLinkChange, generation: Int)
    }

    /// The session's events and the link's changes; finishes after `stop()`.
    package nonisolated let outputs: AsyncStream<Output>
    private let sink: AsyncStream<Output>.Continuation
    private var driver: GATTDeviceDriver<Session>
    private var connector: (any GATTConnector)?
    private let clock: SessionClock
    private let linkClock: SessionClock
    private let sessionTimerTolerance: Duration?
    private var clients: [Int: any GATTClient] = [:]
    private var attempts: [Int: Task<Void, Never>] = [:]
    private var waiters: [GATTRequestID: CheckedContinuation<[UInt8], any Error>] = [:]
    private var nextRequest = 0
    private var sessionTimer: Timer?
    private var linkTimer: Timer?
    private var timers = 0

    /// A sleeping task for one deadline; `token` tells a fire of this timer from one it replaced.
    private struct Timer {
        var due: Duration
        var token: Int
        var task: Task<Void, Never>
    }

    /// - Parameters:
    ///   - clock: session time, for the session's stamps and deadlines and the reconnection backoff.
    ///   - connector: what makes links; nil when each `connect(using:)` brings its own.
    ///   - linkClock: the time the request and attempt bounds are measured on (`GATTDeviceTime`);
    ///     the session clock when nil.
    ///   - sessionTimerTolerance: how late the session's deadlines may be acted on, in session time
    ///     (`SessionClock.sleep(until:tolerance:)`): the touch case's silence rule ends a touch by time.
    package init(session: Session, policy: GATTLinkPolicy, limits: GATTDeviceDriver<Session>.Limits = .init(),
                connector: (any GATTConnector)?, clock: SessionClock, linkClock: SessionClock? = nil,
                sessionTimerTolerance: Duration? = nil, executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        driver = GATTDeviceDriver(session: session, policy: policy, limits: limits)
        self.connector = connector
        self.clock = clock
        self.linkClock = linkClock ?? clock
        self.sessionTimerTolerance = sessionTimerTolerance
        (outputs, sink) = AsyncStream.makeStream()
    }

    package var state: GATTLinkState { driver.state }
    package var session: Session { driver.session }
    /// Operations waiting behind the one in flight.
    package var queuedOperations: Int { driver.queuedOperations }

    // MARK: The owner's wishes

    /// Begins as the policy says (`.keepConnected` connects now and keeps doing so).
    package func start() { carry(driver.start(at: now)) }

    /// Connects now, through `connector` from now on when one is given; returns the new attempt's
    /// generation, which its link changes carry.
    @discardableResult
    package func connect(using connector: (any GATTConnector)? = nil) -> Int {
        if let connector { self.connector = connector }
        carry(driver.connect(at: now))
        return driver.generation
    }

    /// Closes the link (or abandons the attempt) and connects no more until `connect`.
    package func disconnect() { carry(driver.disconnect(at: now)) }

    /// Closes the link for good and finishes `outputs`.
    package func stop() {
        carry(driver.stop(at: now))
        sessionTimer?.task.cancel()
        linkTimer?.task.cancel()
        sessionTimer = nil
        linkTimer = nil
        sink.finish()
    }

    /// Performs an operation behind the session's queued ones; returns what a read read. Throws
    /// `GATTError.disconnected` without a link, `GATTError.timedOut` past the request bound.
    @discardableResult
    package func perform(_ operation: GATTOperation) async throws -> [UInt8] {
        nextRequest += 1
        let id = GATTRequestID(nextRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters[id] = continuation
                carry(driver.submit(operation, id: id, at: now))
            }
        } onCancel: {
            Task(executorPreference: executor) { await self.cancel(id) }
        }
    }

    /// Drives the session (a new configuration, a verdict of the owner's); its outputs are carried out.
    package func update(_ body: @Sendable (inout Session, Duration) -> [GATTSessionOutput<Session.Event>]) {
        carry(driver.update(at: now, body))
    }

    // MARK: The transport's answers

    private func connected(_ generation: Int, _ client: any GATTClient) {
        attempts[generation] = nil
        clients[generation] = client
        Task(executorPreference: executor) {
            for await event in client.events {
                switch event {
                case .notification(let characteristic, let value):
                    await self.notified(characteristic, value, generation: generation)
                case .disconnected(let reason):
                    await self.closed(generation, reason: reason ?? "closed")
                }
            }
            // A transport that ends its stream without saying why has still lost the link.
            await self.closed(generation, reason: "event stream ended")
        }
        carry(driver.connected(generation: generation, at: now))
    }

    private func notified(_ characteristic: BLEUUID, _ value: [UInt8], generation: Int) {
        carry(driver.notified(characteristic, value, generation: generation, at: now))
    }

    private func closed(_ generation: Int, reason: String) {
        clients[generation] = nil
        carry(driver.closed(generation: generation, reason: reason, at: now))
    }

    private func connectFailed(_ generation: Int, _ error: any Error) {
        attempts[generation] = nil
        carry(driver.connectFailed(generation: generation, error: Self.gattError(error), at: now))
    }

    private func discovered(_ result: Result<[BLEUUID: [BLEUUID]], any Error>, generation: Int) {
        switch result {
        case .success(let table): carry(driver.discovered(table, generation: generation, at: now))
        case .failure(let error): carry(driver.discoveryFailed(generation: generation, error: Self.gattError(error), at: now))
        }
    }

    private func performed(_ result: Result<[UInt8], any Error>, generation: Int) {
        switch result {
        case .success(let value): carry(driver.completed(generation: generation, value: value, at: now))
        case .failure(let error): carry(driver.failed(generation: generation, error: Self.gattError(error), at: now))
        }
    }

    private func cancel(_ id: GATTRequestID) {
        driver.cancel(id)
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    private func timerFired(link: Bool, token: Int) {
        if link {
            guard linkTimer?.token == token else { return }
            linkTimer = nil
        } else {
            guard sessionTimer?.token == token else { return }
            sessionTimer = nil
        }
        carry(driver.timerFired(at: now))
    }

    // MARK: Carrying out the driver's actions

    private var now: GATTDeviceTime { GATTDeviceTime(session: clock.elapsed, link: linkClock.elapsed) }

    private func carry(_ actions: [GATTDeviceDriver<Session>.Action]) {
        for action in actions {
            switch action {
            case .connect(let generation):
                let connector = self.connector
                attempts[generation] = Task(executorPreference: executor) {
                    do {
                        guard let connector else { throw GATTError.unavailable("no connector for this device") }
                        let client = try await connector.connect()
                        await self.connected(generation, client)
                    } catch {
                        await self.connectFailed(generation, error)
                    }
                }
            case .discover(let services, let generation):
                guard let client = clients[generation] else { continue }
                Task(executorPreference: executor) {
                    let result: Result<[BLEUUID: [BLEUUID]], any Error>
                    do { result = .success(try await client.discover(services: services)) } catch { result = .failure(error) }
                    await self.discovered(result, generation: generation)
                }
            case .perform(let operation, let generation):
                guard let client = clients[generation] else { continue }
                Task(executorPreference: executor) {
                    let result: Result<[UInt8], any Error>
                    do { result = .success(try await client.perform(operation)) } catch { result = .failure(error) }
                    await self.performed(result, generation: generation)
                }
            case .close(let generation):
                attempts.removeValue(forKey: generation)?.cancel()
                if let client = clients.removeValue(forKey: generation) {
                    Task(executorPreference: executor) { await client.disconnect() }
                }
            case .event(let event):
                sink.yield(.event(event))
            case .link(let change, let generation):
                sink.yield(.link(change, generation: generation))
            case .finished(let id, let result):
                waiters.removeValue(forKey: id)?.resume(with: result.mapError { $0 as any Error })
            }
        }
        armTimers()
    }

    /// One sleeping task per timeline, for the driver's next deadline on it. A later deadline keeps
    /// the running timer (it fires early, finds the request answered, and is set again); no deadline
    /// at all (every request answered) cancels it. The link runs on the event loop, where starting and
    /// cancelling a sleeper is a queue entry and no wake-up, while a timer left running fired about
    /// every 6 s through the belt's keep-alive only to find nothing due.
    private func armTimers() {
        sessionTimer = arm(sessionTimer, for: driver.sessionDeadline, on: clock, link: false)
        linkTimer = arm(linkTimer, for: driver.linkDeadline, on: linkClock, link: true)
    }

    private func arm(_ timer: Timer?, for deadline: Duration?, on clock: SessionClock, link: Bool) -> Timer? {
        guard let deadline else {
            timer?.task.cancel()
            return nil
        }
        if let timer, timer.due <= deadline { return timer }
        timer?.task.cancel()
        timers += 1
        let token = timers
        let tolerance = link ? nil : sessionTimerTolerance
        let task = Task(executorPreference: executor) {
            do { try await clock.sleep(until: SessionInstant(offset: deadline), tolerance: tolerance) } catch { return }
            await self.timerFired(link: link, token: token)
        }
        return Timer(due: deadline, token: token, task: task)
    }

    private static func gattError(_ error: any Error) -> GATTError {
        error as? GATTError ?? .transport("\(error)")
    }
}
