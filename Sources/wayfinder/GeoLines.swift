import Gestures
import Navigation
import Sensors

/// The arithmetic behind `wayfinder geo`: whitespace-separated numbers in, one JSON object out.
/// Shared by the argument form and `--batch`, so both print and refuse exactly the same things.
enum GeoLines {
    /// What is wrong with one problem, worded for the operator.
    struct LineError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `LAT1 LON1 LAT2 LON2` → `{"azi1_deg":…,"azi2_deg":…,"distance_m":…}` (Karney, WGS84).
    static func inverse(_ fields: [String]) throws -> [(String, Double)] {
        try expect(fields, names: ["LAT1", "LON1", "LAT2", "LON2"])
        let start = Coordinate(latitude: try latitude(fields[0], "LAT1"), longitude: try longitude(fields[1], "LON1"))
        let end = Coordinate(latitude: try latitude(fields[2], "LAT2"), longitude: try longitude(fields[3], "LON2"))
        let r = Geodesic.wgs84.inverse(from: start, to: end)
        return [("distance_m", r.distance), ("azi1_deg", r.initialAzimuth), ("azi2_deg", r.finalAzimuth)]
    }

    /// `LAT LON AZI DIST_M` → `{"azi2_deg":…,"lat2_deg":…,"lon2_deg":…}`.
    static func direct(_ fields: [String]) throws -> [(String, Double)] {
        try expect(fields, names: ["LAT", "LON", "AZI", "DIST_M"])
        let start = Coordinate(latitude: try latitude(fields[0], "LAT"), longitude: try longitude(fields[1], "LON"))
        let r = Geodesic.wgs84.direct(from: start, azimuth: try number(fields[2], "AZI"),
                                      distance: try number(fields[3], "DIST_M"))
        return [("lat2_deg", r.destination.latitude), ("lon2_deg", r.destination.longitude), ("azi2_deg", r.finalAzimuth)]
    }

    /// `LAT LON ALT_KM YYYY-MM-DD` (the batch form) → `{"declination_deg":…}`.
    static func declination(_ fields: [String]) throws -> [(String, Double)] {
        try expect(fields, names: ["LAT", "LON", "ALT_KM", "YYYY-MM-DD"])
        return try declination(latitude: try latitude(fields[0], "LAT"), longitude: try longitude(fields[1], "LON"),
                               altitude: try number(fields[2], "ALT_KM"), decimalYear: try DecimalYear.from(isoDate: fields[3]))
    }

    /// WMM2025 declination, east positive. A date outside 2025.0–2030.0 or a geographic pole is an
    /// error, never a made-up number.
    static func declination(latitude: Double, longitude: Double, altitude: Double, decimalYear: Double) throws -> [(String, Double)] {
        let field = try WorldMagneticModel.wmm2025.field(latitude: latitude, longitude: longitude,
                                                         altitude: altitude, decimalYear: decimalYear)
        guard let degrees = field.declination else { throw MagneticModelError.undefinedAtPole(latitude: latitude) }
        return [("declination_deg", degrees)]
    }

    // MARK: Fields

    static func expect(_ fields: [String], names: [String]) throws {
        guard fields.count == names.count else {
            throw LineError("expected \(names.count) values \(names.joined(separator: " ")), found \(fields.count)")
        }
    }

    static func number(_ text: String, _ name: String) throws -> Double {
        guard let value = Double(text), value.isFinite else { throw LineError("\(name): \"\(text)\" is not a finite number") }
        return value
    }

    static func latitude(_ text: String, _ name: String) throws -> Double {
        let value = try number(text, name)
        guard abs(value) <= 90 else { throw LineError("\(name): \(text) is not a latitude in [-90, 90]") }
        return value
    }

    /// Any finite longitude; the solvers wrap it (GeographicLib accepts the same).
    static func longitude(_ text: String, _ name: String) throws -> Double {
        try number(text, name)
    }

    // MARK: JSON

    /// One JSON object (`JSONText`: keys sorted, numbers in their shortest round-trip form).
    static func render(_ pairs: [(String, Double)]) -> String {
        JSONText.encode(JSONValue.object(Dictionary(pairs.map { ($0.0, JSONValue.number($0.1)) }) { a, _ in a }))
    }

    /// The answer for a person: metres and degrees with their meaning, one line.
    static func human(_ pairs: [(String, Double)]) -> String {
        let value = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
        func fixed(_ v: Double, _ digits: Int) -> String {
            guard v.isFinite else { return "?" }
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            let text = "\((abs(v) * scale).rounded() / scale)"
            let parts = text.split(separator: ".", maxSplits: 1)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            let padded = fraction + String(repeating: "0", count: max(0, digits - fraction.count))
            return (v < 0 && (abs(v) * scale).rounded() != 0 ? "-" : "") + parts[0] + (digits > 0 ? "." + padded : "")
        }
        // Azimuths in the JSON's convention, GeodSolve's (-180, 180], so the words and the JSON give
        // one number; rounding must not carry -179.999 out of that range to -180.00.
        func bearing(_ v: Double) -> String {
            let rounded = (Bearing.normalizedSigned(v) * 100).rounded() / 100
            return fixed(rounded == -180 ? 180 : rounded, 2)
        }
        let convention = "(from true north, clockwise; negative is anticlockwise)"
        if let distance = value["distance_m"], let start = value["azi1_deg"], let end = value["azi2_deg"] {
            return "\(fixed(distance, 3)) m, setting off at \(bearing(start))° and arriving at \(bearing(end))° \(convention)"
        }
        if let latitude = value["lat2_deg"], let longitude = value["lon2_deg"], let end = value["azi2_deg"] {
            return "\(fixed(abs(latitude), 7))° \(latitude < 0 ? "S" : "N"), \(fixed(abs(longitude), 7))° \(longitude < 0 ? "W" : "E"), arriving at \(bearing(end))° \(convention)"
        }
        if let declination = value["declination_deg"] {
            return "\(fixed(abs(declination), 2))° \(declination < 0 ? "west" : "east") (WMM2025)"
        }
        return render(pairs)
    }

    /// `{"error":"…"}`, with `"line":N` in batch mode (as `belt encode` reports a bad line).
    static func error(_ error: any Error, line: Int? = nil) -> String {
        var object: [String: JSONValue] = ["error": .string("\(error)")]
        if let line { object["line"] = .int(line) }
        return JSONText.encode(JSONValue.object(object))
    }
}
