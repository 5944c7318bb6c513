import Vocabulary

/// Why a control's name or argument was refused.
package enum ControlCommandError: Error, Equatable, CustomStringConvertible {
    case unknown(String)
    case missingRoute
    case missingDestination
    case routeOutsideFolder(String)
    case unexpectedArgument(String, String)

    package var description: String {
        switch self {
        case .unknown(let name):
            // The closest name when there is one (a slip of the finger), else every name.
            let candidates = ControlCommand.names + ControlCommand.aliases.map(\.alias)
            if let close = Suggestion.closest(to: ControlCommand.kebab(name), in: candidates) {
                return "unknown control \"\(name)\"; did you mean \"\(close)\"?"
            }
            return "unknown control \"\(name)\"; the controls are \(ControlCommand.names.joined(separator: ", "))"
        case .missingDestination:
            return "go-to needs a place of [places] or LAT,LON, e.g. `wayfinder control go-to home` or `wayfinder control go-to 55.6761,12.5683`"
        case .missingRoute:
            return "route needs the name of a GPX file in the routes folder, e.g. `wayfinder control route park.gpx`"
        case .routeOutsideFolder(let name):
            return "route \"\(name)\" is not a file name: routes are loaded from the configured routes folder only"
        case .unexpectedArgument(let name, let argument):
            return "\(name) takes no argument (got \"\(argument)\")"
        }
    }
}
