import BLE
import Synchronization
import TouchCase

/// The case chosen by the first scan, shared by every later connection attempt.
final class StickyPeer: Sendable {
    private let discovery: Mutex<TouchCaseDiscovery>

    init(rule: DiscoveryRule) {
        discovery = Mutex(TouchCaseDiscovery(rule: rule))
    }

    var rule: DiscoveryRule { discovery.withLock { $0.rule } }

    func chose(_ device: DiscoveredDevice) {
        discovery.withLock {
            $0.remember(device)
            $0.searchAgain()
        }
    }
}
