import Vocabulary

/// Reads `routino-router --output-text-all --output-stdout`: tab-separated columns Latitude, Longitude,
/// Node, Type, Segment distance, Segment duration, Total distance, Total duration, Speed, Bearing,
/// Highway (Routino's `doc/OUTPUT.txt`; `src/output.c` writes them). Comment lines start with `#`.
///
/// The all-points file is the one that is whole: the "important points" text file prints "(null)" for
/// every name unless an HTML or GPX route file is written in the same run (Routino 3.3.3 and 3.4.3,
/// `output.c` computes the names only for those), and its Turn column truncates left turns.
package enum RoutinoTextAll {
    /// More points than any walk needs: a bound on what a damaged pipe can make us hold.
    package static let maximumPoints = 200_000

    package static func parse(_ text: String) throws(RoutinoOutputError) -> [RoutinoPoint] {
        var points: [RoutinoPoint] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
            guard points.count < maximumPoints else {
                throw RoutinoOutputError(line: lineNumber, "more than \(maximumPoints) points")
            }
            points.append(try point(line, lineNumber))
        }
        guard let first = points.first, let last = points.last, points.count >= 2 else {
            throw RoutinoOutputError(line: nil, "no route in it (fewer than two points)")
        }
        guard case .waypoint = first.kind, case .waypoint = last.kind else {
            throw RoutinoOutputError(line: nil, "the route does not start and end at a waypoint")
        }
        return points
    }

    private static func point(_ line: Substring, _ number: Int) throws(RoutinoOutputError) -> RoutinoPoint {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(trimmed)
        guard fields.count >= 8 else {
            throw RoutinoOutputError(line: number, "\(fields.count) columns where 8 or more were expected")
        }
        guard let latitude = Double(fields[0]), let longitude = Double(fields[1]) else {
            throw RoutinoOutputError(line: number, "\"\(fields[0])\", \"\(fields[1])\" is not a latitude and longitude")
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw RoutinoOutputError(line: number, "\(latitude), \(longitude) is outside the Earth's ranges")
        }
        guard let total = Double(fields[6]), total.isFinite, total >= 0 else {
            throw RoutinoOutputError(line: number, "\"\(fields[6])\" is not a total distance in km")
        }
        var bearing: Double?
        if fields.count > 9, !fields[9].isEmpty {
            guard let value = Double(fields[9]), value.isFinite, abs(value) <= 360 else {
                throw RoutinoOutputError(line: number, "\"\(fields[9])\" is not a bearing in degrees")
            }
            bearing = value
        }
        let way = fields.count > 10 && !fields[10].isEmpty ? fields[10...].joined(separator: " ") : nil
        return RoutinoPoint(coordinate: coordinate, kind: kind(fields[3]), totalKilometres: total, bearing: bearing, way: way)
    }

    private static func kind(_ text: String) -> RoutinoPoint.Kind {
        if text.hasPrefix("Waypt#"), let n = Int(text.dropFirst(6)), n > 0 { return .waypoint(n) }
        switch text {
        case "Junct": return .junction
        case "Junct-": return .junctionPassed
        case "Inter": return .intermediate
        case "Change": return .change
        case "Mini-RB": return .miniRoundabout
        case "U-turn": return .uTurn
        default: return .other(text)
        }
    }

    private static func trimmed(_ field: Substring) -> String { LineText.trimmed(field) }
}
