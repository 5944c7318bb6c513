import Navigation

/// What a map directory holds and what built it, written last by `wayfinder map import` (so a map with
/// a manifest is a whole one) and checked before every plan: Routino's database files have no header,
/// magic number or version (Routino 3.3.3 `src/files.c` maps them as they are), and its library and
/// programs crash on a truncated one, so the sizes recorded here are what stands between a damaged
/// copy and the router.
///
///     wayfinder-map 1
///     routino 3.3.3
///     source monaco.osm.pbf
///     built 2026-11-29T16:40:00Z
///     area 43.72 7.40 43.75 7.44
///     file nodes.mem 136580
///     count crossings 386
package struct MapManifest: Sendable, Hashable {
    package static let fileName = "wayfinder-map.txt"
    package static let header = "wayfinder-map 1"
    /// Routino's database files, with the default (empty) prefix (`planetsplitter --prefix`).
    package static let databaseFiles = ["nodes.mem", "segments.mem", "ways.mem", "relations.mem"]
    package static let featuresFile = "features.tsv"
    package static let streetsFile = "streets.tsv"

    /// The Routino version that built the database, as `planetsplitter --version` says it.
    package var routinoVersion: String
    package var source: String
    /// UTC, ISO 8601.
    package var built: String
    /// South, west, north, east in degrees: the ways' extent.
    package var area: (south: Double, west: Double, north: Double, east: Double)?
    /// Every file of the map with its size in bytes, in the order written.
    package var files: [(name: String, bytes: Int)]
    package var counts: [(name: String, value: Int)]

    package init(routinoVersion: String, source: String, built: String,
                 area: (south: Double, west: Double, north: Double, east: Double)? = nil,
                 files: [(name: String, bytes: Int)] = [], counts: [(name: String, value: Int)] = []) {
        self.routinoVersion = routinoVersion
        self.source = source
        self.built = built
        self.area = area
        self.files = files
        self.counts = counts
    }

    package static func == (a: MapManifest, b: MapManifest) -> Bool {
        a.text == b.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    package func count(_ name: String) -> Int? {
        counts.first { $0.name == name }?.value
    }

    package var text: String {
        var lines = [Self.header, "routino \(Self.clean(routinoVersion))", "source \(Self.clean(source))", "built \(Self.clean(built))"]
        if let area {
            lines.append("area \(Self.degrees(area.south)) \(Self.degrees(area.west)) \(Self.degrees(area.north)) \(Self.degrees(area.east))")
        }
        lines += files.map { "file \(Self.clean($0.name)) \($0.bytes)" }
        lines += counts.map { "count \(Self.clean($0.name)) \($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func parse(_ text: String, file: String) throws(MapIndexError) -> MapManifest {
        var manifest = MapManifest(routinoVersion: "", source: "", built: "")
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number == 1 {
                guard line == header else { throw MapIndexError(file: file, line: 1, "the first line is not \"\(header)\"") }
                continue
            }
            // A line of spaces has no key: blank, like an empty one.
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let key = words.first else { continue }
            let value = words.count > 1 ? words[1] : ""
            switch key {
            case "routino": manifest.routinoVersion = value
            case "source": manifest.source = value
            case "built": manifest.built = value
            case "area":
                let parts = value.split(separator: " ").compactMap { Double($0) }
                guard parts.count == 4, parts.allSatisfy(\.isFinite), abs(parts[0]) <= 90, abs(parts[2]) <= 90,
                      abs(parts[1]) <= 180, abs(parts[3]) <= 180 else {
                    throw MapIndexError(file: file, line: number, "\"\(value.prefix(80))\" is not an area \"SOUTH WEST NORTH EAST\"")
                }
                manifest.area = (parts[0], parts[1], parts[2], parts[3])
            case "file", "count":
                let parts = value.split(separator: " ")
                guard parts.count == 2, let n = Int(parts[1]), n >= 0 else {
                    throw MapIndexError(file: file, line: number, "\"\(value.prefix(80))\" is not \"NAME NUMBER\"")
                }
                // The import writes plain names; a control character would be written back as a space,
                // which splits the name in two.
                guard !parts[0].unicodeScalars.contains(where: Self.isControl) else {
                    throw MapIndexError(file: file, line: number, "\(String(parts[0].prefix(80)).debugDescription) has a control character in its name")
                }
                if key == "file" { manifest.files.append((String(parts[0]), n)) } else { manifest.counts.append((String(parts[0]), n)) }
            default:
                // A key a later version writes; what this version needs is checked below.
                continue
            }
        }
        guard number >= 1, text.hasPrefix(header) else { throw MapIndexError(file: file, line: 1, "the first line is not \"\(header)\"") }
        guard !manifest.routinoVersion.isEmpty else { throw MapIndexError(file: file, line: number, "it does not say which Routino built the map") }
        for name in databaseFiles + [featuresFile] where !manifest.files.contains(where: { $0.name == name }) {
            throw MapIndexError(file: file, line: number, "it does not list \(name)")
        }
        return manifest
    }

    /// The problems of a map directory whose files have the sizes given (a missing file is absent
    /// from `sizes`), against this manifest and the installed Routino; empty when the map can be used.
    package func problems(sizes: [String: Int], installedRoutino: String?) -> [String] {
        var problems: [String] = []
        if let installed = installedRoutino, installed != routinoVersion {
            problems.append("the map was built by Routino \(routinoVersion) and this machine has Routino \(installed): "
                + "import it again here, or build it with Routino \(installed) (Debian 12 has 3.3.3, Debian 13 3.4.3)")
        }
        for (name, bytes) in files {
            guard let actual = sizes[name] else { problems.append("\(name) is missing"); continue }
            if actual != bytes { problems.append("\(name) has \(actual) bytes where the import wrote \(bytes) (a copy cut short?)") }
        }
        return problems
    }

    /// "3.3.3" out of `planetsplitter --version`'s "Routino version 3.3.3 <http://www.routino.org/>.".
    package static func routinoVersion(fromVersionOutput text: String) -> String? {
        guard let range = text.literalRange(of: "Routino version ") else { return nil }
        let version = text[range.upperBound...].prefix(while: { $0.isNumber || $0 == "." })
        return version.isEmpty ? nil : String(version)
    }

    private static func clean(_ text: String) -> String { LineText.clean(text) }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { LineText.isControl(scalar) }

    private static func degrees(_ value: Double) -> String { GPXTrackFormat.fixed(value, 7) }
}
