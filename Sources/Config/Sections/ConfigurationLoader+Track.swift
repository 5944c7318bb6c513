/// The reader of `[track]`.
extension ConfigurationLoader {
    /// `[track]`: whether the walk is recorded and how many walks, and how many days of them, are kept.
    func readTrack(_ t: TableReader?) -> TrackSettings {
        var settings = TrackSettings()
        guard let t else { return settings }
        if let v = t.bool("enabled") { settings.enabled = v }
        if let v = t.int("keep_walks", in: TrackSettings.keepWalksRange, unit: " walks") { settings.keepWalks = v }
        if let v = t.int("keep_days", in: TrackSettings.keepDaysRange, unit: " days") { settings.keepDays = v }
        t.rejectUnknownKeys()
        return settings
    }
}
