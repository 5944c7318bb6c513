#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kinds of event the map and the timeline mark, each with its own symbol and colour, so that
/// a marker can be told apart by shape alone (in print, or by a reader who does not see colour well).
enum EventCategory: Int, Sendable, CaseIterable {
    case pause, gps, link, command, pencil, restart, offRoute, planned

    /// The category of a journal record; nil for records that are not marked (the walk's header,
    /// belt directions, which are arrows, arrivals, which the waypoint markers show, and what was
    /// told ahead, which `HazardKind` marks where the hazard is).
    init?(_ event: TripEvent) {
        switch event.kind {
        case .paused, .resumed, .stopped: self = .pause
        case .gpsLost, .gpsBack: self = .gps
        case .linkLost, .linkBack: self = .link
        case .command:
            let source = (event.source ?? "").lowercased()
            self = source.hasPrefix("pencil") ? .pencil : .command
        case .restart, .applianceStarted: self = .restart
        case .offRoute, .backOnRoute: self = .offRoute
        case .routePlanned: self = .planned
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .pause: "pause, resume, stop"
        case .gps: "GPS outage"
        case .link: "link lost or back"
        case .command: "gesture or command"
        case .pencil: "pencil click"
        case .restart: "restart"
        case .offRoute: "off route, back on route"
        case .planned: "route planned or re-planned"
        }
    }

    /// The timeline's row label.
    var rowLabel: String {
        switch self {
        case .pause: "Paused"
        case .gps: "No GPS fix"
        case .link: "Links"
        case .command: "Commands"
        case .pencil: "Pencil"
        case .restart: "Restarts"
        case .offRoute: "Off route"
        case .planned: "Planning"
        }
    }

    var cssClass: String {
        switch self {
        case .pause: "ev-pause"
        case .gps: "ev-gps"
        case .link: "ev-link"
        case .command: "ev-command"
        case .pencil: "ev-pencil"
        case .restart: "ev-restart"
        case .offRoute: "ev-offroute"
        case .planned: "ev-planned"
        }
    }

    var colour: String {
        switch self {
        case .pause: "#4d4d4d"
        case .gps: "#c51b7d"
        case .link: "#8c510a"
        case .command: "#01665e"
        case .pencil: "#2b2d8c"
        case .restart: "#111111"
        case .offRoute: "#b2182b"
        case .planned: "#1f4e9c"
        }
    }

    /// The colour of the timeline's band for the state this category starts and ends, if any.
    var bandColour: String? {
        switch self {
        case .pause: "#cfcfcf"
        case .gps: "#f3bfd8"
        case .offRoute: "#f7c5bd"
        default: nil
        }
    }

    /// The symbol centred on (x, y), `r` its half-size in pixels, as SVG elements.
    func symbol(x: Double, y: Double, r: Double) -> String {
        let outline = "stroke=\"#ffffff\" stroke-width=\"1.2\""
        func p(_ dx: Double, _ dy: Double) -> String { ReportText.point(x + dx, y + dy) }
        switch self {
        case .pause:
            let side = r * 1.7
            return "<rect x=\"\(ReportText.svg(x - side / 2))\" y=\"\(ReportText.svg(y - side / 2))\" width=\"\(ReportText.svg(side))\" height=\"\(ReportText.svg(side))\" fill=\"\(colour)\" \(outline)/>"
        case .gps:
            return "<polygon points=\"\(p(0, -r * 1.2)) \(p(r * 1.2, 0)) \(p(0, r * 1.2)) \(p(-r * 1.2, 0))\" fill=\"\(colour)\" \(outline)/>"
        case .link:
            return "<polygon points=\"\(p(0, -r * 1.2)) \(p(r * 1.1, r * 0.8)) \(p(-r * 1.1, r * 0.8))\" fill=\"\(colour)\" \(outline)/>"
        case .command:
            return "<circle cx=\"\(ReportText.svg(x))\" cy=\"\(ReportText.svg(y))\" r=\"\(ReportText.svg(r))\" fill=\"\(colour)\" \(outline)/>"
        case .pencil:
            return "<polygon points=\"\(p(0, r * 1.2)) \(p(r * 1.1, -r * 0.8)) \(p(-r * 1.1, -r * 0.8))\" fill=\"\(colour)\" \(outline)/>"
        case .restart:
            return "<path d=\"M\(p(-r, -r))L\(p(r, r))M\(p(r, -r))L\(p(-r, r))\" stroke=\"\(colour)\" stroke-width=\"2.4\" stroke-linecap=\"round\" fill=\"none\"/>"
        case .offRoute:
            return "<circle cx=\"\(ReportText.svg(x))\" cy=\"\(ReportText.svg(y))\" r=\"\(ReportText.svg(r * 0.9))\" fill=\"#ffffff\" stroke=\"\(colour)\" stroke-width=\"2.4\"/>"
        case .planned:
            // A hexagon: a new route from here.
            let points = (0..<6).map { k -> String in
                let angle = Double(k) * .pi / 3
                return p(r * 1.15 * cos(angle), r * 1.15 * sin(angle))
            }
            return "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(colour)\" \(outline)/>"
        }
    }

    /// The symbol as a small inline SVG for a legend or a table cell.
    var icon: String {
        "<svg class=\"sym\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">" + symbol(x: 7, y: 7, r: 5) + "</svg>"
    }
}
