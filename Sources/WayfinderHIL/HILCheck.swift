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

/// Polls `condition` every 50 ms until it holds or `limit` passes.
func waitUntil(_ limit: Duration, _ what: String, _ condition: @Sendable () async -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw HILFailure("\(what): not within \(limit)")
}
