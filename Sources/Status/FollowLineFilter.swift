/// When `wayfinder status --follow` prints its line: when something a person reads in it changes,
/// not at every status the appliance sends (one per fix and belt update: sixty a second at 60×).
///
/// - The line is compared as it is printed (`StatusPage.line`), less the clocks that tick by
///   themselves (the uptime, the fix's age, the time walked): a distance that moves within its
///   printed rounding changes nothing.
/// - Milestones print at once: the route's state and waypoint, off route, a fix or none, the belt's
///   link, an actor in trouble.
/// - Readings that move with every step (the distances, the belt's direction) print at most once per
///   `readingInterval`, the latest of them; one held back is due at `deadline`.
///
/// Pure: the follower's clock is passed in.
package struct FollowLineFilter: Sendable {
    package let readingInterval: Duration
    private var printedMilestones: String?
    private var printedReadings: String?
    private var printedAt: Duration = .zero
    private var held: StatusReport?

    package init(readingInterval: Duration = .seconds(5)) {
        self.readingInterval = readingInterval
    }

    /// The line to print for `report`, received at `now`; nil to print nothing (yet).
    package mutating func offer(_ report: StatusReport, at now: Duration) -> String? {
        let milestones = Self.milestones(report)
        guard milestones == printedMilestones else { return print(report, at: now) }
        if Self.readings(report) == printedReadings {
            held = nil
            return nil
        }
        if now - printedAt >= readingInterval { return print(report, at: now) }
        held = report
        return nil
    }

    /// When a reading held back is due (nil: none is).
    package var deadline: Duration? { held == nil ? nil : printedAt + readingInterval }

    /// The held-back line, once its time has come.
    package mutating func due(at now: Duration) -> String? {
        guard let held, let deadline, now >= deadline else { return nil }
        return print(held, at: now)
    }

    private mutating func print(_ report: StatusReport, at now: Duration) -> String {
        printedMilestones = Self.milestones(report)
        printedReadings = Self.readings(report)
        printedAt = now
        held = nil
        return StatusPage.line(report)
    }

    /// The line as printed, with the self-ticking clocks stopped.
    static func readings(_ report: StatusReport) -> String {
        var r = report
        r.uptimeSeconds = 0
        if r.gps?.fixAgeSeconds != nil { r.gps?.fixAgeSeconds = 0 }
        r.route?.elapsedSeconds = 0
        return StatusPage.line(r)
    }

    /// The line without the readings that move with every step.
    static func milestones(_ report: StatusReport) -> String {
        var r = report
        r.route?.distanceToWaypointMetres = nil
        r.route?.distanceToEndMetres = nil
        r.belt?.lastDirectionDegrees = nil
        return readings(r)
    }
}
