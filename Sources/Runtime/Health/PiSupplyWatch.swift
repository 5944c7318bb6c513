import Logging
import Platform
import ServiceLifecycle
import Synchronization

/// Reads the Pi's own supply (`PiSupplyReader`) every `interval` and logs when under-voltage or
/// throttling starts (a warning, which `status` lists) and when it has ended (a notice, after two
/// readings without it: `PiSupplyAlarm`); the latest reading is kept for `status`'s `supply`. On a
/// board with neither source it logs that once, at debug, and waits for the appliance's stop without
/// a timer: nothing to read, no wake-ups. It does not end by itself: a service that ends while the
/// service group shuts the others down is reported by swift-service-lifecycle as "finished
/// unexpectedly" whatever its success behaviour (`ServiceGroup`'s graceful shutdown loop), and a stop
/// within moments of the start then failed.
///
/// Every 30 s: a supply too weak for the Pi is a lasting state (a battery pack sagging under the
/// load of the radio and the CPU), and the log warns within half a minute. The firmware's
/// sticky bits say that something happened between two readings, so a dip between them still shows
/// in `status`; brief dips are also in the kernel's own log (`Undervoltage detected!`). One wake-up
/// per 30 s is nothing beside the belt link's keep-alive; a wake-up per second would be 30 times
/// that for no earlier warning anyone could act on.
package final class PiSupplyWatch: Service, Sendable, CustomStringConvertible {
    package static let name = "pi-supply"
    package static let interval: Duration = .seconds(30)

    private let read: @Sendable () async -> PiSupplyReader.Reading
    private let clock: SessionClock
    private let logger: Logger
    private let latest = Mutex<PiSupply?>(nil)
    /// Where the wearer's signals hear of a weak supply and its end (`StateSignals`).
    private let states: AsyncStream<StateChange>.Continuation?

    /// `read` is a Pi's `PiSupplyReader().read` (off the event loop: sysfs reads may block), or the
    /// simulated board's firmware.
    package init(read: @escaping @Sendable () async -> PiSupplyReader.Reading, clock: SessionClock, logger: Logger,
                 states: AsyncStream<StateChange>.Continuation? = nil) {
        self.read = read
        self.states = states
        self.clock = clock
        self.logger = logger
    }

    /// The latest reading; nil before the first, without a source, or while it cannot be read.
    package var current: PiSupply? { latest.withLock { $0 } }

    package var description: String { Self.name }

    /// Returns when the task is cancelled (at the group's graceful shutdown), with no timer before.
    static func untilCancelled() async {
        let (never, continuation) = AsyncStream<Never>.makeStream()
        // An AsyncStream's iteration ends when the task is cancelled.
        for await _ in never {}
        continuation.finish()
    }

    /// Watches until a graceful shutdown (or cancellation), also on a board without a source.
    package func run() async throws {
        // The graceful shutdown cancels the watch: its sleep, or its wait where there is nothing to read.
        _ = try? await cancellingAtGracefulShutdown { try await self.watch() }
    }

    private func watch() async throws {
        var alarm = PiSupplyAlarm()
        var reportedProblem: String?
        var first = true
        while true {
            switch await read() {
            case .absent where first:
                logger.debug("no supply reading on this board (neither the firmware's get_throttled nor an rpi_volt hwmon device); not watched")
                await Self.untilCancelled()
                return
            case .absent:
                latest.withLock { $0 = nil }
            case .failed(let path, let problem):
                latest.withLock { $0 = nil }
                let text = "\(path) \(problem); the Pi's supply is not watched until it reads again"
                if text != reportedProblem { logger.warning("\(text)") }
                reportedProblem = text
            case .supply(let supply):
                latest.withLock { $0 = supply }
                if reportedProblem != nil { logger.notice("the Pi's supply reads again (\(supply.source.rawValue))") }
                reportedProblem = nil
                switch alarm.update(supply) {
                case .started(let conditions):
                    states?.yield(.piSupply(low: true))
                    logger.warning("the Pi's supply: \(conditions.joined(separator: ", ")) (\(Self.describe(supply))); use a 5 V supply that holds its voltage under load, with a short, thick cable")
                case .ended:
                    states?.yield(.piSupply(low: false))
                    logger.notice("the Pi's supply is normal again (\(Self.describe(supply)))")
                case nil:
                    break
                }
            }
            first = false
            try await clock.sleep(for: Self.interval)
        }
    }

    /// Where the reading came from, with its raw value: `get_throttled 0x50005`, `rpi_volt alarm 1`.
    static func describe(_ supply: PiSupply) -> String {
        switch supply.source {
        case .firmware: "get_throttled 0x" + String(supply.flags.rawValue, radix: 16)
        case .hwmon: "rpi_volt in0_lcrit_alarm \(supply.flags.contains(.underVoltage) ? 1 : 0)"
        }
    }
}
