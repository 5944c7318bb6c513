import Logging
import Platform

/// Keeps one device's GATT link up for its actor: connect (each attempt bounded), hand the client to
/// the actor's session, and when the link ends, wait out a bounded backoff and connect again — until
/// the manager is stopped or its task cancelled, which closes the link cleanly.
///
/// The states are published so the actor (and `wayfinder`'s status line) can say what the link is doing.
public actor ConnectionManager {
    public enum State: Sendable, Hashable, CustomStringConvertible {
        case idle
        case connecting(attempt: Int)
        case connected
        /// Waiting before the next attempt, until this session time.
        case waiting(until: Duration)
        case stopped

        public var description: String {
            switch self {
            case .idle: "idle"
            case .connecting(let n): "connecting (attempt \(n))"
            case .connected: "connected"
            case .waiting(let t): "retrying at t+\(t.clockString)"
            case .stopped: "stopped"
            }
        }
    }

    public nonisolated let states: AsyncStream<State>
    private let stateSink: AsyncStream<State>.Continuation
    public private(set) var state: State = .idle
    private let name: String
    private let connector: any GATTConnector
    private let clock: SessionClock
    private var backoff: RestartBackoff
    private let attemptTimeout: Duration
    private let logger: Logger
    private var client: (any GATTClient)?
    private var stopping = false

    /// - Parameters:
    ///   - attemptTimeout: one attempt (resolve, link, MTU) may take this long before it is abandoned.
    public init(name: String, connector: any GATTConnector, clock: SessionClock,
                backoff: RestartBackoff = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(30)),
                attemptTimeout: Duration = .seconds(20), logger: Logger) {
        self.name = name
        self.connector = connector
        self.clock = clock
        self.backoff = backoff
        self.attemptTimeout = attemptTimeout
        self.logger = logger
        (states, stateSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
    }

    /// Runs until `stop()` or cancellation. `session` uses one link and returns when it ends (its
    /// client's events finished); throwing from it ends that link too.
    public func run(session: @escaping @Sendable (any GATTClient) async throws -> Void) async {
        var attempt = 0
        while !stopping && !Task.isCancelled {
            attempt += 1
            set(.connecting(attempt: attempt))
            let started = clock.elapsed
            do {
                let connector = self.connector
                let connected = try await Self.bounded(attemptTimeout, clock: clock) { try await connector.connect() }
                guard !stopping && !Task.isCancelled else {
                    await connected.disconnect()
                    break
                }
                client = connected
                attempt = 0
                set(.connected)
                logger.info("\(name): connected")
                do {
                    try await session(connected)
                } catch {
                    logger.warning("\(name): session ended: \(error)")
                }
                await connected.disconnect()
                client = nil
                if stopping || Task.isCancelled { break }
                logger.warning("\(name): link lost")
            } catch {
                if stopping || Task.isCancelled { break }
                logger.warning("\(name): connection attempt \(attempt) failed: \(error)")
            }
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            set(.waiting(until: clock.elapsed + delay))
            do { try await clock.sleep(for: delay) } catch { break }
        }
        set(.stopped)
        stateSink.finish()
    }

    /// No more attempts; the current link (if any) is closed, which ends the session.
    public func stop() async {
        stopping = true
        if let client { await client.disconnect() }
    }

    private func set(_ new: State) {
        state = new
        stateSink.yield(new)
    }

    /// Runs `body` for at most `limit` of session time; `GATTError.timedOut` after.
    static func bounded<T: Sendable>(_ limit: Duration, clock: SessionClock,
                                     _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withDeadline(limit, clock: clock, timeout: { GATTError.timedOut("connection attempt (\(limit))") }, body)
    }
}
