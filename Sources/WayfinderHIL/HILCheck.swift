import Platform

/// One hardware-in-loop check: a name for the PASS/FAIL line and a body that throws on failure.
struct HILCheck: Sendable {
    let name: String
    let body: @Sendable (HILEnvironment) async throws -> Void
}

/// Why a check failed, in words for the FAIL line.
struct HILFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Fails the check with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw HILFailure(message()) }
}

/// Runs `body` with a deadline; a check that hangs fails instead of stalling the rig.
func within<T: Sendable>(_ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withDeadline(limit, timeout: { HILFailure("\(what): nothing within \(limit)") }, body)
}

/// Polls `condition` every `interval` until it holds or `limit` passes. A condition that runs a tool
/// (systemctl, journalctl) wants a second or so: the guest has one CPU, and a process started every
/// 50 ms starves the simulated peripherals the appliance is talking to.
func waitUntil(_ limit: Duration, _ what: String, every interval: Duration = .milliseconds(50),
               _ condition: @Sendable () async -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: interval)
    }
    throw HILFailure("\(what): not within \(limit)")
}
