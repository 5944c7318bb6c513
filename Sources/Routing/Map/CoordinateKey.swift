import Vocabulary

/// A coordinate rounded to 1e-7 degree, the precision OpenStreetMap stores (and osmium writes), as a
/// key for finding the same node in several ways.
struct CoordinateKey: Hashable, Sendable {
    var latitude: Int64
    var longitude: Int64

    init(_ c: Coordinate) {
        latitude = Self.e7(c.latitude)
        longitude = Self.e7(c.longitude)
    }

    /// Valid degrees only reach this (callers check `Coordinate.isValid`); anything else maps to 0
    /// rather than trapping.
    static func e7(_ degrees: Double) -> Int64 {
        guard degrees.isFinite, abs(degrees) <= 360 else { return 0 }
        return Int64((degrees * 10_000_000).rounded())
    }
}
