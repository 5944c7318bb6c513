import Logging
import Navigation
import Platform
import Synchronization

/// Writes the route progress off the navigation actor, after the belt has been told.
///
/// An atomic write costs two `fsync`s (the file, then its directory): milliseconds on a disk, tens of
/// them on an SD card. Made on the actor, it sat between a waypoint command and the belt's vibration.
/// Here the actor hands the progress over and goes on; the file worker's one thread (`FileWorker`)
/// writes it, in order with the track's syncs, so two writes never share `AtomicFile`'s temporary
/// file, and progress handed over while a write is under way replaces any older one still waiting:
/// only the newest progress is worth a card write.
///
/// Crash safety is the store's: each write leaves the old file or the new one. A power loss before the
/// write lands loses the same as one a moment before the command.
package final class ProgressWriter: Sendable {
    package let store: ProgressStore
    private let logger: Logger
    private let worker: FileWorker
    /// The newest progress not yet taken by the worker, and whether a drain is queued that has not yet
    /// taken it.
    private let waiting = Mutex<(progress: RouteProgress?, drainQueued: Bool)>((nil, false))

    package init(store: ProgressStore, logger: Logger, worker: FileWorker = .shared) {
        self.store = store
        self.logger = logger
        self.worker = worker
    }

    /// Hands `progress` to the worker and returns at once.
    package func save(_ progress: RouteProgress) {
        let queueDrain = waiting.withLock { waiting in
            defer { waiting = (progress, true) }
            return !waiting.drainQueued
        }
        if queueDrain { worker.async { self.drain() } }
    }

    /// Returns when every progress handed over before the call is on disk (or its write has failed and
    /// been logged).
    package func written() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            worker.async { done.resume() }
        }
    }

    private func drain() {
        let progress = waiting.withLock { waiting in
            defer { waiting = (nil, false) }
            return waiting.progress
        }
        guard let progress else { return }
        do {
            if let warning = try store.save(progress) {
                logger.warning("route progress saved, but \(warning); navigation goes on")
            }
        } catch {
            logger.error("could not save route progress to \(store.path): \(error); navigation goes on, but a restart will begin at the last saved waypoint")
        }
    }
}
