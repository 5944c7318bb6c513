import BLE
import Logging
import Platform

/// Listens for a device's advertisements with a scan on the adapter, bounded by the window: the
/// device is heard when `ScanningResolver` chooses it by the same rules a connection uses.
package struct ScanningAdvertisementListener: AdvertisementListener {
    package let rule: DiscoveryRule
    package let adapter: String?
    let logger: Logger
    let executor: any ActorExecutor

    package init(rule: DiscoveryRule, adapter: String?, logger: Logger, executor: any ActorExecutor = EventLoop.preferred) {
        self.rule = rule
        self.adapter = adapter
        self.logger = logger
        self.executor = executor
    }

    package func heard(within window: Duration) async -> Bool {
        let resolver = ScanningResolver(rule: rule, adapter: adapter, timeout: window, logger: logger, executor: executor)
        do {
            _ = try await resolver.resolve()
            return true
        } catch {
            logger.debug("listening for \(rule): \(error)")
            return false
        }
    }
}
