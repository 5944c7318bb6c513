/// What the log says of a guidance event: its level and its words, "t+mm:ss" first. Pure, so the
/// wording is tested on its output; the navigation actor only hands the line to its logger.
/// Distances and durations are written by Vocabulary's `DistanceFormat` and `DurationFormat`.
package struct GuidanceLogLine: Sendable, Hashable {
    /// The logger's levels these lines use (swift-log's `info`, `notice`, `warning`).
    package enum Level: Sendable, Hashable {
        case info, notice, warning
    }

    package var level: Level
    package var text: String

    package init(level: Level, text: String) {
        self.level = level
        self.text = text
    }

    /// The line for `event` at `elapsed` session time on `route`; every guidance event has one.
    package init(_ event: GuidanceEvent, at elapsed: Duration, route: Route) {
        let t = "t+\(elapsed.clockString)"
        func label(_ index: Int) -> String { Self.waypointLabel(index, on: route) }
        func label(_ index: Int, _ name: String?) -> String { Self.waypointLabel(index, named: name, on: route) }
        switch event {
        case .started(let index, _):
            self.init(level: .notice, text: "\(t) navigation started: walking to waypoint \(label(index))")
        case .paused: self.init(level: .notice, text: "\(t) navigation paused")
        case .resumed: self.init(level: .notice, text: "\(t) navigation resumed")
        case .stopped: self.init(level: .notice, text: "\(t) navigation stopped")
        case .waypointReached(let index, let name):
            self.init(level: .notice, text: "\(t) reached waypoint \(label(index, name))")
        case .skipped(let index, let name):
            self.init(level: .notice, text: "\(t) skipped ahead: now walking to waypoint \(label(index, name))")
        case .wentBack(let index, let name):
            self.init(level: .notice, text: "\(t) went back: now walking to waypoint \(label(index, name))")
        case .destinationReached:
            self.init(level: .notice, text: "\(t) destination reached")
        case .destinationSignalStopped:
            self.init(level: .info, text: "\(t) destination signal stopped")
        case .fixLost(let after):
            self.init(level: .warning,
                      text: "\(t) no GPS fix for \(DurationFormat.text(after)): warning the wearer and holding the belt silent")
        case .fixRegained:
            self.init(level: .notice, text: "\(t) GPS fix back")
        case .headingFallback(let after):
            self.init(level: .warning,
                      text: "\(t) no compass heading for \(DurationFormat.text(after)): the belt's own compass takes over "
                          + "(magnetic bearings) until the compass answers again")
        case .headingRestored:
            self.init(level: .notice, text: "\(t) compass heading back: directions are relative to the body again")
        case .offRoute(let distance, let leg):
            self.init(level: .warning,
                      text: "\(t) off route: \(DistanceFormat.text(metres: distance)) from the leg to waypoint \(label(leg)); "
                          + "warning the wearer, the belt points the way back")
        case .backOnRoute(let distance):
            self.init(level: .notice, text: "\(t) back on route (\(DistanceFormat.text(metres: distance)) from the leg)")
        case .routeChanged(let index, _, let kept):
            let how = kept ? "the same points, progress kept" : "the new route from its first waypoint"
            self.init(level: .notice, text: "\(t) route changed: next waypoint \(label(index)) (\(how))")
        case .routePlanned(let purpose, let destination, let metres, let turns, let crossings, let steps):
            func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
            let whither = destination.map { "to \($0)" } ?? "back to the route"
            self.init(level: .notice, text: "\(t) \(purpose): \(DistanceFormat.text(metres: metres)) \(whither), \(count(turns, "turn", "turns")), "
                      + "\(count(crossings, "crossing", "crossings")), \(count(steps, "flight", "flights")) of steps")
        case .commandIgnored(let command, let reason):
            self.init(level: .info, text: "\(t) \(command) ignored: \(reason)")
        case .declination(let degrees, true, _):
            self.init(level: .info, text: "\(t) declination \(Self.degrees(degrees)) (WMM2025 at this fix)")
        case .declination(let degrees, false, let why):
            self.init(level: .warning,
                      text: "\(t) declination: using the configured \(Self.degrees(degrees)), the model cannot be used: \(why ?? "unknown")")
        case .progress(let p):
            let belt = p.beltDirection.map { "belt → \($0)° \(p.isMagneticBearing ? "magnetic" : "from front")" } ?? "belt silent"
            self.init(level: .info,
                      text: "\(t) waypoint \(label(p.waypointIndex, p.waypointName)) · \(DistanceFormat.text(metres: p.distanceToWaypoint)) to go · "
                          + "\(DistanceFormat.text(metres: p.distanceRemaining)) left · \(belt) (true bearing \(Self.wholeDegrees(p.trueBearing))°)")
        }
    }

    /// "3/10", or "3/10 \"Market\"" when the route names the waypoint.
    package static func waypointLabel(_ index: Int, on route: Route) -> String {
        let waypoints = route.waypoints
        return waypointLabel(index, named: waypoints.indices.contains(index) ? waypoints[index].name : nil, on: route)
    }

    /// "3/10", or "3/10 \"Market\"" with the name an event carries.
    static func waypointLabel(_ index: Int, named name: String?, on route: Route) -> String {
        let n = "\(index &+ 1)/\(route.waypoints.count)"
        return name.map { "\(n) \"\($0)\"" } ?? n
    }

    /// A declination to a tenth of a degree, east or west; "?" when it is not a number.
    static func degrees(_ d: Double) -> String {
        guard d.isFinite else { return "?" }
        return "\((d * 10).rounded() / 10)° \(d >= 0 ? "east" : "west")"
    }

    /// A bearing from the geodesy; a position that is not finite gives one that is not a number,
    /// which prints as "?" rather than trapping on its conversion to an integer.
    static func wholeDegrees(_ d: Double) -> String {
        guard d.isFinite, abs(d) < 1e15 else { return "?" }
        return String(Int(d.rounded()))
    }
}
