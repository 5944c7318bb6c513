/// What `wayfinder status` shows of the outbox.
package struct OutboxStatus: Sendable, Hashable {
    /// Files found or recorded and not yet stored, and their bytes.
    package var pendingFiles = 0
    package var pendingBytes: Int64 = 0
    package var conflicts: [String] = []
    /// The key last stored, and when (the events' clock).
    package var lastSuccessKey: String?
    package var lastSuccessAt: Duration = .zero
    package var lastError: String?
    /// Why nothing is sent until something changes (403, a record that cannot be written), if so.
    package var stopped: String?
    /// The server's error code when it refused the credentials (403): the stop a command reports as
    /// EX_NOPERM rather than as a local failure.
    package var refusedCode: String?
    /// Holding everything while a walk is in progress (`when = "idle"`).
    package var holding = false

    package init() {}
}
