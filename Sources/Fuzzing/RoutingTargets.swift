import Config
import Foundation
import Routing
import Vocabulary

/// Route planning's readers: what Routino's router prints, the map's own files (a card copied by hand
/// can hold anything), the endpoints a person types, and osmium's export at import.
enum RoutingTargets {
    /// `routino-router --output-text-all --output-stdout`, through the reader to the route's description.
    /// - every point read has a valid coordinate, the first and the last are waypoints;
    /// - described on a small index with a crossing, steps and a barrier (the test town's): the
    ///   instructions are sorted by distance along the route, the first is the start and the last the
    ///   destination, every distance is finite and within [0, the route's length], and the route for
    ///   the belt has points.
    static let routinoTextAll = FuzzTarget(
        name: "routino-text-all",
        summary: "routino-router's all-points text through the reader and the route describer",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        let text = String(decoding: input.rest(), as: UTF8.self)
        let points: [RoutinoPoint]
        do throws(RoutinoOutputError) {
            points = try RoutinoTextAll.parse(text)
        } catch {
            try expect(!error.reason.isEmpty, "a refusal of the router's output without a reason")
            return
        }
        for point in points {
            try expect(point.coordinate.isValid, "a point read at \(point.coordinate)")
            try expect(point.totalKilometres.isFinite && point.totalKilometres >= 0, "a total distance of \(point.totalKilometres) km")
        }
        guard let first = points.first, let last = points.last else { throw FuzzViolation("a route read without points") }
        guard case .waypoint = first.kind, case .waypoint = last.kind else {
            throw FuzzViolation("a route read that does not start and end at waypoints: \(first.kind) … \(last.kind)")
        }
        let route = RouteDescriber.describe(points, index: town, from: first.coordinate, to: last.coordinate, destinationName: "harbour")
        let length = route.lengthMetres
        try expect(length.isFinite && length >= 0, "a route length of \(length) m")
        guard let start = route.instructions.first, let end = route.instructions.last else {
            throw FuzzViolation("a described route without instructions")
        }
        try expect(start.kind == .start, "the first instruction is \(start.kindName), not the start")
        try expect(end.kind == .destination, "the last instruction is \(end.kindName), not the destination")
        var previous = 0.0
        for instruction in route.instructions {
            let along = instruction.alongMetres
            try expect(along.isFinite && along >= 0 && along <= length,
                       "\(instruction.kindName) \"\(instruction.text)\" at \(along) m on a route of \(length) m")
            try expect(along >= previous, "\(instruction.kindName) at \(along) m after an instruction at \(previous) m")
            try expect(instruction.coordinate.isValid, "\(instruction.kindName) at \(instruction.coordinate)")
            previous = along
        }
        try expect(!route.waypoints.isEmpty, "a described route without waypoints for the belt")
        for waypoint in route.waypoints {
            try expect(waypoint.coordinate.isValid, "a route point at \(waypoint.coordinate)")
        }
    }

    /// A map's `features.tsv` or `streets.tsv`: an index that reads writes back as text that reads to
    /// the same text.
    static let mapIndex = FuzzTarget(
        name: "map-index",
        summary: "a map's index files (features.tsv, streets.tsv)",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        let text = String(decoding: input.rest(), as: UTF8.self)
        guard let index = try? MapIndexFormat.parse(text, file: "features.tsv") else { return }
        try indexRoundTrip(index)
    }

    /// A map's manifest: one that reads writes back as text that reads to the same text, and judging a
    /// directory against it never traps.
    static let mapManifest = FuzzTarget(
        name: "map-manifest",
        summary: "a map's manifest (wayfinder-map.txt)",
        maximumLength: 4096
    ) { input throws(FuzzViolation) in
        let text = String(decoding: input.rest(), as: UTF8.self)
        let manifest: MapManifest
        do throws(MapIndexError) {
            manifest = try MapManifest.parse(text, file: MapManifest.fileName)
        } catch {
            try expect(error.line >= 1, "a refused manifest at line \(error.line)")
            return
        }
        let written = manifest.text
        let again: MapManifest
        do throws(MapIndexError) {
            again = try MapManifest.parse(written, file: MapManifest.fileName)
        } catch {
            throw FuzzViolation("a manifest written from one that read does not read: \(error)\n\(written)")
        }
        try expect(again.text == written, "a manifest does not read back as itself:\n\(written)\nbecame\n\(again.text)")
        var sizes: [String: Int] = [:]
        for (n, file) in manifest.files.enumerated() where n % 3 != 2 { sizes[file.name] = n % 3 == 0 ? file.bytes : file.bytes &+ 1 }
        let problems = manifest.problems(sizes: sizes, installedRoutino: "3.3.3")
        try expect(problems.allSatisfy { !$0.isEmpty }, "an empty problem")
        _ = manifest.problems(sizes: [:], installedRoutino: nil)
    }

    /// Where a route starts or ends, as typed: a coordinate read is on the globe, a place name has no
    /// control characters and at most 64 characters; the same text as a `[places]` name's value in a
    /// configuration never traps the loader.
    static let routeEndpoint = FuzzTarget(
        name: "route-endpoint",
        summary: "a route's start or destination as typed (LAT,LON or a place), and [places]",
        maximumLength: 1024
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        let text = String(decoding: bytes, as: UTF8.self)
        if let endpoint = try? RouteEndpoint.parse(text) {
            switch endpoint {
            case .coordinate(let c):
                try expect(c.isValid, "\(text.debugDescription) read as \(c)")
            case .place(let name):
                try expect(!name.isEmpty && name.count <= RouteEndpoint.maximumNameLength, "a place name of \(name.count) characters")
                try expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f },
                           "a place name with control characters: \(name.debugDescription)")
            }
            try expect((try? RouteEndpoint.parse(endpoint.description)).map { same($0, endpoint) } ?? false,
                       "\(endpoint) does not read back from its own text")
        }
        for document in ["[places]\nplace = \(text)\n", "[places]\n\(text) = [55.68, 12.57]\n"] {
            guard let places = try? ConfigurationLoader.places(text: document, path: "fuzz.toml") else { continue }
            for place in places {
                try expect(place.coordinate.isValid, "a place at \(place.coordinate)")
                try expect(!place.name.isEmpty && place.name.count <= RouteEndpoint.maximumNameLength,
                           "a place name of \(place.name.count) characters")
            }
        }
    }

    /// osmium's GeoJSON export, a line at a time as the import reads it, through the index builder: the
    /// index built writes as text that reads to the same text.
    static let osmFeature = FuzzTarget(
        name: "osm-feature",
        summary: "osmium export's GeoJSON lines through the map index builder",
        maximumLength: 8192
    ) { input throws(FuzzViolation) in
        let decoder = JSONDecoder()
        var builder = MapIndexBuilder()
        let bytes = input.rest()
        for line in bytes.split(separator: 0x0A) {
            guard let value = try? decoder.decode(JSONValue.self, from: Data(line.drop(while: { $0 == 0x1e }))),
                  let feature = OSMFeature(json: value) else { continue }
            switch feature.geometry {
            case .point(let c): try expect(c.isValid, "a node at \(c)")
            case .line(let points):
                try expect(points.count >= 2 && points.allSatisfy(\.isValid), "a way of \(points.count) points, or one off the globe")
            }
            builder.add(feature)
        }
        let index = builder.build()
        for crossing in index.crossings {
            if let axis = crossing.roadAxis { try expect(axis >= 0 && axis < 180, "a road axis of \(axis)") }
        }
        try indexRoundTrip(index)
    }

    /// What the map index promises about an index in memory: its text reads, and reads back to that
    /// text.
    static func indexRoundTrip(_ index: MapIndex) throws(FuzzViolation) {
        let written = MapIndexFormat.text(index)
        let again: MapIndex
        do throws(MapIndexError) {
            again = try MapIndexFormat.parse(written, file: "features.tsv")
        } catch {
            throw FuzzViolation("an index written does not read: \(error)\n\(written.prefix(600))")
        }
        let rewritten = MapIndexFormat.text(again)
        try expect(rewritten == written, "an index does not read back as itself:\n\(written.prefix(600))\nbecame\n\(rewritten.prefix(600))")
    }

    /// Two endpoints are the same place: the text of a coordinate has six decimals (about 0.1 m).
    private static func same(_ a: RouteEndpoint, _ b: RouteEndpoint) -> Bool {
        switch (a, b) {
        case (.place(let x), .place(let y)): return x == y
        case (.coordinate(let x), .coordinate(let y)):
            return abs(x.latitude - y.latitude) <= 1e-6 && abs(x.longitude - y.longitude) <= 1e-6
        default: return false
        }
    }

    /// The test town's hazards (Tests/RoutingTests/Fixtures/town.osm): the signalled crossing of Vester
    /// Voldgade, Trappen's steps, the bollard on the detour.
    static let town = MapIndex(
        crossings: [MapCrossing(coordinate: Coordinate(latitude: 55.68, longitude: 12.572), control: .signals, sound: true,
                                vibration: true, tactilePaving: true, loweredKerb: true, roads: ["Vester Voldgade"], roadAxis: 0)],
        steps: [MapSteps(name: "Trappen", count: 20, points: [Coordinate(latitude: 55.68, longitude: 12.573),
                                                            Coordinate(latitude: 55.68, longitude: 12.574)])],
        barriers: [MapBarrier(coordinate: Coordinate(latitude: 55.681, longitude: 12.5745), kind: "bollard")])
}
