/// Runs `body`, giving up after `limit` of `clock`'s time: the body's task is cancelled and
/// `timeout()` thrown. Why one helper: every wait on a device (a connection attempt, a tool in the
/// rig, an answer from the belt) must end, or a hung peer hangs its caller.
package func withDeadline<T: Sendable>(_ limit: Duration, clock: SessionClock = .continuous(),
                                      timeout: @escaping @Sendable () -> any Error,
                                      _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await clock.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw timeout() }
        return value
    }
}

/// What `withDeadline` throws when nothing more specific fits.
package struct DeadlineExceeded: Error, Sendable, CustomStringConvertible {
    package let what: String
    package let limit: Duration
    package init(_ what: String, limit: Duration) {
        self.what = what
        self.limit = limit
    }
    package var description: String { "\(what): nothing within \(limit)" }
}
