import Vocabulary

/// `wayfinder status` for a person: one labelled line per part, within 80 columns where the values
/// allow, and `--follow`'s one line per change.
package enum StatusPage {
    /// The whole page.
    package static func render(_ report: StatusReport) -> String {
        var rows: [(String, String)] = [("wayfinder", "\(report.wayfinderVersion), up \(DurationFormat.text(seconds: report.uptimeSeconds))")]
        if let route = report.route { rows.append(("route", routeLine(route))) }
        if let gps = report.gps { rows.append(("gps", gpsLine(gps))) }
        if let heading = report.heading { rows.append(("heading", headingLine(heading))) }
        if let belt = report.belt { rows.append(("belt", beltLine(belt))) }
        if let touchCase = report.touchCase { rows.append(("touch case", touchCaseLine(touchCase))) }
        if let pencil = report.pencil { rows.append(("pencil", pencilLine(pencil))) }
        if let supply = report.supply { rows.append(("pi supply", supplyLine(supply))) }
        if let upload = report.upload { rows.append(("upload", uploadLine(upload))) }
        rows += actorRows(report.actors)
        if report.warnings.isEmpty {
            rows.append(("warnings", "none"))
        } else {
            for (i, warning) in report.warnings.enumerated() {
                rows.append((i == 0 ? "warnings" : "", "\(clock(warning.atSeconds)) \(warning.source): \(warning.message)"
                              + (warning.times.map { $0 > 1 ? " (\($0) times, the last shown)" : "" } ?? "")))
            }
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, text in
            label + String(repeating: " ", count: width - label.count + 2) + text
        }.joined(separator: "\n") + "\n"
    }

    /// One line for `--follow`: what a person watching a walk looks at.
    package static func line(_ report: StatusReport) -> String {
        var parts = ["t+\(clock(report.uptimeSeconds))"]
        if let route = report.route { parts.append(routeLine(route)) }
        if let gps = report.gps {
            parts.append(gps.fixAgeSeconds.map { "fix \(DurationFormat.text(seconds: $0)) old" } ?? "no fix")
        }
        if let belt = report.belt {
            parts.append("belt \(belt.link.rawValue)" + (belt.lastDirectionDegrees.map { ", pointing \(Int(degrees: $0))°" } ?? ""))
        }
        let troubled = report.actors.filter { $0.state != .running }
        if !troubled.isEmpty { parts.append(troubled.map { "\($0.name) \($0.state.rawValue)" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    // MARK: Parts

    static func routeLine(_ r: RouteStatus) -> String {
        var text: String
        switch r.state {
        case .arrived: return "\(r.name): arrived after \(DurationFormat.text(seconds: r.elapsedSeconds))"
        case .stopped: text = "\(r.name): stopped at waypoint \(r.waypoint) of \(r.waypointCount)"
        case .paused: text = "\(r.name): paused before waypoint \(r.waypoint) of \(r.waypointCount)"
        case .navigating: text = "\(r.name): to waypoint \(r.waypoint) of \(r.waypointCount)"
        }
        if let name = r.waypointName, !name.isEmpty { text += " \"\(name)\"" }
        if let d = r.distanceToWaypointMetres { text += ", \(DistanceFormat.text(metres: d))" }
        if let d = r.distanceToEndMetres { text += ", \(DistanceFormat.text(metres: d)) to the end" }
        if r.elapsedSeconds > 0 { text += ", \(DurationFormat.text(seconds: r.elapsedSeconds)) walked" }
        if r.offRoute { text += ", OFF ROUTE" }
        return text
    }

    static func gpsLine(_ g: FixStatus) -> String {
        guard let age = g.fixAgeSeconds else { return "no fix yet (\(g.source))" }
        var text = g.mode == .none ? "no fix, the last \(DurationFormat.text(seconds: age)) ago" : "\(g.mode == .twoD ? "2D" : "3D") fix \(DurationFormat.text(seconds: age)) ago"
        if let n = g.satellites { text += ", \(n) satellites" }
        if let h = g.hdop { text += ", HDOP \(decimal(h, 1))" }
        if let lat = g.latitude, let lon = g.longitude { text += ", \(coordinate(lat, lon))" }
        return text + " (\(g.source))"
    }

    static func headingLine(_ h: HeadingStatus) -> String {
        switch h.source {
        case .belt: return "the belt's own compass"
        case .external:
            var text = "the Pi's compass"
            // Under a degree is below what a magnetometer's noise lets anyone claim.
            if let a = h.accuracyDegrees { text += a < 1 ? ", ±<1°" : ", ±\(Int(degrees: a))°" }
            if let age = h.ageSeconds { text += ", last \(DurationFormat.text(seconds: age)) ago" }
            return text
        }
    }

    static func beltLine(_ b: BeltStatus) -> String {
        // The one link state a user may not recognise as fine, with what brings the belt back.
        var text = b.link == .standby ? "standby (switched off: hold its power button to switch it on)" : b.link.rawValue
        if let p = b.batteryPercent {
            text += ", battery \(p) %" + (b.power == "charging" ? " (charging)" : b.power == "external" ? " (on USB)" : "")
        }
        if let m = b.mode { text += ", \(m) mode" }
        if let i = b.intensityPercent { text += ", intensity \(i) %" }
        if let d = b.lastDirectionDegrees {
            text += ", pointed \(Int(degrees: d))°"
            if let ago = b.lastSentSecondsAgo { text += " \(DurationFormat.text(seconds: ago)) ago" }
        }
        return text
    }

    static func touchCaseLine(_ c: TouchCaseStatus) -> String {
        var text = c.link.rawValue
        if !c.sides.isEmpty { text += ", sides \(c.sides.joined(separator: "+"))" }
        if c.powerSaving { text += ", power saving" }
        return text + ", \(c.touches) touch\(c.touches == 1 ? "" : "es")"
    }

    static func pencilLine(_ p: PencilStatus) -> String {
        p.state + (p.battery.map { ", battery \($0)" } ?? "") + (p.firmwareRevision.map { ", firmware \($0)" } ?? "")
            + (p.firmwareUpdate.map { " (\($0) available)" } ?? "")
    }

    static func supplyLine(_ s: SupplyStatus) -> String {
        let now = s.nowInWords, earlier = s.earlierInWords
        var text = now.isEmpty ? "normal" : now.joined(separator: ", ").uppercased()
        if !earlier.isEmpty { text += "; has occurred: " + earlier.joined(separator: ", ") }
        return text + " (\(s.source))"
    }

    /// `3 files (1.2 MB) waiting; last stored 4 min 00 s ago` and what stops or holds it.
    static func uploadLine(_ u: UploadStatus) -> String {
        var text: String
        if let stopped = u.stopped {
            text = "STOPPED: \(stopped)"
        } else if u.pendingFiles == 0 {
            text = "nothing waiting"
        } else {
            text = "\(u.pendingFiles) file\(u.pendingFiles == 1 ? "" : "s") (\(byteText(u.pendingBytes))) waiting"
                + (u.holding ? " for the walk to end" : "")
        }
        if let ago = u.lastSuccessSecondsAgo { text += "; last stored \(DurationFormat.text(seconds: ago)) ago" }
        if !u.conflicts.isEmpty { text += "; \(u.conflicts.count) in conflict" }
        if u.stopped == nil, let error = u.lastError { text += "; last error: \(error)" }
        return text
    }

    /// Bytes in SI units, one decimal from kB up.
    static func byteText(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(max(0, bytes)) B" }
        var value = Double(bytes) / 1000
        for unit in ["kB", "MB", "GB"] {
            if value < 1000 || unit == "GB" { return "\((value * 10).rounded() / 10) \(unit)" }
            value /= 1000
        }
        return "\(bytes) B"
    }

    static func actorRows(_ actors: [ActorHealth]) -> [(String, String)] {
        guard !actors.isEmpty else { return [] }
        let troubled = actors.filter { $0.state != .running }
        if troubled.isEmpty { return [("actors", "all \(actors.count) running")] }
        var rows: [(String, String)] = [("actors", "\(actors.count - troubled.count) of \(actors.count) running")]
        for actor in troubled {
            var text = "\(actor.name) \(actor.state.rawValue)"
            if actor.state == .restarting, let next = actor.nextAttemptInSeconds { text += ", next attempt in \(DurationFormat.text(seconds: next))" }
            if let reason = actor.reason { text += ": \(reason)" }
            rows.append(("", text))
        }
        return rows
    }

    // MARK: Units a person reads

    /// `hh:mm:ss` since the start.
    static func clock(_ value: Double) -> String {
        let total = value.isFinite && value >= 0 ? Int(rounding: value) : 0
        return "\(pad(total / 3600)):\(pad(total / 60 % 60)):\(pad(total % 60))"
    }

    /// `52.27912° N, 8.04721° E`.
    static func coordinate(_ latitude: Double, _ longitude: Double) -> String {
        "\(decimal(abs(latitude), 5))° \(latitude < 0 ? "S" : "N"), \(decimal(abs(longitude), 5))° \(longitude < 0 ? "W" : "E")"
    }

    static func decimal(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "?" }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let units = Int(rounding: abs(value) * Double(scale))
        let sign = value < 0 && units != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension Int {
    /// `value` rounded, clamped into what an `Int` holds (0 for NaN): status values come from the
    /// appliance's state, and a bad one must print, not trap.
    init(rounding value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN { self = 0 } else if rounded >= 9.2e18 { self = .max } else if rounded <= -9.2e18 { self = .min } else { self = Int(rounded) }
    }

    /// Degrees in 0..<360, rounded.
    init(degrees value: Double) {
        let whole = Int(rounding: value) % 360
        self = whole < 0 ? whole + 360 : whole
    }
}
