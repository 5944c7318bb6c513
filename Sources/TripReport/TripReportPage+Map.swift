#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Navigation

/// The map: the streets around the walk when a map was given, route under track, the track coloured
/// by fix quality, the belt's directions, waypoints with arrival times, what the walker was told
/// ahead where it was, the events where they happened, a scale bar and a north arrow.
extension TripReportPage {
    /// The map's background; used nowhere else on the page, so a screenshot shows where the map is.
    static let mapBackground = "#f7f4ec"
    static let routeColour = "#3b6fd9"
    static let beltColour = "#6a3d9a"
    static let markerInk = "#1f2328"
    /// Arrows are at least this far apart on the map, pixels, and at most `maximumArrows` are drawn:
    /// an arrow is 20 px long, and closer ones hid most of the track they explain.
    static let arrowSpacing = 60.0
    static let maximumArrows = 24
    /// With more waypoints than this (a route made from a recorded track), markers are small dots
    /// without numbers or times, which would cover the map; the table still lists them all.
    static let numberedWaypointLimit = 60

    func mapSection() -> String {
        var out = "<h2>Map</h2>\n"
        guard let frame else {
            return out + "<p class=\"missing\">Nothing to draw: the track has no points and there is no route with waypoints.</p>\n"
        }
        let height = ReportText.svg(frame.height)
        out += "<svg id=\"map\" class=\"map\" width=\"760\" height=\"\(height)\" viewBox=\"0 0 760 \(height)\" role=\"img\" aria-label=\"Map of the walk, north up\">\n"
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"760\" height=\"\(height)\" fill=\"\(Self.mapBackground)\"/>\n"
        let streetLines = streetDrawing(frame)
        out += streetLines.svg
        out += routeLayer(frame)
        // The belt's arrows under the track: where the belt pointed along the way walked, the head
        // shows on both sides of the track and the track stays whole; where it pointed elsewhere
        // (off route, at a turn) the whole arrow stands out.
        let arrows = beltArrows(frame)
        out += arrows.svg
        out += trackLayer(frame)
        out += endsLayer(frame)
        out += waypointLayer(frame)
        let hazards = hazardLayer(frame)
        out += hazards.svg
        out += eventLayer(frame)
        out += scaleBar(frame)
        out += northArrow()
        out += "</svg>\n"
        let centre = frame.projection.center
        out += "<p class=\"muted\">North is up and the scale is the same in every direction: a local projection about "
            + "\(ReportText.decimal(abs(centre.latitude), places: 5))° \(centre.latitude < 0 ? "S" : "N"), "
            + "\(ReportText.decimal(abs(centre.longitude), places: 5))° \(centre.longitude < 0 ? "W" : "E"), true to well under 0.1 % across a walk.</p>\n"
        out += streetNote(streetLines)
        out += legend(arrows: arrows.count, streets: streetLines.classes, hazards: hazards.kinds)
        return out
    }

    // MARK: Layers

    func routeLayer(_ frame: MapFrame) -> String {
        guard let route, !route.waypoints.isEmpty else { return "" }
        let points = Self.withoutRepeats(route.waypoints.compactMap { frame.pixel($0.coordinate) }.map { ReportText.point($0.x, $0.y) })
        guard !points.isEmpty else { return "" }
        return "<polyline class=\"route\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(Self.routeColour)\" "
            + "stroke-width=\"9\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
    }

    /// One polyline per run of points in the same fix-quality class within a segment. A run starts at
    /// the last point of the run before, so the line is unbroken and each step takes the class of the
    /// point it leads to (the newer fix).
    func trackLayer(_ frame: MapFrame) -> String {
        var out = ""
        for segment in samples.segments where !segment.isEmpty {
            var runs: [(quality: FixQuality, points: [String])] = []
            var previous: String?
            for sample in segment {
                let quality = FixQuality(fix: sample.fix, hdop: sample.hdop)
                let pixel = frame.pixel(sample.point)
                let text = ReportText.point(pixel.x, pixel.y)
                if runs.last?.quality != quality {
                    runs.append((quality, previous.map { [$0] } ?? []))
                }
                if runs[runs.count - 1].points.last != text { runs[runs.count - 1].points.append(text) }
                previous = text
            }
            let distinct = Set(runs.flatMap(\.points))
            if distinct.count == 1, let only = distinct.first, let first = runs.first {
                // A segment that is one spot on the map: a dot, or it would not show at all.
                let xy = only.split(separator: ",")
                if xy.count == 2 {
                    out += "<circle class=\"track \(first.quality.cssClass)\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(first.quality.colour)\"/>\n"
                }
                continue
            }
            for run in runs where run.points.count >= 2 {
                out += "<polyline class=\"track \(run.quality.cssClass)\" points=\"\(run.points.joined(separator: " "))\" fill=\"none\" "
                    + "stroke=\"\(run.quality.colour)\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
            }
        }
        return out
    }

    /// The belt's directions from the journal, thinned so that arrows do not overlap: at least
    /// `arrowSpacing` pixels apart, and spread along the walk so that no more than `maximumArrows`
    /// are needed to cover it. SVG's y grows downward, so a bearing θ points along (sin θ, −cos θ).
    func beltArrows(_ frame: MapFrame) -> (svg: String, count: Int) {
        var candidates: [(event: TripEvent, x: Double, y: Double, bearing: Double)] = []
        for event in events where event.kind == .belt {
            guard let bearing = event.bearing, bearing.isFinite, let latitude = event.latitude, let longitude = event.longitude,
                  let pixel = frame.pixel(Coordinate(latitude: latitude, longitude: longitude)),
                  pixel.x >= 0, pixel.x <= MapFrame.width, pixel.y >= 0, pixel.y <= frame.height else { continue }
            candidates.append((event, pixel.x, pixel.y, bearing))
        }
        var length = 0.0
        for (a, b) in zip(candidates, candidates.dropFirst()) { length += (b.x - a.x).hypot(b.y - a.y) }
        let spacing = max(Self.arrowSpacing, length / Double(Self.maximumArrows))
        var chosen: [(event: TripEvent, x: Double, y: Double, bearing: Double)] = []
        for candidate in candidates {
            guard chosen.count < Self.maximumArrows else { break }
            if let last = chosen.last, (candidate.x - last.x).hypot(candidate.y - last.y) < spacing { continue }
            if chosen.contains(where: { (candidate.x - $0.x).hypot(candidate.y - $0.y) < Self.arrowSpacing }) { continue }
            chosen.append(candidate)
        }
        var out = ""
        for arrow in chosen {
            let theta = arrow.bearing * .pi / 180
            let ux = sin(theta), uy = -cos(theta)
            let nx = cos(theta), ny = sin(theta)
            let tail = (arrow.x - 9 * ux, arrow.y - 9 * uy)
            let tip = (arrow.x + 11 * ux, arrow.y + 11 * uy)
            let base = (tip.0 - 8 * ux, tip.1 - 8 * uy)
            let shaft = "M\(ReportText.point(tail.0, tail.1))L\(ReportText.point(base.0, base.1))"
            let head = "\(ReportText.point(tip.0, tip.1)) \(ReportText.point(base.0 + 7 * nx, base.1 + 7 * ny)) \(ReportText.point(base.0 - 7 * nx, base.1 - 7 * ny))"
            // A white edge first, so the arrow stands out on the route and the track it sits on.
            out += "<g class=\"belt\"><title>\(ReportText.clock(arrow.event.time)) UTC: the belt pointed \(Self.degrees(arrow.bearing))°</title>"
            out += "<path d=\"\(shaft)\" stroke=\"#ffffff\" stroke-width=\"5.5\" stroke-linecap=\"round\"/>"
            out += "<polygon points=\"\(head)\" fill=\"#ffffff\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
            out += "<path d=\"\(shaft)\" stroke=\"\(Self.beltColour)\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
            out += "<polygon points=\"\(head)\" fill=\"\(Self.beltColour)\"/></g>\n"
        }
        return (out, chosen.count)
    }

    func waypointLayer(_ frame: MapFrame) -> String {
        guard let route, !route.waypoints.isEmpty else { return "" }
        let count = route.waypoints.count
        let numbered = count <= Self.numberedWaypointLimit
        var out = ""
        for (index, waypoint) in route.waypoints.enumerated() {
            guard let pixel = frame.pixel(waypoint.coordinate) else { continue }
            let x = ReportText.svg(pixel.x), y = ReportText.svg(pixel.y)
            let arrival = statistics.arrivals[index]
            out += "<g class=\"waypoint\"><title>\(ReportText.escaped(Self.waypointTitle(index, waypoint, arrival: arrival, skipped: statistics.skips[index])))</title>"
            if numbered || index == 0 || index == count - 1 {
                let number = ReportText.ordinal(index)
                let radius = number.count > 2 ? 11.0 : 9.0
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(ReportText.svg(radius))\" fill=\"#ffffff\" stroke=\"\(Self.markerInk)\" stroke-width=\"2\"/>"
                out += "<text x=\"\(x)\" y=\"\(ReportText.svg(pixel.y + 3.5))\" text-anchor=\"middle\" font-size=\"\(number.count > 2 ? 8 : 10)\" font-weight=\"700\" fill=\"\(Self.markerInk)\">\(number)</text>"
                if numbered, let arrival {
                    // To the right of the marker, or to its left where the label would leave the map.
                    let right = pixel.x + radius + 40 < MapFrame.width
                    let labelX = right ? pixel.x + radius + 4 : pixel.x - radius - 4
                    out += "<text class=\"arrival\" x=\"\(ReportText.svg(labelX))\" y=\"\(ReportText.svg(pixel.y + 4))\"\(right ? "" : " text-anchor=\"end\"") font-size=\"11\" "
                        + "fill=\"\(Self.markerInk)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">"
                        + "\(ReportText.clock(arrival, withSeconds: false))</text>"
                }
            } else {
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"3.5\" fill=\"#ffffff\" stroke=\"\(Self.markerInk)\" stroke-width=\"1.5\"/>"
            }
            out += "</g>\n"
        }
        return out
    }

    static func waypointTitle(_ index: Int, _ waypoint: Waypoint, arrival: Double?, skipped: Double? = nil) -> String {
        var text = "Waypoint \(ReportText.ordinal(index))"
        if let name = waypoint.name { text += " “\(name)”" }
        text += arrival.map { ": reached \(ReportText.clock($0)) UTC" }
            ?? skipped.map { ": skipped at \(ReportText.clock($0)) UTC" } ?? ": not reached"
        return text
    }

    /// The walk's first and last point: a ring and a square frame, drawn under the waypoint markers
    /// and larger than them, so a walk that starts or ends at a waypoint shows both.
    func endsLayer(_ frame: MapFrame) -> String {
        let all = samples.segments.flatMap { $0 }
        guard let first = all.first, let last = all.last else { return "" }
        let start = frame.pixel(first.point), end = frame.pixel(last.point)
        var out = "<g class=\"start\"><title>Start\(first.time.map { " " + ReportText.clock($0) + " UTC" } ?? "")</title>"
            + "<circle cx=\"\(ReportText.svg(start.x))\" cy=\"\(ReportText.svg(start.y))\" r=\"13\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"6\"/>"
            + "<circle cx=\"\(ReportText.svg(start.x))\" cy=\"\(ReportText.svg(start.y))\" r=\"13\" fill=\"none\" stroke=\"\(Self.markerInk)\" stroke-width=\"3\"/></g>\n"
        if all.count > 1 {
            out += "<g class=\"end\"><title>End\(last.time.map { " " + ReportText.clock($0) + " UTC" } ?? "")</title>"
                + "<rect x=\"\(ReportText.svg(end.x - 12))\" y=\"\(ReportText.svg(end.y - 12))\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"6\"/>"
                + "<rect x=\"\(ReportText.svg(end.x - 12))\" y=\"\(ReportText.svg(end.y - 12))\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"\(Self.markerInk)\" stroke-width=\"3\"/></g>\n"
        }
        return out
    }

    /// What the walker was told ahead (`ahead` records), marked where the crossing, the steps or the
    /// barrier is, with what was said; records without a place on the map are in the table only.
    func hazardLayer(_ frame: MapFrame) -> (svg: String, kinds: Set<HazardKind>) {
        var out = ""
        var kinds: Set<HazardKind> = []
        for event in events {
            guard let kind = HazardKind(event), let latitude = event.latitude, let longitude = event.longitude,
                  let pixel = frame.pixel(Coordinate(latitude: latitude, longitude: longitude)),
                  pixel.x >= 0, pixel.x <= MapFrame.width, pixel.y >= 0, pixel.y <= frame.height else { continue }
            kinds.insert(kind)
            let words = Self.describe(event)
            let title = "\(ReportText.clock(event.time)) UTC: \(words.what)" + (words.detail.isEmpty ? "" : " (\(words.detail))")
            out += "<g class=\"event ahead \(kind.cssClass)\"><title>\(ReportText.escaped(title))</title>"
                + kind.symbol(x: pixel.x, y: pixel.y, r: 6) + "</g>\n"
        }
        return (out, kinds)
    }

    /// Each marked event where the walker was at its time (`TrackClock`).
    func eventLayer(_ frame: MapFrame) -> String {
        guard !clock.isEmpty else { return "" }
        var out = ""
        for event in events {
            guard let category = category(of: event), let position = clock.position(at: event.time) else { continue }
            let pixel = frame.pixel(position)
            let words = Self.describe(event)
            let title = "\(ReportText.clock(event.time)) UTC: \(words.what)" + (words.detail.isEmpty ? "" : " (\(words.detail))")
            out += "<g class=\"event \(category.cssClass)\"><title>\(ReportText.escaped(title))</title>"
                + category.symbol(x: pixel.x, y: pixel.y, r: 5) + "</g>\n"
        }
        return out
    }

    func scaleBar(_ frame: MapFrame) -> String {
        let bar = frame.scaleBar()
        let y = frame.height - 16
        let label = bar.metres < 1000 ? "\(ReportText.decimal(bar.metres, places: 0)) m" : "\(ReportText.decimal(bar.metres / 1000, places: 0)) km"
        return "<g class=\"scale-bar\"><path d=\"M16,\(ReportText.svg(y - 6))V\(ReportText.svg(y))H\(ReportText.svg(16 + bar.pixels))V\(ReportText.svg(y - 6))\" "
            + "fill=\"none\" stroke=\"\(Self.markerInk)\" stroke-width=\"1.5\"/>"
            + "<text x=\"16\" y=\"\(ReportText.svg(y - 10))\" font-size=\"11\" fill=\"\(Self.markerInk)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(label)</text></g>\n"
    }

    func northArrow() -> String {
        "<g class=\"north\"><title>North</title><text x=\"736\" y=\"20\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"700\" fill=\"\(Self.markerInk)\">N</text>"
            + "<polygon points=\"736,25 743,47 736,42 729,47\" fill=\"\(Self.markerInk)\"/></g>\n"
    }

    // MARK: Legend

    func legend(arrows: Int, streets: Set<StreetClass> = [], hazards: Set<HazardKind> = []) -> String {
        var items: [String] = []
        for streetClass in StreetClass.allCases.sorted(by: { $0.legendOrder < $1.legendOrder }) where streets.contains(streetClass) {
            items.append("<li>\(streetClass.icon)\(streetClass.legendLabel)</li>")
        }
        if let route, !route.waypoints.isEmpty {
            items.append("<li><span class=\"swatch route\" style=\"background:\(Self.routeColour)\"></span>planned route</li>")
        }
        if statistics.pointCount > 0 {
            for quality in FixQuality.allCases {
                items.append("<li><span class=\"swatch\" style=\"background:\(quality.colour)\"></span>\(quality.label)</li>")
            }
            items.append("<li><svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><circle cx=\"7\" cy=\"7\" r=\"5\" fill=\"none\" stroke=\"\(Self.markerInk)\" stroke-width=\"2\"/></svg>start "
                + "<svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\" style=\"margin-left:6px\"><rect x=\"2\" y=\"2\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"\(Self.markerInk)\" stroke-width=\"2\"/></svg>end</li>")
        }
        if let route, !route.waypoints.isEmpty {
            items.append("<li><svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><circle cx=\"7\" cy=\"7\" r=\"5.5\" fill=\"#ffffff\" stroke=\"\(Self.markerInk)\" stroke-width=\"1.5\"/></svg>waypoint, with its arrival time</li>")
        }
        if arrows > 0 {
            items.append("<li><svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><path d=\"M7,13V6\" stroke=\"\(Self.beltColour)\" stroke-width=\"2\" stroke-linecap=\"round\"/><polygon points=\"7,1 11,7 3,7\" fill=\"\(Self.beltColour)\"/></svg>where the belt pointed</li>")
        }
        let categories = Set(events.compactMap(category(of:)))
        for kind in HazardKind.allCases where hazards.contains(kind) {
            items.append("<li>\(kind.icon)\(kind.name)</li>")
        }
        for category in EventCategory.allCases where categories.contains(category) {
            items.append("<li>\(category.icon)\(category.name)</li>")
        }
        guard !items.isEmpty else { return "" }
        return "<ul class=\"legend\">\n" + items.map { $0 + "\n" }.joined() + "</ul>\n"
    }

    // MARK: Helpers

    static func withoutRepeats(_ items: [String]) -> [String] {
        var out: [String] = []
        for item in items where out.last != item { out.append(item) }
        return out
    }

    /// A bearing as whole degrees 0…359.
    static func degrees(_ bearing: Double) -> String {
        let whole = ReportText.integer(remainder(bearing, 360).rounded())
        return String(((whole % 360) + 360) % 360)
    }
}
