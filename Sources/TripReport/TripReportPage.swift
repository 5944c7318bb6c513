import Navigation

/// One report being written: the inputs, the figures and the map frame made from them once, and the
/// page's parts (the map, the timeline and the tables are in the extensions beside this file).
struct TripReportPage {
    let track: WalkedTrack
    let route: Route?
    /// The journal's records in time order, non-finite times dropped.
    let events: [TripEvent]
    let skippedJournalLines: Int
    let title: String
    let generatedAt: Double?
    let trackFile: String?
    let routeFile: String?
    let journalFile: String?
    let statistics: TripStatistics
    let frame: MapFrame?
    /// The track in the frame's projection.
    let samples: TrackSamples
    let clock: TrackClock
    /// When the appliance first started in the journal: the walk's own beginning, not a restart.
    let firstStart: Double?
    /// The map's streets around the walk, when a map was given.
    let streets: ReportStreets?

    init(track: WalkedTrack, route: Route?, events: [TripEvent], skippedJournalLines: Int, title: String?,
         generatedAt: Double?, trackFile: String?, routeFile: String?, journalFile: String?, streets: ReportStreets? = nil) {
        self.track = track
        self.route = route
        self.events = JournalSpans.ordered(events)
        firstStart = self.events.first { $0.kind == .applianceStarted }?.time
        self.skippedJournalLines = max(0, skippedJournalLines)
        let named = [title, route?.name, track.name].compactMap { $0 }
        self.title = named.first { !$0.allSatisfy(\.isWhitespace) } ?? "Walk"
        self.generatedAt = generatedAt
        self.trackFile = trackFile
        self.routeFile = routeFile
        self.journalFile = journalFile
        self.streets = streets
        statistics = TripStatistics(track: track, route: route, events: events)
        let frame = Self.frame(track: track, route: route)
        self.frame = frame
        let projection = frame?.projection ?? LocalProjection(center: Coordinate(latitude: 0, longitude: 0))
        // Only positions, times and fix quality are drawn; the cross-track errors are the figures'.
        samples = TrackSamples(track: track, projection: projection, route: [])
        clock = TrackClock(samples: samples)
    }

    /// The map's frame: around the track and the route's waypoints; nil when neither has a point.
    static func frame(track: WalkedTrack, route: Route?) -> MapFrame? {
        let routeCoordinates = (route?.waypoints ?? []).map(\.coordinate)
        return MapFrame(coordinates: track.segments.flatMap { $0.map(\.coordinate) } + routeCoordinates)
    }

    func html() -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="wayfinder">
        <title>Trip report: \(ReportText.escaped(title))</title>
        <style>
        \(ReportStyle.css)
        </style>
        </head>
        <body>
        <main>

        """
        out += header()
        out += figures()
        out += mapSection()
        out += timelineSection()
        out += waypointSection()
        out += eventSection()
        out += footer()
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    // MARK: Header

    var hasTimes: Bool { statistics.timedPointCount > 0 }

    func header() -> String {
        var out = "<header>\n<p class=\"kicker\">Trip report</p>\n<h1>\(ReportText.escaped(title))</h1>\n"
        var facts: [String] = []
        if let start = statistics.startTime, let end = statistics.endTime {
            facts.append(Self.timeRange(start, end))
        }
        if let route {
            let name = route.name.map { "route “\(ReportText.escaped($0))”" } ?? "the route"
            let count = route.waypoints.count
            facts.append("\(name), \(count) waypoint\(count == 1 ? "" : "s")")
        }
        if let name = track.name, name != title, !name.isEmpty {
            facts.append("track “\(ReportText.escaped(name))”")
        }
        if !facts.isEmpty { out += "<p class=\"sub\">\(facts.joined(separator: " · "))</p>\n" }
        out += "</header>\n"
        let missing = notes()
        if !missing.isEmpty {
            out += "<ul class=\"notes\">\n" + missing.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
        }
        return out
    }

    /// "2026-11-27, 10:00–11:12 UTC", or both dates when the walk crossed midnight.
    static func timeRange(_ start: Double, _ end: Double) -> String {
        let startDate = ReportText.date(start), endDate = ReportText.date(end)
        let from = ReportText.clock(start, withSeconds: false), to = ReportText.clock(end, withSeconds: false)
        if startDate == endDate { return "\(startDate), \(from)–\(to) UTC" }
        return "\(startDate) \(from) – \(endDate) \(to) UTC"
    }

    /// What the page cannot show and why, in the words of what is missing.
    func notes() -> [String] {
        var notes: [String] = []
        if statistics.pointCount == 0 {
            notes.append("The track has no points: there is no walked way to measure or draw.")
        } else if !hasTimes {
            notes.append("The track’s points have no times: duration, moving time, arrival times and the timeline need them.")
        }
        if route == nil {
            notes.append("No route was given: the cross-track error and the waypoints need one.")
        } else if route?.waypoints.isEmpty == true {
            notes.append("The route has no waypoints.")
        }
        if events.isEmpty {
            notes.append("There is no event journal, or it is empty: pauses, events and the belt’s directions cannot be shown, and the figures that need it are estimated from the track.")
        }
        if let streets, let problem = streets.problem {
            notes.append("The map “\(ReportText.escaped(streets.mapName))” could not be read, so the streets are not drawn: \(ReportText.escaped(problem))")
        }
        if skippedJournalLines > 0 {
            notes.append("\(skippedJournalLines) line\(skippedJournalLines == 1 ? "" : "s") of the journal could not be read and \(skippedJournalLines == 1 ? "was" : "were") skipped.")
        }
        return notes
    }

    // MARK: Figures

    func figures() -> String {
        let s = statistics
        var rows: [(String, String, String)] = []
        let segments = s.segmentCount == 1 ? "1 segment" : "\(s.segmentCount) segments"
        var how = "the fixes thinned to steps of at least \(DistanceFormat.text(metres: WalkedDistance.holdRadius)), "
            + "steps slower than \(ReportText.decimal(WalkedDistance.standingSpeed, places: 1)) m/s (standing) left out; "
            + "every fix summed, GPS jitter included: \(DistanceFormat.text(metres: s.everyFixDistance))"
        if s.segmentCount > 1 { how += "; within the \(segments), not across the gaps between them" }
        rows.append(("Distance walked (GPS track, smoothed)", DistanceFormat.text(metres: s.distance), how))
        if let duration = s.duration, let start = s.startTime, let end = s.endTime {
            rows.append(("Duration", DurationFormat.text(seconds: duration),
                         "\(ReportText.clock(start))–\(ReportText.clock(end)) UTC"))
        } else {
            rows.append(("Duration", "—", s.pointCount == 0 ? "the track has no points" : "the track has no times"))
        }
        if let moving = s.movingTime {
            rows.append(("Moving time", DurationFormat.text(seconds: moving),
                         "the time of the steps the distance walked counts"))
            if moving > 0 {
                rows.append(("Average moving speed", ReportText.decimal(s.distance / moving * 3.6, places: 1) + " km/h", "distance walked over moving time"))
            }
        } else {
            rows.append(("Moving time", "—", "needs at least two points with times"))
        }
        if let paused = s.pausedTime {
            let count = s.pausedSpans.count
            rows.append(("Paused", DurationFormat.text(seconds: paused), count == 0 ? "no pause in the journal" : "\(count) pause\(count == 1 ? "" : "s"), from the journal"))
        } else {
            rows.append(("Paused", "—", "needs the event journal"))
        }
        if let p50 = s.crossTrackP50, let p95 = s.crossTrackP95 {
            let over = "distance from the route over \(s.crossTrackCount) point\(s.crossTrackCount == 1 ? "" : "s")"
            rows.append(("Cross-track error, median (p50)", DistanceFormat.text(metres: p50), over))
            rows.append(("Cross-track error, p95", DistanceFormat.text(metres: p95), "95 % of the points were at most this far from the route"))
        } else {
            let why = route?.waypoints.isEmpty == false ? "the track has no measured points" : "needs a route"
            rows.append(("Cross-track error, p50 / p95", "—", why))
        }
        switch (s.offRouteTime, s.offRouteSource) {
        case (let time?, .journal):
            rows.append(("Time off route", DurationFormat.text(seconds: time), "from the journal’s off-route records"))
        case (let time?, _):
            rows.append(("Time off route", DurationFormat.text(seconds: time),
                         "estimated: points more than \(DistanceFormat.text(metres: s.offRouteDistance)) from the route"))
        default:
            rows.append(("Time off route", "—", "needs the journal, or a route and a track with times"))
        }
        switch (s.timeWithoutFix, s.withoutFixSource) {
        case (let time?, .journal):
            rows.append(("Time without a fix", DurationFormat.text(seconds: time), "from the journal’s GPS records"))
        case (let time?, _):
            rows.append(("Time without a fix", DurationFormat.text(seconds: time),
                         "estimated: gaps over \(ReportText.decimal(TripStatistics.fixGap, places: 0)) s between points, and points without a fix"))
        default:
            rows.append(("Time without a fix", "—", "needs the journal or a track with times"))
        }
        if let route, !route.waypoints.isEmpty {
            let skipped = s.skips.isEmpty ? "" : ", \(s.skips.count) skipped"
            rows.append(("Waypoints reached", "\(s.arrivals.count) of \(route.waypoints.count)\(skipped)",
                         s.arrivalSource == .journal ? "from the journal" : "estimated: a point within \(DistanceFormat.text(metres: TripStatistics.arrivalRadius))"))
        }
        rows.append(("Track points", "\(s.pointCount)",
                     "in \(segments)" + (s.pointCount > 0 ? ", \(s.timedPointCount) with a time" : "")))
        var out = "<h2>Figures</h2>\n<table class=\"figures\">\n<tbody>\n"
        for (label, value, note) in rows {
            out += "<tr><th scope=\"row\">\(label)</th><td class=\"value\">\(value)</td><td class=\"note\">\(note)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    // MARK: Footer

    func footer() -> String {
        var sources: [String] = []
        if let trackFile { sources.append("the track <code>\(ReportText.escaped(trackFile))</code>") }
        if let routeFile { sources.append("the route <code>\(ReportText.escaped(routeFile))</code>") }
        if let journalFile { sources.append("the journal <code>\(ReportText.escaped(journalFile))</code>") }
        var out = "<footer>\n"
        out += sources.isEmpty ? "<p>Made by wayfinder.</p>\n" : "<p>Made by wayfinder from \(Self.list(sources)).</p>\n"
        if skippedJournalLines > 0 {
            out += "<p>\(skippedJournalLines) journal line\(skippedJournalLines == 1 ? " was" : "s were") skipped: torn or unreadable.</p>\n"
        }
        if let generatedAt, ReportText.isWritableTime(generatedAt) {
            out += "<p>Written \(ReportText.date(generatedAt)) \(ReportText.clock(generatedAt)) UTC. Times are UTC throughout.</p>\n"
        } else {
            out += "<p>Times are UTC throughout.</p>\n"
        }
        return out + "</footer>\n"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension TripReportPage {
    /// How an event is marked: as `EventCategory` says, except the journal's first start of the
    /// appliance, which began the walk and restarted nothing.
    func category(of event: TripEvent) -> EventCategory? {
        if event.kind == .applianceStarted, event.time == firstStart { return nil }
        return EventCategory(event)
    }
}
