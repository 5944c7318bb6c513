import Navigation

/// What differs between the configuration in force and a newly loaded one, key by key, split into what
/// a reload applies and what only a restart does. Pure: a reload, its log and its tests share it.
package struct ConfigurationChange: Sendable, Hashable {
    /// One key whose value differs; `unset` stands for a key the file does not (or no longer) give.
    package struct Difference: Sendable, Hashable, CustomStringConvertible {
        package var keyPath: String
        package var old: String
        package var new: String

        package init(keyPath: String, old: String, new: String) {
            self.keyPath = keyPath
            self.old = old
            self.new = new
        }

        package var description: String { "\(keyPath): \(old) → \(new)" }
    }

    /// Differences a reload applies to the running appliance.
    package var applied: [Difference]
    /// Differences that take effect only after `systemctl restart wayfinder`.
    package var needsRestart: [Difference]

    package var isEmpty: Bool { applied.isEmpty && needsRestart.isEmpty }

    package static let unset = "unset"

    package init(applied: [Difference] = [], needsRestart: [Difference] = []) {
        self.applied = applied
        self.needsRestart = needsRestart
    }

    package init(from running: WayfinderConfiguration, to candidate: WayfinderConfiguration) {
        let old = running.settings, new = candidate.settings
        let oldValues = Dictionary(old.map { ($0.keyPath, $0) }, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(new.map { ($0.keyPath, $0) }, uniquingKeysWith: { first, _ in first })
        var keys: [String] = []
        var seen: Set<String> = []
        for setting in old + new where seen.insert(setting.keyPath).inserted { keys.append(setting.keyPath) }
        var applied: [Difference] = [], needsRestart: [Difference] = []
        if let route = Self.route(running, candidate) { applied.append(route) }
        for key in keys {
            let before = oldValues[key], after = newValues[key]
            guard before?.value != after?.value, let effect = (after ?? before)?.effect else { continue }
            let difference = Difference(keyPath: key, old: before?.value ?? Self.unset, new: after?.value ?? Self.unset)
            switch effect {
            case .live: applied.append(difference)
            case .restart: needsRestart.append(difference)
            }
        }
        self.init(applied: applied, needsRestart: needsRestart)
    }

    /// `route.gpx`: another file, or the same file edited (its points, or only names). A file that
    /// parses to the same route is no change.
    private static func route(_ running: WayfinderConfiguration, _ candidate: WayfinderConfiguration) -> Difference? {
        guard running.routePath != candidate.routePath || running.route != candidate.route else { return nil }
        func describe(_ c: WayfinderConfiguration, _ note: String = "") -> String {
            let count = c.route.waypoints.count
            return "\(Render.string(c.routePath)) (\(count) waypoint\(count == 1 ? "" : "s")\(note))"
        }
        var note = ""
        if running.routePath == candidate.routePath {
            note = running.route.identity == candidate.route.identity ? ", edited: same points" : ", edited: points changed"
        }
        return Difference(keyPath: "route.gpx", old: describe(running), new: describe(candidate, note))
    }
}
