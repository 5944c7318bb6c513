import Logging
import Platform
import Synchronization

/// Collects log lines so a test can assert on what the appliance told its operator.
package final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])
    package let level: Logger.Level
    /// Also echo to stderr (handy when a test fails).
    package let echo: Bool

    package init(level: Logger.Level = .debug, echo: Bool = false) {
        self.level = level
        self.echo = echo
    }

    package func logger(_ label: String) -> Logger {
        Logger(label: label) { label in
            LineLogHandler(label: label, level: self.level, format: .journal) { line in
                self.lines.withLock { $0.append(line) }
                if self.echo { LineLogHandler.standardError(line) }
            }
        }
    }

    package var all: [String] { lines.withLock { $0 } }

    package func matching(_ text: String) -> [String] { all.filter { $0.contains(text) } }
}
