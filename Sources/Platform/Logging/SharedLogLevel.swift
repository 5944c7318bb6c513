import Logging
import Synchronization

/// A log level that many handlers read, so that changing it here changes it for every logger made
/// with it, the ones already handed out included (a configuration reload changes `log_level`).
package final class SharedLogLevel: Sendable {
    private let index: Atomic<Int>

    package init(_ level: Logger.Level) {
        index = Atomic(Self.index(of: level))
    }

    package var level: Logger.Level {
        let i = index.load(ordering: .relaxed)
        let levels = Logger.Level.allCases
        return levels.indices.contains(i) ? levels[i] : .info
    }

    package func set(_ level: Logger.Level) {
        index.store(Self.index(of: level), ordering: .relaxed)
    }

    private static func index(of level: Logger.Level) -> Int {
        Logger.Level.allCases.firstIndex(of: level) ?? 2
    }
}
