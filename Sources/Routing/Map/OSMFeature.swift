import Vocabulary

/// One OpenStreetMap object as `osmium export -f geojsonseq` writes it: a GeoJSON Feature (RFC 7946)
/// whose geometry is a Point (a node) or a LineString (a way), and whose properties are the object's
/// tags. Coordinates are longitude first, as RFC 7946 §3.1.1 orders them.
package struct OSMFeature: Sendable, Hashable {
    package enum Geometry: Sendable, Hashable {
        case point(Coordinate)
        case line([Coordinate])
    }

    package var geometry: Geometry
    package var tags: [String: String]

    package init(geometry: Geometry, tags: [String: String]) {
        self.geometry = geometry
        self.tags = tags
    }

    /// The feature in a decoded GeoJSON value, or `nil` when it is not a Feature with a Point or
    /// LineString of valid coordinates; a tag whose value is not a string is left out.
    package init?(json: JSONValue) {
        guard case .object(let feature) = json, case .object(let geometry)? = feature["geometry"],
              case .string(let type)? = geometry["type"], let coordinates = geometry["coordinates"] else { return nil }
        switch type {
        case "Point":
            guard let point = Self.coordinate(coordinates) else { return nil }
            self.geometry = .point(point)
        case "LineString":
            guard case .array(let list) = coordinates, list.count >= 2 else { return nil }
            var points: [Coordinate] = []
            points.reserveCapacity(list.count)
            for item in list {
                guard let point = Self.coordinate(item) else { return nil }
                points.append(point)
            }
            self.geometry = .line(points)
        default:
            return nil
        }
        var tags: [String: String] = [:]
        if case .object(let properties)? = feature["properties"] {
            for (key, value) in properties {
                if case .string(let text) = value { tags[key] = text }
            }
        }
        self.tags = tags
    }

    private static func coordinate(_ json: JSONValue) -> Coordinate? {
        guard case .array(let pair) = json, pair.count >= 2, let lon = number(pair[0]), let lat = number(pair[1]) else { return nil }
        let c = Coordinate(latitude: lat, longitude: lon)
        return c.isValid ? c : nil
    }

    private static func number(_ json: JSONValue) -> Double? {
        switch json {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}
