import Navigation
import Vocabulary

/// Turns Routino's points into a `PlannedRoute`: the turns at its junctions, the crossings, steps and
/// barriers of the map index that lie on its line, and the GPX route the belt follows. Pure: the same
/// points and index give the same description.
package enum RouteDescriber {
    package static func describe(_ points: [RoutinoPoint], index: MapIndex, from: Coordinate, to: Coordinate,
                                 destinationName: String? = nil, options: RouteDescription = RouteDescription()) -> PlannedRoute {
        // The line without repeated points (Routino repeats a waypoint that falls on a node); each
        // point keeps its kind and the way that arrives at it.
        var line: [Coordinate] = [], kinds: [RoutinoPoint.Kind] = [], ways: [String?] = []
        for point in points {
            if let last = line.last, last == point.coordinate {
                if let way = point.way { ways[ways.count - 1] = way }
                continue
            }
            line.append(point.coordinate)
            kinds.append(point.kind)
            ways.append(point.way)
        }
        if line.isEmpty { line = [from]; kinds = [.waypoint(1)]; ways = [nil] }
        var along: [Double] = [0]
        for i in 1..<max(1, line.count) {
            along.append(along[i - 1] + Geodesic.wgs84.distance(from: line[i - 1], to: line[i]))
        }
        let geometry = LineGeometry(line: line, along: along)
        let leaving = { (i: Int) -> String? in i + 1 < ways.count ? ways[i + 1] : ways[i] }

        var start = RouteInstruction(kind: .start, coordinate: line[0], alongMetres: 0, way: leaving(0),
                                     text: "start along " + RouteInstruction.wayPhrase(leaving(0)))
        var turns = turns(geometry, kinds: kinds, ways: ways, options: options)
        // A change of name a few metres from the start (a fake node of Routino's on the first way) is
        // where the walk really starts: said once, as the start.
        if let first = turns.first, first.kind == .continueOnto, first.alongMetres < options.turnMergeDistance {
            start.way = first.way
            start.text = "start along " + RouteInstruction.wayPhrase(first.way)
            turns.removeFirst()
        }
        var instructions = [start] + turns
        let bounds = geometry.bounds(margin: options.matchRadius * 2)
        instructions += crossings(index.crossings.filter { bounds.contains($0.coordinate) }, geometry, leaving, options)
        instructions += steps(index.steps, geometry, bounds, leaving, options)
        instructions += barriers(index.barriers.filter { bounds.contains($0.coordinate) }, geometry, leaving, options)
        let end = line.count - 1
        instructions.append(RouteInstruction(kind: .destination, coordinate: line[end], alongMetres: along[end], way: nil,
                                             text: destinationName.map { "arrive at \($0)" } ?? "arrive at the destination"))
        // Stable: at one distance, the start stays first and the destination last.
        instructions = instructions.enumerated().sorted {
            $0.element.alongMetres != $1.element.alongMetres ? $0.element.alongMetres < $1.element.alongMetres : $0.offset < $1.offset
        }.map(\.element)
        if let d = instructions.firstIndex(where: { $0.kind == .destination }), d != instructions.count - 1 {
            instructions.append(instructions.remove(at: d))
        }

        let waypoints = routePoints(geometry, instructions: instructions, ways: ways, options: options)
        return PlannedRoute(line: line, alongMetres: along, instructions: instructions, waypoints: waypoints,
                            startOffsetMetres: Geodesic.wgs84.distance(from: from, to: line[0]),
                            endOffsetMetres: Geodesic.wgs84.distance(from: to, to: line[end]))
    }

    // MARK: Turns

    private static func turns(_ g: LineGeometry, kinds: [RoutinoPoint.Kind], ways: [String?], options: RouteDescription) -> [RouteInstruction] {
        struct Candidate { var index: Int; var inBearing: Double; var outBearing: Double; var last: Int }
        var candidates: [Candidate] = []
        guard g.line.count >= 3 else { return [] }
        for i in 1..<(g.line.count - 1) {
            switch kinds[i] {
            case .junction, .miniRoundabout, .uTurn: break
            default: continue
            }
            let here = g.line[i]
            let back = g.coordinate(at: g.along[i] - options.turnWindow), ahead = g.coordinate(at: g.along[i] + options.turnWindow)
            guard back != here, ahead != here else { continue }
            let plane = LocalPlane(origin: here)
            let candidate = Candidate(index: i, inBearing: plane.bearing(from: back, to: here), outBearing: plane.bearing(from: here, to: ahead), last: i)
            let wayChanges = ways[i] != (i + 1 < ways.count ? ways[i + 1] : nil)
            guard TurnDirection(degrees: signed(candidate.outBearing - candidate.inBearing)) != nil || wayChanges else { continue }
            if var previous = candidates.last, g.along[i] - g.along[previous.last] < options.turnMergeDistance {
                previous.outBearing = candidate.outBearing
                previous.last = i
                candidates[candidates.count - 1] = previous
            } else {
                candidates.append(candidate)
            }
        }
        return candidates.compactMap { c -> RouteInstruction? in
            let after = c.last + 1 < ways.count ? ways[c.last + 1] : nil
            let before = ways[c.index]
            let phrase = RouteInstruction.wayPhrase(after)
            if let turn = TurnDirection(degrees: signed(c.outBearing - c.inBearing)) {
                let text = turn == .uTurn ? "make a U-turn onto \(phrase)" : "\(turn.rawValue == "left" || turn.rawValue == "right" ? "turn " : "")\(turn.rawValue) onto \(phrase)"
                return RouteInstruction(kind: .turn(turn), coordinate: g.line[c.index], alongMetres: g.along[c.index], way: after, text: text)
            }
            guard let after, let before, after != before else { return nil }
            return RouteInstruction(kind: .continueOnto, coordinate: g.line[c.index], alongMetres: g.along[c.index], way: after,
                                    text: "continue onto \(phrase)")
        }
    }

    /// How close to a vertex of the route's line a crossing is at that vertex: Routino keeps a crossing
    /// node that is a junction, so the line passes through it exactly, up to its printed 6 decimals.
    static let vertexMetres = 0.5

    /// Degrees in (−180, 180].
    static func signed(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }

    /// The smaller angle between two undirected axes, in [0, 90].
    static func axisDifference(_ a: Double, _ b: Double) -> Double {
        var d = abs(a - b).truncatingRemainder(dividingBy: 180)
        if d > 90 { d = 180 - d }
        return d
    }

    // MARK: Hazards

    private static func crossings(_ crossings: [MapCrossing], _ g: LineGeometry, _ leaving: (Int) -> String?,
                                  _ options: RouteDescription) -> [RouteInstruction] {
        crossings.compactMap { crossing in
            guard let hit = g.nearest(to: crossing.coordinate), hit.metres <= options.matchRadius else { return nil }
            // A route that turns at the crossing node (along the road, then over it on the crossing's
            // footway, or the other way round) takes the crossing: it is passed only when the route
            // runs along the road on both sides of the node, whichever way it is walked.
            if let axis = crossing.roadAxis {
                var segments = [hit.segment]
                if hit.segment > 0, hit.along - g.along[hit.segment] < vertexMetres { segments.append(hit.segment - 1) }
                if hit.segment + 2 < g.line.count, g.along[hit.segment + 1] - hit.along < vertexMetres { segments.append(hit.segment + 1) }
                let directions = segments.compactMap(g.segmentBearing)
                if !directions.isEmpty, directions.allSatisfy({ axisDifference($0, axis) < options.alongRoadDegrees }) {
                    return nil
                }
            }
            return RouteInstruction(kind: .crossing(crossing), coordinate: g.coordinate(at: hit.along), alongMetres: hit.along,
                                    way: leaving(hit.segment), text: crossing.spoken)
        }
    }

    private static func barriers(_ barriers: [MapBarrier], _ g: LineGeometry, _ leaving: (Int) -> String?,
                                 _ options: RouteDescription) -> [RouteInstruction] {
        barriers.compactMap { barrier in
            guard let hit = g.nearest(to: barrier.coordinate), hit.metres <= options.matchRadius else { return nil }
            let words = String(barrier.kind.map { $0 == "_" ? " " : $0 })
            return RouteInstruction(kind: .barrier(barrier.kind), coordinate: g.coordinate(at: hit.along), alongMetres: hit.along,
                                    way: leaving(hit.segment), text: "\(words) on the way")
        }
    }

    /// A segment of the route is on steps when its middle lies on a steps way and it runs along it.
    private static func steps(_ all: [MapSteps], _ g: LineGeometry, _ bounds: CoordinateBounds, _ leaving: (Int) -> String?,
                              _ options: RouteDescription) -> [RouteInstruction] {
        let near = all.filter { steps in steps.points.contains(where: bounds.contains) || bounds.crosses(steps.points) }
        guard !near.isEmpty, g.line.count >= 2 else { return [] }
        var on: [Int?] = Array(repeating: nil, count: g.line.count - 1)
        for s in 0..<(g.line.count - 1) where g.along[s + 1] - g.along[s] >= 0.5 {
            let middle = g.coordinate(at: (g.along[s] + g.along[s + 1]) / 2)
            guard let direction = g.segmentBearing(s) else { continue }
            let plane = LocalPlane(origin: middle)
            for (k, steps) in near.enumerated() {
                var best: (metres: Double, axis: Double)?
                for j in 0..<(steps.points.count - 1) {
                    let d = plane.distance(from: middle, toSegment: steps.points[j], steps.points[j + 1]).metres
                    if d < best?.metres ?? .infinity { best = (d, plane.bearing(from: steps.points[j], to: steps.points[j + 1])) }
                }
                if let best, best.metres <= options.matchRadius, axisDifference(direction, best.axis) < options.alongRoadDegrees {
                    on[s] = k
                    break
                }
            }
        }
        var result: [RouteInstruction] = []
        var s = 0
        while s < on.count {
            guard let k = on[s] else { s += 1; continue }
            var e = s
            while e + 1 < on.count, on[e + 1] == k { e += 1 }
            let steps = near[k]
            var text = "take the steps"
            if let name = steps.name { text += " (\(name))" }
            if let count = steps.count { text += ", \(count) steps" }
            result.append(RouteInstruction(kind: .steps(steps, metres: g.along[e + 1] - g.along[s]), coordinate: g.line[s],
                                           alongMetres: g.along[s], way: leaving(s), text: text))
            s = e + 1
        }
        return result
    }

    // MARK: The GPX route

    private static func routePoints(_ g: LineGeometry, instructions: [RouteInstruction], ways: [String?],
                                    options: RouteDescription) -> [Waypoint] {
        var entries: [(along: Double, coordinate: Coordinate, name: String)] = instructions.map { ($0.alongMetres, $0.coordinate, $0.text) }
        for k in g.simplified(tolerance: options.shapeTolerance) where k > 0 && k < g.line.count - 1 {
            let a = g.along[k]
            guard !instructions.contains(where: { abs($0.alongMetres - a) < options.pointMergeDistance }) else { continue }
            let way = k + 1 < ways.count ? ways[k + 1] : nil
            entries.append((a, g.line[k], "along " + RouteInstruction.wayPhrase(way)))
        }
        entries = entries.enumerated().sorted {
            $0.element.along != $1.element.along ? $0.element.along < $1.element.along : $0.offset < $1.offset
        }.map(\.element)
        var merged: [(along: Double, coordinate: Coordinate, name: String)] = []
        for entry in entries {
            if let last = merged.last, entry.along - last.along < options.pointMergeDistance {
                merged[merged.count - 1].name += "; " + entry.name
                // The destination keeps the route's last point.
                if entry.along >= (g.along.last ?? 0) { merged[merged.count - 1].coordinate = entry.coordinate }
            } else {
                merged.append(entry)
            }
        }
        return merged.map { Waypoint(name: $0.name, coordinate: $0.coordinate) }
    }
}
