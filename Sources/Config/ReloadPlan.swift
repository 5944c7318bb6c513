/// What a reload does with the file it has just read: refuse it, or move to it, applying what can
/// be applied while running and naming what waits for a restart. Pure; the appliance carries it out.
package enum ReloadPlan: Sendable {
    /// The file does not load: nothing changes, and every issue is logged with its file and line.
    case refused(path: String, issues: [ConfigIssue])
    /// The file loads. `effective` is what is in force afterwards: the running configuration with the
    /// candidate's live keys (the restart-only keys keep their running values until a restart, so a
    /// later reload still names them).
    case apply(ConfigurationChange, effective: WayfinderConfiguration)

    package init(running: WayfinderConfiguration, candidate: Result<WayfinderConfiguration, ConfigError>) {
        switch candidate {
        case .failure(let error):
            self = .refused(path: running.sourcePath, issues: error.issues)
        case .success(let loaded):
            self = .apply(ConfigurationChange(from: running, to: loaded), effective: running.takingLiveSettings(from: loaded))
        }
    }

    /// The command that applies the restart-only keys on a systemd installation.
    package static let restartCommand = "systemctl restart wayfinder"

    /// The part of systemd's `STATUS=` line that stays true after the reload: a refused file, or keys
    /// waiting for a restart; nil when neither.
    package var status: String? {
        switch self {
        case .refused(_, let issues):
            return "configuration reload refused (\(issues.count) error\(issues.count == 1 ? "" : "s")), previous configuration in force"
        case .apply(let change, _):
            guard !change.needsRestart.isEmpty else { return nil }
            let keys = change.needsRestart.map(\.keyPath)
            let more = keys.count > 3 ? " and \(keys.count - 3) more" : ""
            return "restart to apply \(keys.prefix(3).joined(separator: ", "))\(more)"
        }
    }

    /// What the log says: a summary line, then one line per issue, or per changed key (applied ones
    /// first, then those needing a restart).
    package var logLines: [String] {
        switch self {
        case .refused(let path, let issues):
            let noun = issues.count == 1 ? "error" : "errors"
            return ["configuration reload refused: \(path) has \(issues.count) \(noun); the running configuration stays in force"]
                + issues.map(\.description)
        case .apply(let change, let effective):
            let path = effective.sourcePath
            if change.isEmpty { return ["configuration reloaded from \(path): no change"] }
            var summary = "configuration reloaded from \(path): \(change.applied.count) change\(change.applied.count == 1 ? "" : "s") applied"
            if !change.needsRestart.isEmpty {
                summary += ", \(change.needsRestart.count) not applied until a restart (\(Self.restartCommand))"
            }
            return [summary]
                + change.applied.map { "applied: \($0)" }
                + change.needsRestart.map { "needs a restart (\(Self.restartCommand)): \($0)" }
        }
    }
}
