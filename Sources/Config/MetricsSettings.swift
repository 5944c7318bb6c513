/// What `[metrics]` says: where the appliance writes its metrics for node_exporter's textfile
/// collector, and how often (docs/metrics.md). Without the table no metrics are kept or written.
package struct MetricsSettings: Sendable, Hashable {
    /// The directory node_exporter's `--collector.textfile.directory` names; the file in it is
    /// `wayfinder.prom`.
    package var textfileDirectory: String
    /// Seconds between two writes of the file.
    package var intervalSeconds: Int

    /// Debian's prometheus-node-exporter reads this directory by default (its
    /// `--collector.textfile.directory`).
    package static let defaultTextfileDirectory = "/var/lib/prometheus/node-exporter"
    /// Prometheus scrapes every 15 s to 1 min as usually set up; a write every 30 s keeps a scrape's
    /// values at most half a minute old for one wake-up of the Pi per half minute.
    package static let defaultIntervalSeconds = 30
    /// One second at the most often (a bench), an hour at the least.
    package static let intervalRange = 1...3600

    package init(textfileDirectory: String = defaultTextfileDirectory, intervalSeconds: Int = defaultIntervalSeconds) {
        self.textfileDirectory = textfileDirectory
        self.intervalSeconds = intervalSeconds
    }

    /// One line for `config check` and the log.
    package var summary: String {
        let directory = textfileDirectory.hasSuffix("/") ? String(textfileDirectory.dropLast()) : textfileDirectory
        return "\(directory)/wayfinder.prom, rewritten every \(intervalSeconds) s"
    }
}
