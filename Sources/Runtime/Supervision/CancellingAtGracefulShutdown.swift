import ServiceLifecycle

/// Runs `operation` and cancels it when the task is cancelled or a graceful shutdown begins, giving
/// its result (which, cancelled, is usually a `CancellationError`): ServiceLifecycle's
/// `cancelWhenGracefulShutdown`, without its `CancellationWaiter`.
///
/// Why: that waiter is an actor on the global pool, so every supervised restart and every service
/// that used it left the caller's executor and came back from the pool: a test's `TestEventLoop`
/// could not drain a restart, and on the appliance each wait cost a pool thread's wake-up. Here the
/// operation and the shutdown signal are child tasks of the caller, which keep its task executor;
/// the shutdown handler (called on whichever thread begins the shutdown) only finishes a stream.
package func cancellingAtGracefulShutdown<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let (shutdown, signal) = AsyncStream<Void>.makeStream()
    defer { signal.finish() }
    return try await withTaskCancellationOrGracefulShutdownHandler {
        try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
            group.addTask { .value(try await operation()) }
            // Ends when the stream finishes (the shutdown handler) or is cancelled (the group's end).
            group.addTask {
                for await _ in shutdown {}
                return .shutdown
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .value(let value):
                    group.cancelAll()
                    return value
                case .shutdown:
                    group.cancelAll()
                }
            }
            // Both children ended without a value: the operation was cancelled and returned nothing
            // it could give (a group only ends so when the operation threw, which `next()` rethrew).
            throw CancellationError()
        }
    } onCancelOrGracefulShutdown: {
        signal.finish()
    }
}

private enum Outcome<T: Sendable>: Sendable {
    case value(T)
    case shutdown
}
