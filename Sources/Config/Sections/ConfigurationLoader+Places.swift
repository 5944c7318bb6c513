import Routing
import TOMLKit
import Vocabulary

/// The reader of `[places]`.
extension ConfigurationLoader {
    /// `[places]`: named destinations, `home = [55.6761, 12.5683]`, in the order the file lists them
    /// (the order `next-place` steps through).
    func readPlaces(_ t: TableReader?) -> [Place] {
        guard let t else { return [] }
        var places: [(line: Int, place: Place)] = []
        for key in t.keys {
            guard let value = t.value(key) else { continue }
            let keyPath = t.keyPath(key)
            guard key.count <= RouteEndpoint.maximumNameLength, !key.isEmpty else {
                t.report(key, "a place's name is 1 to \(RouteEndpoint.maximumNameLength) characters")
                continue
            }
            // A name that reads as coordinates would never be looked up as a place.
            if case .coordinate? = try? RouteEndpoint.parse(key) {
                t.report(key, "a place's name cannot look like coordinates; name it with a word")
                continue
            }
            guard let array = value.array, array.count == 2,
                  let latitude = Self.number(array[0]), let longitude = Self.number(array[1]) else {
                t.report(key, "expected [latitude, longitude] in decimal degrees, e.g. \(key) = [55.6761, 12.5683]; found \(TableReader.describe(value))")
                continue
            }
            guard abs(latitude) <= 90, latitude.isFinite else {
                t.report(key, "latitude \(TableReader.format(latitude)) is outside -90…90 (latitude comes first)")
                continue
            }
            guard abs(longitude) <= 180, longitude.isFinite else {
                t.report(key, "longitude \(TableReader.format(longitude)) is outside -180…180")
                continue
            }
            let line = t.issues.line(of: keyPath) ?? Int.max
            places.append((line, Place(name: key, coordinate: Coordinate(latitude: latitude, longitude: longitude))))
        }
        // In the file's order, so that of two names differing in case the later one is reported.
        let ordered = places.sorted { $0.line != $1.line ? $0.line < $1.line : $0.place.name < $1.place.name }.map(\.place)
        let lowered = ordered.map { $0.name.lowercased() }
        for (i, name) in lowered.enumerated() where lowered[..<i].contains(name) {
            t.report(ordered[i].name, "another place has this name in other letter case; names are compared without case")
        }
        return ordered
    }

    /// A TOML integer or float as a number of degrees.
    static func number(_ value: any TOMLValueConvertible) -> Double? {
        if value.type == .double { return value.double }
        if value.type == .int, let i = value.int { return Double(i) }
        return nil
    }

    /// Only the `[places]` of a configuration file, for commands that need the names and not a whole
    /// appliance (`wayfinder route plan`): the rest of the file may be for another machine.
    package static func places(text: String, path: String) throws(ConfigError) -> [Place] {
        let table: TOMLTable
        switch TOMLText.table(text, file: path) {
        case .success(let parsed): table = parsed
        case .failure(let error): throw error
        }
        let issues = IssueCollector(file: path, text: text)
        let root = TableReader(table: table, path: "", issues: issues)
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: []), files: EmptyFiles())
        let places = loader.readPlaces(root.subtable("places"))
        guard issues.issues.isEmpty else { throw ConfigError(issues: issues.issues) }
        return places
    }
}

/// No files: `places(text:path:)` reads nothing but the text it is given.
private struct EmptyFiles: FileReading {
    func read(_ path: String) throws(FileReadError) -> [UInt8]? { nil }
    func names(in directory: String) -> [String] { [] }
}
