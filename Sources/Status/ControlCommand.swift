/// The app-side controls the Pi's buttons mirror, as `wayfinder control` names them.
public enum ControlCommand: Sendable, Equatable, Codable, CustomStringConvertible {
    case start, pause, resume, stop, next, previous, intensityUp, intensityDown, battery
    /// Load another GPX file from the routes folder, by its file name.
    case route(String)

    /// The names on the command line and on the wire, in the order `control --help` lists them.
    public static let names = ["start", "pause", "resume", "stop", "next", "previous", "intensity-up",
                               "intensity-down", "battery", "route"]

    /// The command `name` stands for; `route` needs `argument`. The older camelCase spellings are
    /// accepted too (`intensityUp`).
    public init(name: String, argument: String? = nil) throws(ControlCommandError) {
        let folded = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        let kebab = folded == "intensityup" ? "intensity-up" : folded == "intensitydown" ? "intensity-down" : folded
        switch kebab {
        case "start": self = .start
        case "pause": self = .pause
        case "resume": self = .resume
        case "stop": self = .stop
        case "next", "next-waypoint": self = .next
        case "previous", "previous-waypoint": self = .previous
        case "intensity-up": self = .intensityUp
        case "intensity-down": self = .intensityDown
        case "battery": self = .battery
        case "route":
            guard let argument, !argument.isEmpty else { throw .missingRoute }
            guard !argument.contains("/"), argument != ".", argument != ".." else { throw .routeOutsideFolder(argument) }
            self = .route(argument)
            return
        default:
            throw .unknown(name)
        }
        if let argument { throw .unexpectedArgument(kebab, argument) }
    }

    public var name: String {
        switch self {
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        case .next: "next"
        case .previous: "previous"
        case .intensityUp: "intensity-up"
        case .intensityDown: "intensity-down"
        case .battery: "battery"
        case .route: "route"
        }
    }

    public var argument: String? {
        if case .route(let file) = self { return file }
        return nil
    }

    public var description: String { argument.map { "\(name) \($0)" } ?? name }

    private enum CodingKeys: String, CodingKey { case command, argument }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(name: c.decode(String.self, forKey: .command), argument: c.decodeIfPresent(String.self, forKey: .argument))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .command)
        try c.encodeIfPresent(argument, forKey: .argument)
    }
}

/// Why a control's name or argument was refused.
public enum ControlCommandError: Error, Equatable, CustomStringConvertible {
    case unknown(String)
    case missingRoute
    case routeOutsideFolder(String)
    case unexpectedArgument(String, String)

    public var description: String {
        switch self {
        case .unknown(let name):
            "unknown control \"\(name)\"; the controls are \(ControlCommand.names.joined(separator: ", "))"
        case .missingRoute:
            "route needs the name of a GPX file in the routes folder, e.g. `wayfinder control route park.gpx`"
        case .routeOutsideFolder(let name):
            "route \"\(name)\" is not a file name: routes are loaded from the configured routes folder only"
        case .unexpectedArgument(let name, let argument):
            "\(name) takes no argument (got \"\(argument)\")"
        }
    }
}
