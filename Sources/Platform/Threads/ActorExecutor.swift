/// What an actor, and the tasks that carry its messages, need from the thread they run on: to be the
/// actor's executor (`SerialExecutor`: `unownedExecutor` returns `asUnownedSerialExecutor()`) and the
/// preference of the tasks it starts (`TaskExecutor`: `Task(executorPreference:)`), so that a hop
/// between them is a queue append on one thread (`EventLoop`'s note says why); and to read the
/// descriptors its links own (`watch`), so that a packet is read where its reader runs.
///
/// Every actor takes one at creation. The appliance gives them the process's loop (`EventLoop.shared`;
/// the simulated devices `EventLoop.peripherals`); a test gives them a loop it runs by hand
/// (WayfinderTestKit's `TestEventLoop`, as swift-nio's `EmbeddedEventLoop`), so that it can run them
/// until nothing is left to do, instead of waiting on the wall clock for another thread to. Such a
/// loop reads its watched descriptors without blocking each time it runs out of jobs: a packet written
/// to one end of a socketpair is in the other end's buffer when `send` returns, so two sides of a
/// link on one test loop talk to each other deterministically.
package protocol ActorExecutor: SerialExecutor, TaskExecutor {
    /// Runs `body` on the loop's thread, after the jobs already queued.
    func execute(_ body: @escaping @Sendable () -> Void)
    /// Calls `readable` on the loop's thread whenever `fd` has input, has hung up or is in error
    /// (poll(2)), until `unwatch(fd)`. The owner closes the descriptor only on the loop's thread, after
    /// `unwatch`. `readable` reads without blocking and a bounded amount.
    func watch(_ fd: Int32, readable: @escaping @Sendable () -> Void)
    /// Stops polling `fd`. Called on the loop's thread, before the descriptor is closed.
    func unwatch(_ fd: Int32)
}
