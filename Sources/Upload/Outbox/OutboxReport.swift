/// One line for the log, and the status after it.
package struct OutboxReport: Sendable, Hashable {
    package enum Level: Sendable, Hashable { case info, warning, error }

    package var level: Level
    package var line: String
    package var status: OutboxStatus

    package init(level: Level, line: String, status: OutboxStatus) {
        self.level = level
        self.line = line
        self.status = status
    }
}
