/// How a street is drawn, by its OpenStreetMap `highway` value (OpenStreetMap wiki, Key:highway):
/// roads for traffic wide, the ways for walking thin and dashed, steps as a ladder, so that a reader
/// tells them apart in grey alone. All are greys and browns lighter than anything drawn over them.
enum StreetClass: Int, Sendable, CaseIterable, Comparable {
    // In the order the segment cap keeps them: the streets that shape a town first, then the steps
    // a walker is told of, then the rest.
    case main, steps, minor, path

    init(highway: String) {
        switch highway {
        case "motorway", "trunk", "primary", "secondary", "tertiary",
             "motorway_link", "trunk_link", "primary_link", "secondary_link", "tertiary_link":
            self = .main
        case "steps": self = .steps
        case "footway", "path", "pedestrian", "cycleway", "bridleway", "track", "corridor", "platform", "elevator":
            self = .path
        default: self = .minor
        }
    }

    static func < (a: StreetClass, b: StreetClass) -> Bool { a.rawValue < b.rawValue }

    var cssClass: String {
        switch self {
        case .main: "st-main"
        case .steps: "st-steps"
        case .minor: "st-minor"
        case .path: "st-path"
        }
    }

    /// The stroke attributes of the class's group.
    var stroke: String {
        switch self {
        case .main: "stroke=\"#cfc9bb\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        case .minor: "stroke=\"#dcd7cb\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        case .path: "stroke=\"#b9b2a3\" stroke-width=\"1.3\" stroke-dasharray=\"4 3\" stroke-linecap=\"butt\""
        // Short dashes across a wide line: the treads of a flight of steps.
        case .steps: "stroke=\"#8c8372\" stroke-width=\"5\" stroke-dasharray=\"1.5 2\" stroke-linecap=\"butt\""
        }
    }

    /// The legend lists the streets from the widest to the steps.
    var legendOrder: Int {
        switch self {
        case .main: 0
        case .minor: 1
        case .path: 2
        case .steps: 3
        }
    }

    var legendLabel: String {
        switch self {
        case .main: "main street"
        case .minor: "street"
        case .path: "footway or path"
        case .steps: "steps"
        }
    }

    /// The legend's sample of the line.
    var icon: String {
        "<svg class=\"sym\" width=\"24\" height=\"10\" viewBox=\"0 0 24 10\" aria-hidden=\"true\"><path d=\"M2,5H22\" fill=\"none\" \(stroke)/></svg>"
    }
}
