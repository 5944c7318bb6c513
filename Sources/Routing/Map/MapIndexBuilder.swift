import Vocabulary

/// Builds the map index from OpenStreetMap features, one at a time as the export streams them.
///
/// A crossing node's road is found by position: osmium writes a node's coordinates the same way in
/// the node's Point and in every way's LineString through it, so a crossing shares a vertex exactly
/// with the road it is on (and with the footway that leads over it, which is not a road).
package struct MapIndexBuilder: Sendable {
    private var crossingCandidates: [(Coordinate, [String: String])] = []
    private var barriers: [MapBarrier] = []
    private var steps: [MapSteps] = []
    private var streets: [MapStreet] = []
    /// Which streets are roads a crossing may be on (not footways, and not the crossing's own way).
    private var isRoad: [Bool] = []

    package init() {}

    /// The `highway` values that are not (or not yet) ways.
    static let notWays: Set<String> = ["proposed", "construction", "abandoned", "razed", "disused"]

    package mutating func add(_ feature: OSMFeature) {
        let tags = feature.tags
        switch feature.geometry {
        case .point(let point):
            let highway = tags["highway"]
            let signalsWithAid = tags["traffic_signals:sound"].map(Self.isYes) == true || tags["traffic_signals:vibration"].map(Self.isYes) == true
            if highway == "crossing" || (tags["crossing"] != nil && tags["railway"] == nil)
                || (highway == "traffic_signals" && (signalsWithAid || tags["crossing"] != nil)) {
                crossingCandidates.append((point, tags))
            } else if let barrier = tags["barrier"], !barrier.isEmpty, barrier != "no" {
                barriers.append(MapBarrier(coordinate: point, kind: barrier))
            }
        case .line(let points):
            guard let highway = tags["highway"], !highway.isEmpty, !Self.notWays.contains(highway) else { return }
            let name = tags["name"].flatMap { $0.isEmpty ? nil : $0 }
            if highway == "steps" {
                steps.append(MapSteps(name: name, count: tags["step_count"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }, points: points))
            }
            streets.append(MapStreet(highway: highway, name: name, points: points))
            isRoad.append(!MapStreet.walkingOnly.contains(highway) && tags["footway"] != "crossing")
        }
    }

    package func build() -> MapIndex {
        var vertices: [CoordinateKey: [(street: Int, vertex: Int)]] = [:]
        let wanted = Set(crossingCandidates.map { CoordinateKey($0.0) })
        for (s, street) in streets.enumerated() where isRoad[s] {
            for (v, point) in street.points.enumerated() {
                let key = CoordinateKey(point)
                if wanted.contains(key) { vertices[key, default: []].append((s, v)) }
            }
        }
        let crossings = crossingCandidates.map { point, tags -> MapCrossing in
            var roads: [String] = []
            var axis: Double?
            for (s, v) in vertices[CoordinateKey(point)] ?? [] {
                let line = streets[s].points
                let before = line[max(0, v - 1)], after = line[min(line.count - 1, v + 1)]
                if axis == nil, before != after {
                    let bearing = LocalPlane(origin: point).bearing(from: before, to: after)
                    axis = bearing >= 180 ? bearing - 180 : bearing
                }
                if let name = streets[s].name, !roads.contains(name) { roads.append(name) }
            }
            return MapCrossing(coordinate: point, control: Self.control(tags),
                               sound: tags["traffic_signals:sound"].map(Self.isYes) ?? false,
                               vibration: tags["traffic_signals:vibration"].map(Self.isYes) ?? false,
                               tactilePaving: ["yes", "contrasted", "primitive"].contains(tags["tactile_paving"] ?? ""),
                               loweredKerb: ["lowered", "flush", "no"].contains(tags["kerb"] ?? ""),
                               roads: roads, roadAxis: axis.map { $0 >= 179.95 ? 0 : $0 })
        }
        return MapIndex(crossings: crossings, steps: steps, barriers: barriers, streets: streets)
    }

    /// `traffic_signals:sound` is `yes`, `locate` or `walk` where there is sound (OSM wiki,
    /// Key:traffic_signals:sound); `no` and anything unknown are not.
    static func isYes(_ value: String) -> Bool {
        ["yes", "locate", "walk"].contains(value)
    }

    static func control(_ tags: [String: String]) -> MapCrossing.Control {
        let crossing = tags["crossing"] ?? ""
        let reference = tags["crossing_ref"] ?? ""
        if crossing == "traffic_signals" || tags["highway"] == "traffic_signals"
            || ["pelican", "toucan", "puffin", "pegasus"].contains(reference) { return .signals }
        if ["zebra", "marked", "uncontrolled"].contains(crossing) || reference == "zebra" { return .marked }
        if ["unmarked", "no"].contains(crossing) { return .unmarked }
        return .unknown
    }
}
