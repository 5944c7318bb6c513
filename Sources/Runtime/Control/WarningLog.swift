import Logging
import Platform
import Status
import Synchronization

/// The most recent warnings and errors of every logger, for `wayfinder status`: a person on the
/// other end of SSH sees what went wrong without searching the journal. A warning logged again is
/// kept once, with how many times.
package final class WarningLog: Sendable {
    /// How many are kept; older ones drop out.
    package static let capacity = 10

    private let entries = Mutex<[StatusWarning]>([])
    private let clock = Mutex<SessionClock?>(nil)

    package init() {}

    /// The timeline the warnings are stamped on (the appliance's clock, once it exists); before it,
    /// they are stamped at zero.
    package func attach(_ clock: SessionClock) {
        self.clock.withLock { $0 = clock }
    }

    package func record(level: Logger.Level, source: String, message: String) {
        guard level >= .warning else { return }
        let at = clock.withLock { $0?.elapsed.inSeconds } ?? 0
        var entry = StatusWarning(atSeconds: at, source: source, level: level.rawValue, message: message)
        entries.withLock { list in
            // The same warning again moves to the end with its count, so a device that keeps failing
            // the same way takes one line, not all ten.
            if let same = list.firstIndex(where: { $0.source == source && $0.level == entry.level && $0.message == message }) {
                entry.times = (list[same].times ?? 1) + 1
                list.remove(at: same)
            }
            list.append(entry)
            if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
        }
    }

    package var recent: [StatusWarning] { entries.withLock { $0 } }

    /// A log handler that records into `log`; put beside the one that prints (`MultiplexLogHandler`).
    package func handler(label: String) -> some LogHandler { Recorder(label: label, log: self) }

    struct Recorder: LogHandler {
        let label: String
        let log: WarningLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.record(level: event.level, source: label, message: "\(event.message)")
        }
    }
}
