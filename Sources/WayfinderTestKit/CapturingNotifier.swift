import Platform
import Synchronization

/// Records what would have been sent to systemd.
package final class CapturingNotifier: ServiceNotifier {
    private let sent = Mutex<[String]>([])

    package init() {}

    package func notify(_ assignments: String) {
        sent.withLock { $0.append(assignments) }
    }

    package var messages: [String] { sent.withLock { $0 } }

    /// How many messages contained this exact assignment line (e.g. "WATCHDOG=1").
    package func count(_ assignment: String) -> Int {
        messages.filter { $0.split(separator: "\n").contains { $0 == assignment } }.count
    }
}
