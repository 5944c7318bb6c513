/// The reader of `[metrics]`.
extension ConfigurationLoader {
    /// `[metrics]`: nil without the table (no metrics are kept or written); its keys' problems are
    /// reported and leave their defaults.
    func readMetrics(_ t: TableReader?, directory: String) -> MetricsSettings? {
        guard let t else { return nil }
        var settings = MetricsSettings()
        if let d = t.string("textfile_directory") {
            if d.isEmpty {
                t.report("textfile_directory", "is empty; name node_exporter's textfile directory, e.g. \"\(MetricsSettings.defaultTextfileDirectory)\"")
            } else if d.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                t.report("textfile_directory", "contains a control character")
            } else {
                settings.textfileDirectory = d.hasPrefix("/") ? d : "\(directory)/\(d)"
            }
        }
        if let s = t.int("interval_s", in: MetricsSettings.intervalRange, unit: " s") { settings.intervalSeconds = s }
        t.rejectUnknownKeys()
        return settings
    }
}
