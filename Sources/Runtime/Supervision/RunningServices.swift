import ServiceLifecycle
import Synchronization

/// Which of the service group's services are running, and which of those were asked to stop
/// (a graceful shutdown or a cancellation reached them) and have not returned: what a stop that
/// overruns its limit names (`StopDeadline`), so the log says which part held it.
package final class RunningServices: Sendable {
    private struct Entry {
        let index: Int
        let name: String
        var askedToStop = false
    }

    private let running = Mutex<[Entry]>([])

    package init() {}

    /// The services that have started and not yet returned, in the group's order.
    package var names: [String] {
        running.withLock { entries in entries.sorted { $0.index < $1.index }.map(\.name) }
    }

    /// Those of them that were asked to stop: the ones a stop is waiting for.
    package var holdingTheStop: [String] {
        running.withLock { entries in entries.filter(\.askedToStop).sorted { $0.index < $1.index }.map(\.name) }
    }

    /// `services`, each run through this record. The group sees the same names and termination
    /// behaviours; each service runs in its own task as before, with the same task-locals.
    package func tracking(_ services: [ServiceGroupConfiguration.ServiceConfiguration]) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        services.enumerated().map { index, configuration in
            var tracked = configuration
            tracked.service = TrackedService(inner: configuration.service, index: index,
                                             name: configuration.serviceName, record: self)
            return tracked
        }
    }

    fileprivate func started(_ index: Int, _ name: String) {
        running.withLock { $0.append(Entry(index: index, name: name)) }
    }

    fileprivate func askedToStop(_ index: Int) {
        running.withLock { entries in
            for i in entries.indices where entries[i].index == index { entries[i].askedToStop = true }
        }
    }

    fileprivate func finished(_ index: Int) {
        running.withLock { entries in entries.removeAll { $0.index == index } }
    }
}

private struct TrackedService: Service {
    let inner: any Service
    let index: Int
    let name: String
    let record: RunningServices

    func run() async throws {
        record.started(index, name)
        defer { record.finished(index) }
        let record = self.record, index = self.index
        try await withTaskCancellationOrGracefulShutdownHandler {
            try await inner.run()
        } onCancelOrGracefulShutdown: {
            record.askedToStop(index)
        }
    }
}
