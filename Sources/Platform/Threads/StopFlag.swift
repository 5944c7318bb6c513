// In whole-module (release) builds sys/socket.h's constants (SOCK_CLOEXEC…) are owned by the
// CBluetooth module, whose headers include it first; without this import they are not found.
import CBluetooth
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Set once by a stream's termination handler, read by the thread that feeds the stream.
///
/// The flag is also a socket pair whose one end turns readable when it is set, so a reader thread can block
/// in `poll` on its device and this descriptor with no timeout: it wakes for data or for the stop,
/// never on a clock (a periodic `poll` timeout costs a wake-up each time on a battery).
package final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    /// Readable once `set()` was called; -1 when no socket pair could be made (then readers fall back
    /// to `fallbackTimeout`).
    package let wakeDescriptor: Int32
    private let signalDescriptor: Int32

    /// How long a reader waits between looks at the flag when there is no `wakeDescriptor`.
    static let fallbackTimeout: Int32 = 250

    package init() {
        // A socket pair rather than pipe(): its close-on-exec flag is set atomically, so a process
        // spawned by another thread meanwhile cannot inherit the ends (glibc's pipe2 is not visible
        // to Swift without _GNU_SOURCE).
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        if socketpair(AF_UNIX, type, 0, &ends) == 0 {
            wakeDescriptor = ends[0]
            signalDescriptor = ends[1]
        } else {
            wakeDescriptor = -1
            signalDescriptor = -1
        }
    }

    deinit {
        if wakeDescriptor >= 0 {
            close(wakeDescriptor)
            close(signalDescriptor)
        }
    }

    package var isSet: Bool { value.load(ordering: .acquiring) }

    package func set() {
        value.store(true, ordering: .releasing)
        // One byte is enough: nobody reads it, so the other end stays readable from now on.
        if signalDescriptor >= 0 {
            var byte: UInt8 = 1
            _ = write(signalDescriptor, &byte, 1)
        }
    }

    /// `poll`'s timeout for a reader that also polls `wakeDescriptor`: forever when it can be woken.
    package var pollTimeout: Int32 { wakeDescriptor >= 0 ? -1 : Self.fallbackTimeout }

    /// The entry to add to a reader's `poll` set (an fd of -1 is ignored by `poll`).
    package var pollEntry: pollfd { pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0) }

    /// Blocks the calling thread until the flag is set or `limit` has passed on the monotonic clock;
    /// whether it was set. A wait that a signal interrupts goes on with the time left.
    package func wait(_ limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !isSet {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            // Whole milliseconds, rounded up so the last wait does not end just short of the deadline;
            // at most a day a wait.
            let (seconds, attoseconds) = left.components
            let milliseconds = min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000 + 1
            var entry = pollEntry
            _ = poll(&entry, 1, Int32(clamping: wakeDescriptor >= 0 ? milliseconds : min(milliseconds, Int64(Self.fallbackTimeout))))
        }
        return true
    }
}
