#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The service watchdog systemd asked for (`WatchdogSec=` → `$WATCHDOG_USEC`, `$WATCHDOG_PID`).
package struct WatchdogSettings: Sendable, Hashable {
    /// systemd kills the service when no `WATCHDOG=1` arrives for this long.
    package var timeout: Duration

    /// We ping at half the timeout, the convention of sd_watchdog_enabled(3).
    package var pingInterval: Duration { timeout / 2 }

    package init(timeout: Duration) {
        self.timeout = timeout
    }

    /// nil when no watchdog is armed, or when it is armed for another process (`$WATCHDOG_PID`).
    package init?(environment: [String: String], pid: Int32 = getpid()) {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], let ownerPID = Int32(owner), ownerPID != pid { return nil }
        self.init(timeout: .microseconds(usec))
    }
}
