import Vocabulary

/// Why a destination or start could not be read or found, said so that the wearer's helper knows what
/// to type instead.
package enum RouteEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case notCoordinates(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case nameTooLong(Int)
    case controlCharacters
    case unknownPlace(String, known: [String])

    package var description: String {
        switch self {
        case .empty:
            return "no place or coordinates given: write LAT,LON (for example 55.6761,12.5683) or a place's name"
        case .notCoordinates(let text):
            return "\"\(text.prefix(40))\" is not LAT,LON: write two decimal numbers separated by a comma, for example 55.6761,12.5683"
        case .latitudeOutOfRange(let value):
            return "latitude \(value) is outside -90…90 (are latitude and longitude the wrong way round? LAT comes first)"
        case .longitudeOutOfRange(let value):
            return "longitude \(value) is outside -180…180"
        case .nameTooLong(let count):
            return "a place name of \(count) characters is longer than \(RouteEndpoint.maximumNameLength)"
        case .controlCharacters:
            return "a place name cannot contain control characters"
        case .unknownPlace(let name, let known):
            if known.isEmpty {
                return "no place is called \"\(name)\": the configuration has no [places] table (add one: home = [55.6761, 12.5683])"
            }
            let hint = Suggestion.closest(to: name, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
            return "no place is called \"\(name)\"\(hint) (the places are \(known.joined(separator: ", ")))"
        }
    }
}
