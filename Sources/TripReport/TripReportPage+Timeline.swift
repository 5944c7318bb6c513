import Vocabulary

/// The timeline: the walk's time from start to end, with a row for each state (bands where it held,
/// symbols where it changed) and each other kind of event, and the waypoint arrivals.
extension TripReportPage {
    static let timelineLeft = 118.0
    static let timelineRight = 744.0
    static let timelineRowHeight = 26.0

    private struct Row {
        var label: String
        var bands: [TripTimeSpan] = []
        var bandColour: String?
        var category: EventCategory?
    }

    /// The time the axis spans: the track's, else the journal's; at least a minute so that a single
    /// moment still has an axis. Nil when nothing has a time.
    func timelineRange() -> (start: Double, end: Double)? {
        var start = statistics.startTime, end = statistics.endTime
        if start == nil || end == nil {
            start = events.first?.time
            end = events.last?.time
        }
        guard let start, let end, ReportText.isWritableTime(start), ReportText.isWritableTime(end), end >= start else { return nil }
        return (start, max(end, start + 60))
    }

    func timelineSection() -> String {
        var out = "<h2>Timeline</h2>\n"
        guard let range = timelineRange() else {
            return out + "<p class=\"missing\">Neither the track nor the journal has times, so there is no timeline.</p>\n"
        }
        let present = Set(events.compactMap(category(of:)))
        var rows = [
            Row(label: EventCategory.pause.rowLabel, bands: statistics.pausedSpans, bandColour: EventCategory.pause.bandColour, category: .pause),
            Row(label: EventCategory.gps.rowLabel, bands: statistics.withoutFixSpans, bandColour: EventCategory.gps.bandColour, category: .gps),
            Row(label: EventCategory.offRoute.rowLabel, bands: statistics.offRouteSpans, bandColour: EventCategory.offRoute.bandColour, category: .offRoute),
        ]
        for category in [EventCategory.link, .command, .pencil, .restart, .planned] where present.contains(category) {
            rows.append(Row(label: category.rowLabel, category: category))
        }
        let showsArrivals = !statistics.arrivals.isEmpty
        let rowCount = rows.count + (showsArrivals ? 1 : 0)
        let top = 8.0
        let axisY = top + Double(rowCount) * Self.timelineRowHeight + 4
        let height = axisY + 26
        let span = range.end - range.start
        func x(_ time: Double) -> Double {
            let clamped = min(max(time, range.start), range.end)
            return Self.timelineLeft + (clamped - range.start) / span * (Self.timelineRight - Self.timelineLeft)
        }
        let heightText = ReportText.svg(height)
        out += "<svg id=\"timeline\" class=\"timeline\" width=\"760\" height=\"\(heightText)\" viewBox=\"0 0 760 \(heightText)\" role=\"img\" aria-label=\"Timeline of the walk\">\n"

        // Grid and axis first, so everything else is drawn over them.
        let step = Self.tickStep(for: span)
        var ticks = ""
        var tick = (range.start / step).rounded(.up) * step
        var count = 0
        while tick <= range.end, count < 40 {
            let tx = ReportText.svg(x(tick))
            out += "<line x1=\"\(tx)\" y1=\"\(ReportText.svg(top))\" x2=\"\(tx)\" y2=\"\(ReportText.svg(axisY))\" stroke=\"#eef0f2\" stroke-width=\"1\"/>\n"
            ticks += "<line x1=\"\(tx)\" y1=\"\(ReportText.svg(axisY))\" x2=\"\(tx)\" y2=\"\(ReportText.svg(axisY + 4))\" stroke=\"#5b6168\" stroke-width=\"1\"/>"
                + "<text x=\"\(tx)\" y=\"\(ReportText.svg(axisY + 17))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#5b6168\">\(ReportText.clock(tick, withSeconds: step < 60))</text>\n"
            tick += step
            count += 1
        }
        out += "<line x1=\"\(ReportText.svg(Self.timelineLeft))\" y1=\"\(ReportText.svg(axisY))\" x2=\"\(ReportText.svg(Self.timelineRight))\" y2=\"\(ReportText.svg(axisY))\" stroke=\"#5b6168\" stroke-width=\"1\"/>\n"
        out += ticks
        out += "<text x=\"10\" y=\"\(ReportText.svg(axisY + 17))\" font-size=\"11\" fill=\"#5b6168\">UTC</text>\n"

        for (offset, row) in rows.enumerated() {
            let middle = top + (Double(offset) + 0.5) * Self.timelineRowHeight
            out += "<g class=\"row\"><text x=\"10\" y=\"\(ReportText.svg(middle + 4))\" font-size=\"12\" fill=\"#3d4248\">\(ReportText.escaped(row.label))</text>"
            out += "<line x1=\"\(ReportText.svg(Self.timelineLeft))\" y1=\"\(ReportText.svg(middle))\" x2=\"\(ReportText.svg(Self.timelineRight))\" y2=\"\(ReportText.svg(middle))\" stroke=\"#dfe2e5\" stroke-width=\"1\"/></g>\n"
            if let colour = row.bandColour {
                for band in row.bands {
                    let left = x(band.start), right = x(band.end)
                    let title = "\(ReportText.clock(band.start))–\(ReportText.clock(band.end)) UTC, \(DurationFormat.text(seconds: band.duration))"
                    out += "<rect class=\"band\" x=\"\(ReportText.svg(left))\" y=\"\(ReportText.svg(middle - 7))\" width=\"\(ReportText.svg(max(right - left, 1.5)))\" height=\"14\" rx=\"2\" fill=\"\(colour)\"><title>\(row.label): \(title)</title></rect>\n"
                }
            }
            if let category = row.category {
                for event in events where self.category(of: event) == category {
                    let words = Self.describe(event)
                    let title = "\(ReportText.clock(event.time)) UTC: \(words.what)" + (words.detail.isEmpty ? "" : " (\(words.detail))")
                    out += "<g class=\"event \(category.cssClass)\"><title>\(ReportText.escaped(title))</title>"
                        + category.symbol(x: x(event.time), y: middle, r: 4.5) + "</g>\n"
                }
            }
        }
        if showsArrivals {
            let middle = top + (Double(rows.count) + 0.5) * Self.timelineRowHeight
            out += "<g class=\"row\"><text x=\"10\" y=\"\(ReportText.svg(middle + 4))\" font-size=\"12\" fill=\"#3d4248\">Waypoints</text>"
            out += "<line x1=\"\(ReportText.svg(Self.timelineLeft))\" y1=\"\(ReportText.svg(middle))\" x2=\"\(ReportText.svg(Self.timelineRight))\" y2=\"\(ReportText.svg(middle))\" stroke=\"#dfe2e5\" stroke-width=\"1\"/></g>\n"
            for (index, time) in statistics.arrivals.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
                let number = ReportText.ordinal(index)
                let cx = ReportText.svg(x(time))
                out += "<g class=\"arrival\"><title>Waypoint \(number) reached \(ReportText.clock(time)) UTC</title>"
                    + "<circle cx=\"\(cx)\" cy=\"\(ReportText.svg(middle))\" r=\"8\" fill=\"#ffffff\" stroke=\"\(Self.markerInk)\" stroke-width=\"1.5\"/>"
                    + "<text x=\"\(cx)\" y=\"\(ReportText.svg(middle + 3))\" text-anchor=\"middle\" font-size=\"\(number.count > 2 ? 7 : 9)\" font-weight=\"700\" fill=\"\(Self.markerInk)\">\(number)</text></g>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// Seconds between ticks: the smallest round step that gives at most eight ticks.
    static func tickStep(for span: Double) -> Double {
        let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400]
        for step in steps where span / step <= 8 { return step }
        var step = 86_400.0
        while span / step > 8, step.isFinite { step *= 10 }
        return step
    }
}
