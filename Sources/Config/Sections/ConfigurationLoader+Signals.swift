import Navigation

/// The reader of `[signals]` (docs/signals.md).
extension ConfigurationLoader {
    /// `[signals]`: a `true`/`false` key per state signal and per navigation signal that can be
    /// turned off, and the damping of the lasting ones. The navigation signals' switches go into
    /// `guidance`, which plays them.
    func readSignals(_ t: TableReader?, guidance: inout GuidanceParameters?) -> SignalSettings {
        var settings = SignalSettings()
        guard let t else { return settings }
        for signal in WearerSignal.allCases {
            if let on = t.bool(signal.configKey), !on { settings.disabled.insert(signal) }
        }
        if let on = t.bool("waypoint_approach") { guidance?.waypointSignals = on }
        if let on = t.bool("turn") { guidance?.turnSignal = on }
        if let on = t.bool("destination_repeated") { guidance?.destinationRepeated = on }
        if let v = t.double("lost_after_s", in: SignalSettings.lostAfterRange, unit: " s") { settings.lostAfter = .seconds(v) }
        if let v = t.double("min_interval_s", in: SignalSettings.minimumIntervalRange, unit: " s") {
            settings.minimumInterval = .seconds(v)
        }
        if let v = t.double("repeat_s", in: SignalSettings.repeatIntervalRange, unit: " s") { settings.repeatInterval = .seconds(v) }
        if settings.repeatInterval < settings.minimumInterval {
            t.report("repeat_s", "repeat_s (\(Int(settings.repeatInterval.inSeconds)) s) must be at least min_interval_s (\(Int(settings.minimumInterval.inSeconds)) s): no signal plays more often than min_interval_s")
        }
        t.rejectUnknownKeys()
        return settings
    }
}
