import Logging
import Platform
import ServiceLifecycle
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The longest a stop may take, from the moment it begins (a shutdown signal, the demo's end, or a
/// service failing the group) to the process's exit. Past it, `expired` is called with what is still
/// running; the appliance's own action logs it and exits with status 70 (EX_SOFTWARE).
///
/// Why not ServiceLifecycle's `maximumCancellationDuration`: when that runs out the library calls
/// `fatalError`, a trap with a core dump and no word of which service held the stop. The wait is a
/// thread of its own sleeping on the monotonic clock, not a task: what holds the stop may be a task
/// that holds the event loop or the global pool.
package final class StopDeadline: Sendable {
    /// The shipped limit: ServiceLifecycle's 10 s of graceful shutdown and 5 s for the cancelled
    /// services to return, inside the unit's `TimeoutStopSec=20`, after which systemd kills the
    /// process without a word.
    package static let standardLimit: Duration = .seconds(15)

    private let limit: Duration
    private let running: RunningServices
    private let expired: @Sendable (Overrun) -> Void
    private let armed = Atomic<Bool>(false)
    /// Set when the stop has ended: the waiting thread returns without acting.
    private let ended = StopFlag()

    package init(limit: Duration = StopDeadline.standardLimit, running: RunningServices,
                 expired: @escaping @Sendable (Overrun) -> Void) {
        self.limit = limit
        self.running = running
        self.expired = expired
    }

    /// Starts the wait, once; later calls do nothing. Returns false when no thread could be started
    /// (the stop then has no limit but systemd's).
    @discardableResult
    package func arm() -> Bool {
        guard !armed.exchange(true, ordering: .relaxed) else { return true }
        let limit = self.limit, running = self.running, expired = self.expired, ended = self.ended
        return DetachedThread.start(name: "wf-stop") {
            guard !ended.wait(limit) else { return }
            expired(Overrun(holding: running.holdingTheStop, running: running.names))
        } == nil
    }

    /// The stop has ended (the group has returned): the limit no longer applies. A process that goes
    /// on after its appliance (a test) is not ended by a wait that outlived it.
    package func disarm() {
        ended.set()
    }

    /// What was left when the limit ran out.
    package struct Overrun: Equatable, Sendable, CustomStringConvertible {
        /// The services asked to stop that had not returned, in the group's order.
        package var holding: [String]
        /// Every service still running, asked or not yet asked (a graceful shutdown asks one at a
        /// time, from the last service to the first).
        package var running: [String]

        package init(holding: [String], running: [String]) {
            self.holding = holding
            self.running = running
        }

        package var description: String {
            if !holding.isEmpty {
                let others = running.filter { !holding.contains($0) }
                return "waiting for \(holding.joined(separator: ", ")) to return"
                    + (others.isEmpty ? "" : "; not yet asked to stop: \(others.joined(separator: ", "))")
            }
            if !running.isEmpty { return "not yet asked to stop: \(running.joined(separator: ", "))" }
            return "every service had returned, the process had not ended"
        }
    }

    /// The appliance's action: says what held the stop, then ends the process without running
    /// anything else (`_exit`: the tasks that hold the stop could hold `exit`'s handlers too).
    package static func exit(logger: Logger, limit: Duration = StopDeadline.standardLimit) -> @Sendable (Overrun) -> Void {
        { overrun in
            logger.critical("the stop took longer than \(limit.components.seconds) s (\(overrun)); exiting with status 70")
            _exit(70)
        }
    }
}

/// Arms a `StopDeadline` when the group's stop begins: the last service in the group, so the first
/// that a graceful shutdown reaches; it returns at once, so the shutdown goes on to the others.
package struct StopDeadlineService: Service, CustomStringConvertible {
    package static let name = "stop deadline"
    private let deadline: StopDeadline

    package init(deadline: StopDeadline) {
        self.deadline = deadline
    }

    package var description: String { Self.name }

    package func run() async throws {
        let (never, continuation) = AsyncStream<Void>.makeStream()
        defer { continuation.finish() }
        // Ends at a graceful shutdown or a cancellation, whichever begins the stop.
        _ = try? await cancellingAtGracefulShutdown {
            for await _ in never {}
        }
        deadline.arm()
    }
}
