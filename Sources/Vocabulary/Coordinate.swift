/// A point on the WGS84 ellipsoid, in degrees. Latitude is positive north, longitude positive east.
package struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and inside their ranges.
    package var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    package var description: String {
        func fmt(_ v: Double, _ pos: String, _ neg: String) -> String {
            let r = (abs(v) * 1_000_000).rounded() / 1_000_000
            return "\(r)°\(v < 0 ? neg : pos)"
        }
        return "\(fmt(latitude, "N", "S")) \(fmt(longitude, "E", "W"))"
    }
}
