import Platform
import Synchronization

/// Whether anything uses a sensor's readings, so that its reader can wait while nothing does:
/// - the compass's headings (`HeadingDemand`): route guidance uses them only with
///   `heading_source = "external"`; with `"belt"` (the shipped setting) it steers by the belt's own
///   compass and would throw every heading away. The compass reader waits while nobody wants its
///   headings, and starts reading when a configuration reload asks for them.
/// - the GPS fixes (`FixDemand`): route guidance steers by them while a walk is under way (navigating
///   or paused); while it is stopped only the status shows the latest fix. The navigation actor sets
///   it as its state changes. The DDC poller polls the receiver rarely while nobody wants fixes
///   (`DDCIdlePolls`), and a walk that starts cuts its long wait short, so the first fix does not
///   wait for the next idle poll.
package final class SensorDemand: Sendable {
    private struct State {
        var wanted: Bool
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<State>

    package init(wanted: Bool) {
        state = Mutex(State(wanted: wanted))
    }

    package var isWanted: Bool { state.withLock { $0.wanted } }

    /// The readings are wanted from now on (true), or no longer (false).
    package func set(_ wanted: Bool) {
        let woken: [CheckedContinuation<Void, Never>] = state.withLock { s in
            s.wanted = wanted
            guard wanted else { return [] }
            defer { s.waiters.removeAll() }
            return Array(s.waiters.values)
        }
        woken.forEach { $0.resume() }
    }

    /// Returns once the readings are wanted, or when the calling task is cancelled.
    package func untilWanted() async {
        let id: UInt64 = state.withLock { s in
            defer { s.nextWaiter += 1 }
            return s.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = state.withLock { s in
                    if s.wanted || Task.isCancelled { return true }
                    s.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Sleeps `duration` on `clock` (or up to `tolerance` longer, `SessionClock.sleep`), or until the
    /// readings are wanted, whichever comes first; throws only when the calling task is cancelled. The
    /// two waits are child tasks, which keep the caller's executor preference (SE-0417), so neither
    /// wakes a thread of the global pool.
    package nonisolated(nonsending) func sleep(for duration: Duration, tolerance: Duration? = nil, clock: SessionClock) async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: duration, tolerance: tolerance) }
            group.addTask { await self.untilWanted() }
            _ = await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }
}

/// The compass's demand (`SensorDemand`).
package typealias HeadingDemand = SensorDemand

/// The GPS receiver's demand (`SensorDemand`).
package typealias FixDemand = SensorDemand
