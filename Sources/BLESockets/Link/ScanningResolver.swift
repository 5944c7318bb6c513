import Logging
import Platform

/// Finds the peripheral to connect to by scanning: `DeviceSelector` applies the discovery rules
/// (or the fixed address, to learn whether it is public or random) to the scanner's updates.
///
/// Why scan even for a fixed address: connecting with the wrong address type times out
/// (net/bluetooth/l2cap_core.c), and the advertising report is where the type is known.
package struct ScanningResolver: Sendable {
    package let rule: DiscoveryRule
    package let adapter: String?
    /// How long one search may take before "no device found" (FSLib-iOS's FSConnectionManager scans 15 s).
    package let timeout: Duration
    let logger: Logger
    /// Where the scan and its timers run.
    let executor: any ActorExecutor

    package init(rule: DiscoveryRule, adapter: String?, timeout: Duration = .seconds(15), logger: Logger,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.rule = rule
        self.adapter = adapter
        self.timeout = timeout
        self.logger = logger
    }

    /// The chosen device; `GATTError.notFound` when nothing matched within `timeout`.
    package func resolve() async throws -> DiscoveredDevice {
        let rule = self.rule
        let clock = SessionClock.continuous()
        let updates = BLEScanner.updates(options: BLEScanOptions(adapter: adapter), clock: clock, logger: logger,
                                         executor: executor)
        let limit = timeout
        let executor = self.executor
        let chosen: DiscoveredDevice? = try await withThrowingTaskGroup(of: DiscoveredDevice?.self) { group in
            group.addTask(executorPreference: executor) {
                // The kernel filters duplicate reports, so a window may close with no further report:
                // a 100 ms tick closes it on time.
                let (inputs, feed) = AsyncThrowingStream.makeStream(of: DiscoveredDevice?.self, throwing: (any Error).self)
                let forward = Task(executorPreference: executor) {
                    do {
                        for try await device in updates { feed.yield(device) }
                        feed.finish()
                    } catch {
                        feed.finish(throwing: error)
                    }
                }
                let tick = Task(executorPreference: executor) {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(100))
                        feed.yield(nil)
                    }
                }
                defer {
                    forward.cancel()
                    tick.cancel()
                }
                var selector = DeviceSelector(rule: rule)
                for try await input in inputs {
                    let now = clock.elapsed
                    if let device = input, let chosen = selector.consider(device, now: now) { return chosen }
                    if let chosen = selector.poll(now: now) { return chosen }
                }
                return selector.poll(now: clock.elapsed)
            }
            group.addTask(executorPreference: executor) {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let chosen else {
            throw GATTError.notFound("no device matching \(rule) within \(limit)")
        }
        logger.info("chose \(chosen.address) (\(chosen.addressType)) \(chosen.name ?? "unnamed"), RSSI \(chosen.rssi.map { "\($0) dBm" } ?? "n/a")")
        return chosen
    }
}
