import Synchronization

/// Asks a transfer in flight to stop: another thread (the owning actor, at shutdown) calls `cancel()`,
/// and the transfer ends with `TransportError.cancelled` within a second, as curl calls its progress
/// function at least once a second even when no byte moves (CURLOPT_XFERINFOFUNCTION).
package final class TransferCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    package init() {}

    package func cancel() { cancelled.store(true, ordering: .relaxed) }
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
