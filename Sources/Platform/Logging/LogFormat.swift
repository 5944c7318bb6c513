import Logging

/// How log lines look: with syslog priority prefixes under systemd, compact with timestamps on a terminal.
package enum LogFormat: Sendable, Hashable {
    /// `<6>navigation: message` — journald reads the `<N>` prefix as the priority, so `journalctl -p warning` works.
    case journal
    /// `12:04:05.123 info  navigation  message`.
    case terminal

    /// Under systemd (`$JOURNAL_STREAM` set, systemd.exec(5)) the output is the journal.
    package static func detect(environment: [String: String]) -> LogFormat {
        environment["JOURNAL_STREAM"].map { !$0.isEmpty } == true ? .journal : .terminal
    }

    /// syslog priority for a swift-log level (sd-daemon(3): 3 err … 7 debug).
    package static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
