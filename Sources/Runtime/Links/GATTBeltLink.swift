import BLE
import Belt
import Logging
import Platform

/// The belt link over a GATT client: drives the pure `BeltSession` (its handshake and its answers
/// to the belt's keep-alive) against whatever `GATTClient` the connector hands out — the
/// Linux ATT transport on the Pi, an in-process fake in tests.
///
/// Every GATT operation, the session's and the caller's commands alike, goes through one queue and
/// runs strictly one at a time (ATT allows one outstanding request). Keep-alive answers jump the
/// queue, as in FSLib-iOS's FSCommandManager.swift, so a busy link never starves the keep-alive.
///
/// Per connection three tasks run: the operation worker, the reader of `client.events`, and a
/// 100 ms ticker for the handshake's step timeouts (it stops once connected). All three end with
/// the connection.
public actor GATTBeltLink: BeltLink {
    /// How often the session gets `tick` while it can still time out (step timeout is 1 s).
    public static let tickInterval: Duration = .milliseconds(100)

    /// One queued GATT operation: the session's own (reported back to it) or a caller's command
    /// (reported to the waiting `send`).
    private enum Operation {
        case session(BeltWrite)
        case command(BeltWrite, id: Int)

        var write: BeltWrite {
            switch self {
            case .session(let w), .command(let w, _): w
            }
        }
    }

    private let connector: any GATTConnector
    private let clock: SessionClock
    private let logger: Logger

    private var session = BeltSession()
    private var client: (any GATTClient)?
    /// Bumped whenever a connection ends, so late completions from its tasks are ignored.
    private var generation = 0
    private var connecting = false
    private var queue: [Operation] = []
    private var wake: AsyncStream<Void>.Continuation?
    private var tasks: [Task<Void, Never>] = []
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextCommandID = 0
    private var sink: AsyncStream<BeltEvent>.Continuation?
    private var events: AsyncStream<BeltEvent>?
    /// True once `connect()` has handed out the stream: from then on it must end with `.disconnected`.
    private var streamLive = false
    private var handshakeWaiter: CheckedContinuation<AsyncStream<BeltEvent>, any Error>?
    private var handshakeOutcome: Result<AsyncStream<BeltEvent>, BeltLinkError>?

    public init(connector: any GATTConnector, clock: SessionClock, logger: Logger) {
        self.connector = connector
        self.clock = clock
        self.logger = logger
    }

    /// The session's connection state (for status lines and tests).
    public var state: BeltSession.State { session.state }

    /// Operations waiting behind the one in flight (tests check queue order with it).
    var queuedOperations: Int { queue.count }

    // MARK: BeltLink

    public func connect() async throws -> AsyncStream<BeltEvent> {
        guard !connecting else { throw BeltLinkError.connectionFailed("a connection attempt is already running") }
        if client != nil { await disconnect() }
        connecting = true
        defer { connecting = false }

        handshakeOutcome = nil
        streamLive = false
        let (stream, continuation) = AsyncStream<BeltEvent>.makeStream()
        events = stream
        sink = continuation
        await process(session.connecting())

        let client: any GATTClient
        do {
            client = try await connector.connect()
        } catch {
            _ = session.linkLost(expected: true)
            session = BeltSession()
            finishStream()
            throw Self.linkError(error, connecting: true)
        }
        let gen = generation
        self.client = client
        start(client, generation: gen)
        await process(session.linkEstablished())

        let services = BeltService.allCases.map(\.uuid)
        let found: [BLEUUID: [BLEUUID]]
        do {
            found = try await client.discover(services: services)
        } catch {
            let failure = Self.linkError(error, connecting: true)
            await tearDown(generation: gen, error: failure, closeClient: true)
            throw failure
        }
        guard gen == generation else { throw BeltLinkError.connectionFailed("the link closed during discovery") }
        let characteristics = Set(found.values.joined().compactMap(BeltCharacteristic.init(uuid:)))
        logger.debug("discovered \(characteristics.map(\.rawValue).sorted().joined(separator: " "))")
        await process(session.discovered(characteristics, now: clock.elapsed))

        if let outcome = handshakeOutcome { return try outcome.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let outcome = handshakeOutcome {
                    continuation.resume(with: outcome.mapError { $0 as any Error })
                } else {
                    handshakeWaiter = continuation
                }
            }
        } onCancel: {
            Task { await self.abandonHandshake(generation: gen) }
        }
    }

    public func send(_ command: BeltCommand) async throws {
        guard client != nil, session.state == .connected else { throw BeltLinkError.notConnected }
        let id = nextCommandID
        nextCommandID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters[id] = continuation
                enqueue(.command(command.encoded(), id: id))
            }
        } onCancel: {
            Task { await self.cancelCommand(id) }
        }
    }

    public func disconnect() async {
        guard client != nil else { return }
        let gen = generation
        await process(session.linkLost(expected: true))
        await tearDown(generation: gen, error: .notConnected, closeClient: true)
    }

    // MARK: Connection tasks

    private func start(_ client: any GATTClient, generation gen: Int) {
        let (wakeups, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let clock = self.clock
        tasks = [
            Task { await self.runQueue(client, wakeups: wakeups, generation: gen) },
            Task {
                for await event in client.events {
                    await self.handle(event, generation: gen)
                }
                // A transport that ends its stream without saying why has still lost the link.
                await self.linkLost(generation: gen, reason: "event stream ended")
            },
            Task {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: Self.tickInterval) } catch { return }
                    guard await self.tick(generation: gen) else { return }
                }
            },
        ]
    }

    /// The one place GATT operations run: one at a time, in queue order.
    private func runQueue(_ client: any GATTClient, wakeups: AsyncStream<Void>, generation gen: Int) async {
        for await _ in wakeups {
            while gen == generation, !queue.isEmpty {
                let operation = queue.removeFirst()
                await execute(operation, on: client, generation: gen)
            }
        }
    }

    private func execute(_ operation: Operation, on client: any GATTClient, generation gen: Int) async {
        let write = operation.write
        let result: Result<[UInt8], any Error>
        do {
            result = .success(try await client.perform(write.gattOperation))
        } catch {
            result = .failure(error)
        }
        switch (operation, result) {
        case (.session, .success(let value)):
            guard gen == generation else { return }
            await process(session.completed(write, value: value, now: clock.elapsed))
        case (.session, .failure(let error)):
            guard gen == generation else { return }
            logger.warning("\(write) failed: \(error)")
            await process(session.failed(write, reason: "\(error)", now: clock.elapsed))
        case (.command(_, let id), .success(let value)):
            // A command read (battery status) answers like a notification.
            if gen == generation, write.kind == .readRequest {
                await process(session.received(write.characteristic, value, now: clock.elapsed))
            }
            waiters.removeValue(forKey: id)?.resume()
        case (.command(_, let id), .failure(let error)):
            waiters.removeValue(forKey: id)?.resume(throwing: Self.linkError(error, connecting: false))
        }
    }

    private func handle(_ event: GATTClientEvent, generation gen: Int) async {
        guard gen == generation else { return }
        switch event {
        case .notification(let uuid, let value):
            guard let characteristic = BeltCharacteristic(uuid: uuid) else {
                logger.warning("notification from an unknown characteristic \(uuid.uuidString) dropped")
                return
            }
            await process(session.received(characteristic, value, now: clock.elapsed))
        case .disconnected(let reason):
            await linkLost(generation: gen, reason: reason ?? "closed")
        }
    }

    private func linkLost(generation gen: Int, reason: String) async {
        guard gen == generation, client != nil else { return }
        // The belt actor warns once ("belt connection lost"); the link's own account is the detail.
        logger.info("belt link lost: \(reason)")
        await process(session.linkLost(expected: false))
        await tearDown(generation: gen, error: .connectionLost, closeClient: false)
    }

    /// Lets step timeouts fire; false once ticking is no longer needed.
    private func tick(generation gen: Int) async -> Bool {
        guard gen == generation else { return false }
        await process(session.tick(now: clock.elapsed))
        return gen == generation && session.state != .connected
    }

    // MARK: Session outputs

    private func process(_ outputs: [BeltSession.Output]) async {
        let gen = generation
        // Whatever follows a teardown in the same batch belongs to a connection that is gone.
        for output in outputs where gen == generation {
            switch output {
            case .perform(let write):
                enqueue(.session(write))
            case .stateChanged(let state):
                logger.debug("belt session: \(state)")
                if state == .connected, let events { settleHandshake(.success(events)) }
            case .event(let event):
                sink?.yield(event)
                if case .disconnected = event { finishStream() }
            case .failed(let error):
                if case .connectionLost = error {
                    logger.info("belt link failed: \(error)")
                } else {
                    logger.warning("belt link failed: \(error)")
                }
                await tearDown(generation: gen, error: error, closeClient: true)
            case .protocolError(let error):
                logger.warning("dropped a malformed belt notification: \(error)")
            }
        }
    }

    private func enqueue(_ operation: Operation) {
        let write = operation.write
        if write.characteristic == .fe02, write.kind == .value {
            queue.insert(operation, at: 0)
        } else {
            queue.append(operation)
        }
        wake?.yield()
    }

    private func settleHandshake(_ outcome: Result<AsyncStream<BeltEvent>, BeltLinkError>) {
        guard handshakeOutcome == nil else { return }
        handshakeOutcome = outcome
        if case .success = outcome { streamLive = true }
        handshakeWaiter?.resume(with: outcome.mapError { $0 as any Error })
        handshakeWaiter = nil
    }

    private func finishStream() {
        sink?.finish()
        sink = nil
    }

    /// Ends the connection `gen` (once): fails everything waiting, stops its tasks, closes the client.
    private func tearDown(generation gen: Int, error: BeltLinkError, closeClient: Bool) async {
        guard gen == generation, let closing = client else { return }
        generation += 1
        client = nil
        session = BeltSession()
        settleHandshake(.failure(error))
        if streamLive { sink?.yield(.disconnected(expected: false)) }
        finishStream()
        events = nil
        streamLive = false
        queue.removeAll()
        let pending = waiters
        waiters.removeAll()
        for waiter in pending.values { waiter.resume(throwing: error) }
        wake?.finish()
        wake = nil
        for task in tasks { task.cancel() }
        tasks.removeAll()
        if closeClient { await closing.disconnect() }
    }

    private func abandonHandshake(generation gen: Int) async {
        guard handshakeOutcome == nil else { return }
        await tearDown(generation: gen, error: .connectionFailed("connection attempt cancelled"), closeClient: true)
    }

    private func cancelCommand(_ id: Int) {
        queue.removeAll { if case .command(_, id) = $0 { true } else { false } }
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    /// GATT transport errors as the failure kinds the belt actor knows.
    private static func linkError(_ error: any Error, connecting: Bool) -> BeltLinkError {
        if let error = error as? BeltLinkError { return error }
        guard let error = error as? GATTError else { return .connectionFailed("\(error)") }
        switch error {
        case .unavailable(let why): return .bluetoothUnavailable(why)
        case .notFound(let what): return connecting ? .noBeltFound : .connectionFailed("not found: \(what)")
        case .disconnected: return connecting ? .connectionFailed("the link dropped") : .connectionLost
        case .timedOut, .attributeError: return .connectionFailed(error.description)
        }
    }
}
