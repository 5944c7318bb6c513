#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Platform

/// Polls `condition` every `interval` of real time until it holds, and throws `DeadlineExceeded`
/// naming `what` when it has not within `timeout`.
///
/// Only for what no test loop can drain: an answer the kernel or a child process must give (a pty,
/// a socket, a GPIO line, a spawned binary, a thread of a component's own). Its caller says in a
/// comment which of these it waits for. Work on a `TestEventLoop` is drained, never polled.
package func eventually(_ what: String, timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(5),
                        _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw DeadlineExceeded(what, limit: timeout) }
        try await Task.sleep(for: interval)
    }
}

/// `eventually` for a test that runs a `TestEventLoop` on its own thread (a synchronous test): the
/// thread sleeps between polls, and `condition` may drain the loop to take in what arrived.
package func eventually(_ what: String, timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(5),
                        _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw DeadlineExceeded(what, limit: timeout) }
        var pause = timespec(tv_sec: Int(interval.components.seconds),
                             tv_nsec: Int(interval.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&pause, &left) != 0, errno == EINTR { pause = left }
    }
}
