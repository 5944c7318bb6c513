import Navigation

/// The waypoint and event tables, and the words for each kind of event.
extension TripReportPage {
    func waypointSection() -> String {
        var out = "<h2>Waypoints</h2>\n"
        guard let route else { return out + "<p class=\"missing\">No route was given.</p>\n" }
        guard !route.waypoints.isEmpty else { return out + "<p class=\"missing\">The route has no waypoints.</p>\n" }
        out += "<table class=\"waypoints\">\n<thead><tr><th class=\"num\">#</th><th>Name</th><th class=\"time\">Reached (UTC)</th></tr></thead>\n<tbody>\n"
        for (index, waypoint) in route.waypoints.enumerated() {
            let name = waypoint.name.map(ReportText.escaped) ?? "<span class=\"muted\">no name</span>"
            let reached = statistics.arrivals[index].map { ReportText.clock($0) }
                ?? statistics.skips[index].map { "<span class=\"not-reached\">skipped at \(ReportText.clock($0))</span>" }
                ?? "<span class=\"not-reached\">not reached</span>"
            out += "<tr><td class=\"num\">\(ReportText.ordinal(index))</td><td>\(name)</td><td class=\"time\">\(reached)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        switch statistics.arrivalSource {
        case .journal:
            out += "<p class=\"muted\">Arrival times are those the appliance announced (the journal’s waypoint records).</p>\n"
        case .geometry:
            out += "<p class=\"muted\">Without a journal, a waypoint counts as reached at the track’s nearest point within \(DistanceFormat.text(metres: TripStatistics.arrivalRadius)) of it, on the first pass after the waypoint before.</p>\n"
        case .unavailable:
            out += "<p class=\"muted\">Arrival times need the journal or a track with times.</p>\n"
        }
        return out
    }

    func eventSection() -> String {
        var out = "<h2>Events</h2>\n"
        guard !events.isEmpty else { return out + "<p class=\"missing\">There is no event journal, so no events to list.</p>\n" }
        let listed = events.filter { $0.kind != .belt }
        if listed.isEmpty {
            out += "<p class=\"missing\">The journal holds only the belt’s directions.</p>\n"
        } else {
            out += "<table class=\"events\">\n<thead><tr><th class=\"time\">Time (UTC)</th><th>Event</th><th>Detail</th></tr></thead>\n<tbody>\n"
            for event in listed {
                let words = Self.describe(event)
                let icon = category(of: event)?.icon ?? HazardKind(event)?.icon ?? ""
                out += "<tr><td class=\"time\">\(ReportText.clock(event.time))</td><td class=\"what\">\(icon)\(ReportText.escaped(words.what))</td>"
                    + "<td>\(ReportText.escaped(words.detail))</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        let belts = events.count - listed.count
        if belts > 0 {
            out += "<p class=\"muted\">The journal also holds \(belts) record\(belts == 1 ? "" : "s") of where the belt pointed; the map shows a sample of them as arrows.</p>\n"
        }
        return out
    }

    /// What happened, in a few words, and the record's particulars.
    static func describe(_ event: TripEvent) -> (what: String, detail: String) {
        func waypoint(_ lead: String) -> String {
            let name = event.name.map { "“\($0)”" }
            guard let index = event.index else { return name ?? "" }
            return "\(lead)waypoint \(ReportText.ordinal(index))" + (name.map { " " + $0 } ?? "")
        }
        func seconds(_ value: Double?) -> String? {
            value.flatMap { $0.isFinite && $0 >= 0 ? DurationFormat.text(seconds: $0) : nil }
        }
        func metres(_ value: Double?) -> String? {
            value.flatMap { $0.isFinite && $0 >= 0 ? DistanceFormat.text(metres: $0) : nil }
        }
        func joined(_ parts: [String?], _ separator: String = ", ") -> String {
            parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: separator)
        }
        switch event.kind {
        case .walk:
            return ("walk", joined([event.name.map { "route “\($0)”" }, event.path,
                                    metres(event.distance).map { "off route beyond \($0)" }]))
        case .applianceStarted: return ("appliance started", "")
        case .navigationStarted: return ("navigation started", waypoint("towards "))
        case .paused: return ("paused", "")
        case .resumed: return ("resumed", "")
        case .stopped: return ("stopped", "")
        case .arrived: return ("arrived", waypoint("at "))
        case .waypointReached: return ("waypoint reached", waypoint(""))
        case .skipped: return ("skipped ahead", waypoint("to "))
        case .wentBack: return ("went back", waypoint("to "))
        case .routeChanged:
            return ("route changed", joined([event.name.map { "“\($0)”" },
                                             event.index.map { "next waypoint \(ReportText.ordinal($0))" }]))
        case .ahead:
            return ("\(event.reason ?? "something") ahead", joined([event.name, metres(event.distance).map { "\($0) before it" }], ", "))
        case .routePlanned:
            return (event.reason ?? "route planned", joined([metres(event.distance), event.name.map { "to \($0)" } ?? "back to the route"], " "))
        case .gpsLost: return ("GPS fix lost", seconds(event.seconds).map { "no fix for \($0) already" } ?? "")
        case .gpsBack: return ("GPS fix back", "")
        case .headingFallback:
            return ("compass fallback", joined([seconds(event.seconds).map { "the external compass was quiet for \($0)" },
                                                "the belt’s compass took over"], "; "))
        case .headingBack: return ("external compass back", "")
        case .offRoute:
            return ("off route", joined([metres(event.distance).map { "\($0) from the route" },
                                         event.index.map { "on the leg to waypoint \(ReportText.ordinal($0))" }], " "))
        case .backOnRoute: return ("back on route", metres(event.distance).map { "\($0) from the route" } ?? "")
        case .command:
            let source = event.source ?? ""
            let lowered = source.lowercased()
            let what = lowered.hasPrefix("pencil") ? "pencil click" : lowered.hasPrefix("gesture") ? "gesture" : "command"
            return (what, joined([event.command, source.isEmpty ? nil : "from \(source)"], " "))
        case .belt:
            return ("belt direction", event.bearing.flatMap { $0.isFinite ? "\(degrees($0))°" : nil } ?? "")
        case .linkLost: return ("link lost", event.device ?? "")
        case .linkBack: return ("link back", event.device ?? "")
        case .restart: return ("restart", joined([event.device, event.reason], ": "))
        case .battery:
            let percent = event.percent.flatMap { $0.isFinite && (0...100).contains($0) ? "\(Int($0.rounded())) %" : nil }
            let power: String? = switch event.power {
            case "battery": seconds(event.seconds).map { "on battery, \($0) left" } ?? "on battery"
            case "charging": seconds(event.seconds).map { "charging, full in \($0)" } ?? "charging"
            case "external": "on external power"
            default: nil
            }
            return ("\(event.device ?? "belt") battery", joined([percent, power]))
        }
    }
}
