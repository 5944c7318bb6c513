import Navigation
import Vocabulary

/// The map index as text: one feature per line, tab-separated, the kind first; the first line names
/// the format and its version. Text keeps the file readable with `less` and `grep` on the Pi, and
/// line by line it is read without holding a document tree.
///
///     wayfinder-map-index	1
///     crossing	LAT	LON	CONTROL	FLAGS	AXIS	ROAD…      FLAGS: s sound, v vibration, t tactile paving, k lowered kerb, - none
///     steps	COUNT	POINTS	NAME                          POINTS: "lat,lon lat,lon …"; COUNT and AXIS "-" when unknown
///     barrier	LAT	LON	KIND
///     street	HIGHWAY	POINTS	NAME
///
/// Names are the last fields, so that a name with a tab in it (made a space when written) cannot
/// shift the others.
package enum MapIndexFormat {
    package static let header = "wayfinder-map-index\t1"
    /// More points than any way has (OpenStreetMap allows 2 000 nodes a way): a bound on a damaged file.
    package static let maximumPointsPerLine = 100_000

    package static func text(_ index: MapIndex) -> String {
        var lines = [header]
        for c in index.crossings {
            var flags = ""
            if c.sound { flags += "s" }
            if c.vibration { flags += "v" }
            if c.tactilePaving { flags += "t" }
            if c.loweredKerb { flags += "k" }
            var fields = ["crossing", degrees(c.coordinate.latitude), degrees(c.coordinate.longitude), c.control.rawValue,
                          flags.isEmpty ? "-" : flags, c.roadAxis.map { GPXTrackFormat.fixed($0, 1) } ?? "-"]
            fields += c.roads.map(clean)
            lines.append(fields.joined(separator: "\t"))
        }
        for s in index.steps {
            lines.append(["steps", s.count.map(String.init) ?? "-", points(s.points), clean(s.name ?? "")].joined(separator: "\t"))
        }
        for b in index.barriers {
            lines.append(["barrier", degrees(b.coordinate.latitude), degrees(b.coordinate.longitude), clean(b.kind)].joined(separator: "\t"))
        }
        for s in index.streets {
            lines.append(["street", clean(s.highway), points(s.points), clean(s.name ?? "")].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func parse(_ text: String, file: String) throws(MapIndexError) -> MapIndex {
        var index = MapIndex()
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number == 1 {
                guard rawLine == header else {
                    throw MapIndexError(file: file, line: 1, "the first line is not \"wayfinder-map-index<TAB>1\"")
                }
                continue
            }
            if rawLine.isEmpty { continue }
            let f = rawLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch f[0] {
            case "crossing":
                guard f.count >= 6 else { throw MapIndexError(file: file, line: number, "a crossing needs 6 fields or more, not \(f.count)") }
                let coordinate = try coordinate(f[1], f[2], file, number)
                guard let control = MapCrossing.Control(rawValue: f[3]) else {
                    throw MapIndexError(file: file, line: number, "\"\(f[3])\" is not a crossing control (\(MapCrossing.Control.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                guard f[4] == "-" || (!f[4].isEmpty && f[4].allSatisfy({ "svtk".contains($0) })) else {
                    throw MapIndexError(file: file, line: number, "\"\(f[4])\" is not a set of crossing flags (s, v, t, k or -)")
                }
                var axis: Double?
                if f[5] != "-" {
                    guard let value = Double(f[5]), value.isFinite, value >= 0, value < 180 else {
                        throw MapIndexError(file: file, line: number, "\"\(f[5])\" is not a road axis in [0, 180)")
                    }
                    axis = value
                }
                index.crossings.append(MapCrossing(coordinate: coordinate, control: control, sound: f[4].contains("s"),
                                                   vibration: f[4].contains("v"), tactilePaving: f[4].contains("t"),
                                                   loweredKerb: f[4].contains("k"), roads: Array(f[6...]), roadAxis: axis))
            case "steps":
                guard f.count == 4 else { throw MapIndexError(file: file, line: number, "steps need 4 fields, not \(f.count)") }
                var count: Int?
                if f[1] != "-" {
                    guard let value = Int(f[1]), value >= 0 else {
                        throw MapIndexError(file: file, line: number, "\"\(f[1])\" is not a number of steps")
                    }
                    count = value
                }
                index.steps.append(MapSteps(name: f[3].isEmpty ? nil : f[3], count: count, points: try points(f[2], file, number)))
            case "barrier":
                guard f.count == 4 else { throw MapIndexError(file: file, line: number, "a barrier needs 4 fields, not \(f.count)") }
                index.barriers.append(MapBarrier(coordinate: try coordinate(f[1], f[2], file, number), kind: f[3]))
            case "street":
                index.streets.append(try street(f, file: file, line: number))
            default:
                throw MapIndexError(file: file, line: number, "\"\(f[0].prefix(40))\" is not a kind of map feature (crossing, steps, barrier, street)")
            }
        }
        guard number >= 1, text.hasPrefix(header) else {
            throw MapIndexError(file: file, line: 1, "the first line is not \"wayfinder-map-index<TAB>1\"")
        }
        return index
    }

    /// A `street` line's fields (the kind first) as a street.
    private static func street(_ f: [String], file: String, line: Int) throws(MapIndexError) -> MapStreet {
        guard f.count == 4 else { throw MapIndexError(file: file, line: line, "a street needs 4 fields, not \(f.count)") }
        return MapStreet(highway: f[1], name: f[3].isEmpty ? nil : f[3], points: try points(f[2], file, line))
    }

    /// One line of a map index read on its own, for a reader that goes through a large file line by
    /// line (`line` is its number from 1, the header's): the street on it when it is a street line
    /// that meets `area`, nil for a street elsewhere and for the other kinds. The header is checked
    /// on line 1. A street's points are read only when the line is one.
    package static func street(onLine text: Substring, number line: Int, meeting area: MapArea, file: String) throws(MapIndexError) -> MapStreet? {
        if line == 1 {
            guard text == header else { throw MapIndexError(file: file, line: 1, "the first line is not \"wayfinder-map-index<TAB>1\"") }
            return nil
        }
        guard text.hasPrefix("street\t") else { return nil }
        let street = try street(text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init), file: file, line: line)
        return area.meets(street.points) ? street : nil
    }

    private static func degrees(_ value: Double) -> String { GPXTrackFormat.fixed(value, 7) }

    private static func points(_ list: [Coordinate]) -> String {
        list.map { degrees($0.latitude) + "," + degrees($0.longitude) }.joined(separator: " ")
    }

    /// Tabs, line ends and other control characters become spaces: they would break the line format.
    private static func clean(_ text: String) -> String { LineText.clean(text) }

    private static func coordinate(_ lat: String, _ lon: String, _ file: String, _ line: Int) throws(MapIndexError) -> Coordinate {
        guard let latitude = Double(lat), let longitude = Double(lon) else {
            throw MapIndexError(file: file, line: line, "\"\(lat.prefix(30))\", \"\(lon.prefix(30))\" is not a latitude and longitude")
        }
        let c = Coordinate(latitude: latitude, longitude: longitude)
        guard c.isValid else { throw MapIndexError(file: file, line: line, "\(lat), \(lon) is outside the Earth's ranges") }
        return c
    }

    private static func points(_ text: String, _ file: String, _ line: Int) throws(MapIndexError) -> [Coordinate] {
        var result: [Coordinate] = []
        for pair in text.split(separator: " ") {
            guard result.count < maximumPointsPerLine else {
                throw MapIndexError(file: file, line: line, "more than \(maximumPointsPerLine) points on one line")
            }
            let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw MapIndexError(file: file, line: line, "\"\(pair.prefix(40))\" is not a point \"lat,lon\"") }
            result.append(try coordinate(String(parts[0]), String(parts[1]), file, line))
        }
        guard result.count >= 2 else { throw MapIndexError(file: file, line: line, "a line needs two points or more, not \(result.count)") }
        return result
    }
}
