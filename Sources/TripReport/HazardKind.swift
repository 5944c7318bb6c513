/// What an `ahead` record told the walker of, as the map marks it where the hazard is: a zebra for
/// a crossing, a staircase for steps, a bar for a barrier. Shapes, so that they are told apart in
/// print and by a reader who does not see colour well, and unlike every `EventCategory` symbol.
enum HazardKind: Int, Sendable, CaseIterable {
    case crossing, steps, barrier

    /// The kind an `ahead` record names in its `reason`; nil for another record. A kind this
    /// version does not know is marked as a crossing, the kind the appliance falls back to.
    init?(_ event: TripEvent) {
        guard event.kind == .ahead else { return nil }
        switch event.reason {
        case "steps": self = .steps
        case "barrier": self = .barrier
        default: self = .crossing
        }
    }

    var name: String {
        switch self {
        case .crossing: "crossing told ahead"
        case .steps: "steps told ahead"
        case .barrier: "barrier told ahead"
        }
    }

    var cssClass: String {
        switch self {
        case .crossing: "hz-crossing"
        case .steps: "hz-steps"
        case .barrier: "hz-barrier"
        }
    }

    /// The symbol centred on (x, y), `r` its half-size in pixels, as SVG elements, with a white edge
    /// so that it shows on the streets, the route and the track.
    func symbol(x: Double, y: Double, r: Double) -> String {
        func p(_ dx: Double, _ dy: Double) -> String { ReportText.point(x + dx, y + dy) }
        let ink = TripReportPage.markerInk
        switch self {
        case .crossing:
            // A square with three stripes: a zebra crossing seen from above.
            let side = 2 * r, stripe = side / 5
            var out = "<rect x=\"\(ReportText.svg(x - r))\" y=\"\(ReportText.svg(y - r))\" width=\"\(ReportText.svg(side))\" height=\"\(ReportText.svg(side))\" fill=\"#ffffff\" stroke=\"\(ink)\" stroke-width=\"1.2\"/>"
            for k in [0.0, 2.0, 4.0] {
                out += "<rect x=\"\(ReportText.svg(x - r + k * stripe))\" y=\"\(ReportText.svg(y - r))\" width=\"\(ReportText.svg(stripe))\" height=\"\(ReportText.svg(side))\" fill=\"\(ink)\"/>"
            }
            return out
        case .steps:
            // Three treads rising to the right.
            let s = 2 * r / 3
            return "<polygon points=\"\(p(-r, r)) \(p(-r, r - s)) \(p(-r + s, r - s)) \(p(-r + s, r - 2 * s)) \(p(-r + 2 * s, r - 2 * s)) \(p(-r + 2 * s, -r)) \(p(r, -r)) \(p(r, r))\" "
                + "fill=\"#7a4f1d\" stroke=\"#ffffff\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>"
        case .barrier:
            // A red disc with a white bar: the way is closed to traffic.
            return "<circle cx=\"\(ReportText.svg(x))\" cy=\"\(ReportText.svg(y))\" r=\"\(ReportText.svg(r))\" fill=\"#c0392b\" stroke=\"#ffffff\" stroke-width=\"1.2\"/>"
                + "<rect x=\"\(ReportText.svg(x - r * 0.65))\" y=\"\(ReportText.svg(y - r * 0.22))\" width=\"\(ReportText.svg(r * 1.3))\" height=\"\(ReportText.svg(r * 0.44))\" fill=\"#ffffff\"/>"
        }
    }

    /// The symbol as a small inline SVG for a legend or a table cell.
    var icon: String {
        "<svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">" + symbol(x: 7, y: 7, r: 5.5) + "</svg>"
    }
}
