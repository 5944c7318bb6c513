/// What an actor, and the tasks that carry its messages, need from the thread they run on: to be the
/// actor's executor (`SerialExecutor`: `unownedExecutor` returns `asUnownedSerialExecutor()`) and the
/// preference of the tasks it starts (`TaskExecutor`: `Task(executorPreference:)`), so that a hop
/// between them is a queue append on one thread (`EventLoop`'s note says why).
///
/// Every actor takes one at creation. The appliance gives them the process's loop (`EventLoop.shared`;
/// the simulated devices `EventLoop.peripherals`); a test gives them a loop it runs by hand
/// (WayfinderTestKit's `TestEventLoop`, as swift-nio's `EmbeddedEventLoop`), so that it can run them
/// until nothing is left to do, instead of waiting on the wall clock for another thread to.
package protocol ActorExecutor: SerialExecutor, TaskExecutor {}
