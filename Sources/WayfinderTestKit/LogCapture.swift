import Logging
import Platform
import Synchronization

/// Collects log lines so a test can assert on what the appliance told its operator.
public final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])
    public let level: Logger.Level
    /// Also echo to stderr (handy when a test fails).
    public let echo: Bool

    public init(level: Logger.Level = .debug, echo: Bool = false) {
        self.level = level
        self.echo = echo
    }

    public func logger(_ label: String) -> Logger {
        Logger(label: label) { label in
            LineLogHandler(label: label, level: self.level, format: .journal) { line in
                self.lines.withLock { $0.append(line) }
                if self.echo { LineLogHandler.standardError(line) }
            }
        }
    }

    public var all: [String] { lines.withLock { $0 } }

    public func matching(_ text: String) -> [String] { all.filter { $0.contains(text) } }
}
