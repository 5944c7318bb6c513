import Navigation
import Vocabulary

/// Where a route starts or ends as a person writes it: `LAT,LON` in decimal degrees, or the name of
/// one of the configuration's places.
package enum RouteEndpoint: Sendable, Hashable, CustomStringConvertible {
    case coordinate(Coordinate)
    case place(String)

    /// The longest place name accepted: a name is a word or two, and this bounds what a control
    /// message can make the appliance hold.
    package static let maximumNameLength = 64

    /// Reads `55.6761,12.5683` (spaces after the comma allowed) or a place name. Text that starts
    /// like a number is taken as coordinates and must be valid ones, so a mistyped coordinate is not
    /// looked up as a place.
    package static func parse(_ text: String) throws(RouteEndpointError) -> RouteEndpoint {
        let trimmed = LineText.trimmed(text)
        guard !trimmed.isEmpty else { throw .empty }
        if let first = trimmed.unicodeScalars.first, first == "-" || first == "+" || first == "." || ("0"..."9").contains(first) {
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
                .map(LineText.trimmed)
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                  latitude.isFinite, longitude.isFinite else {
                throw .notCoordinates(trimmed)
            }
            guard abs(latitude) <= 90 else { throw .latitudeOutOfRange(latitude) }
            guard abs(longitude) <= 180 else { throw .longitudeOutOfRange(longitude) }
            return .coordinate(Coordinate(latitude: latitude, longitude: longitude))
        }
        guard trimmed.count <= maximumNameLength else { throw .nameTooLong(trimmed.count) }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw .controlCharacters
        }
        return .place(trimmed)
    }

    package var description: String {
        switch self {
        case .coordinate(let c): return "\(GPXTrackFormat.fixed(c.latitude, 6)),\(GPXTrackFormat.fixed(c.longitude, 6))"
        case .place(let name): return name
        }
    }
}
