import Synchronization

/// Whether anything uses the compass's headings. Route guidance does only with
/// `heading_source = "external"`; with `"belt"` (the shipped setting) it steers by the belt's own
/// compass and would throw every heading away. The compass reader waits while nobody wants its
/// headings, and starts reading when a configuration reload asks for them.
package final class HeadingDemand: Sendable {
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

    /// Headings are wanted from now on (true), or no longer (false).
    package func set(_ wanted: Bool) {
        let woken: [CheckedContinuation<Void, Never>] = state.withLock { s in
            s.wanted = wanted
            guard wanted else { return [] }
            defer { s.waiters.removeAll() }
            return Array(s.waiters.values)
        }
        woken.forEach { $0.resume() }
    }

    /// Returns once headings are wanted, or when the calling task is cancelled.
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
}
