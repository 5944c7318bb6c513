import Vocabulary

/// A control from `wayfinder control` or a script: any command a button or gesture can send, by the
/// name the configuration gives it (`next-waypoint`, `toggle-pause`, `announce-direction`, …), or
/// another route. One vocabulary for both, so a name learnt in one place works in the other.
package enum ControlCommand: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What a button or a gesture bound to `command` would do.
    case navigation(NavigationCommand)
    /// Load another GPX file from the routes folder, by its file name.
    case route(String)
    /// Walk to a place of `[places]` or to `LAT,LON`, on a route planned on the map.
    case goTo(String)

    /// Short names for the commands typed most, each standing for one configuration name.
    package static let aliases: [(alias: String, name: String)] =
        [("next", "next-waypoint"), ("previous", "previous-waypoint"), ("battery", "announce-battery")]

    /// The names on the command line and on the wire, in the order `control --help` lists them: the
    /// configuration's command names, then `route`.
    package static let names = NavigationCommand.allCases.map(\.configName) + ["route", "go-to"]

    /// The command `name` stands for; `route` needs `argument`. A short name (`aliases`) stands for
    /// its configuration name; camelCase and snake_case spellings (`intensityUp`, `next_waypoint`)
    /// are read as the kebab-case name.
    package init(name: String, argument: String? = nil) throws(ControlCommandError) {
        let kebab = Self.kebab(name)
        let full = Self.aliases.first { $0.alias == kebab }?.name ?? kebab
        if full == "route" {
            guard let argument, !argument.isEmpty else { throw .missingRoute }
            guard !argument.contains("/"), argument != ".", argument != ".." else { throw .routeOutsideFolder(argument) }
            self = .route(argument)
            return
        }
        if full == "go-to" {
            guard let argument, !argument.isEmpty else { throw .missingDestination }
            self = .goTo(argument)
            return
        }
        guard let command = NavigationCommand(configName: full) else { throw .unknown(name) }
        if let argument { throw .unexpectedArgument(full, argument) }
        self = .navigation(command)
    }

    /// `intensityUp` and `intensity_up` as `intensity-up`; `NEXT` as `next`.
    static func kebab(_ name: String) -> String {
        var text = ""
        var previous: Character?
        for character in name {
            if character == "_" {
                text.append("-")
            } else if character.isUppercase {
                // A capital after a small letter starts a word: camelCase.
                if previous?.isLowercase == true { text.append("-") }
                text += character.lowercased()
            } else {
                text.append(character)
            }
            previous = character
        }
        return text
    }

    /// The configuration's name for the command (`next-waypoint`, never the short `next`).
    package var name: String {
        switch self {
        case .navigation(let command): command.configName
        case .route: "route"
        case .goTo: "go-to"
        }
    }

    package var argument: String? {
        switch self {
        case .route(let file), .goTo(let file): return file
        case .navigation: return nil
        }
    }

    package var description: String { argument.map { "\(name) \($0)" } ?? name }

    private enum CodingKeys: String, CodingKey { case command, argument }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(name: c.decode(String.self, forKey: .command), argument: c.decodeIfPresent(String.self, forKey: .argument))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .command)
        try c.encodeIfPresent(argument, forKey: .argument)
    }
}
