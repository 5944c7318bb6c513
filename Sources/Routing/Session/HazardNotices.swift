import Vocabulary

/// Crossings, steps and barriers told before the walker reaches them: each once, when the walker,
/// followed along the planned route, comes within `noticeDistance` of it. Pure, fed fixes.
///
/// The walker's place on the route is the nearest point of its line, looked for a little behind and
/// ahead of the last place only, so a route that passes near itself (a loop, a street walked out and
/// back) is not jumped along; farther than `onRouteDistance` from the line nothing is told (off the
/// route, guidance's own warning and a re-plan take over).
package struct HazardNotices: Sendable {
    package let route: PlannedRoute
    package let noticeDistance: Double
    package var onRouteDistance = 25.0
    /// How far back and ahead of the last place the next is looked for.
    static let behind = 30.0, ahead = 150.0
    private let geometry: LineGeometry
    private let hazards: [RouteInstruction]
    private var told: Set<Int> = []
    package private(set) var progress: Double?

    package init(route: PlannedRoute, noticeDistance: Double) {
        self.route = route
        self.noticeDistance = noticeDistance
        geometry = LineGeometry(line: route.line, along: route.alongMetres)
        hazards = route.instructions.filter(\.isHazard)
    }

    /// A fix: the hazards to tell now, nearest first.
    package mutating func fix(_ position: Coordinate) -> [RouteInstruction] {
        guard let along = place(of: position) else { return [] }
        progress = along
        var out: [RouteInstruction] = []
        for (i, hazard) in hazards.enumerated() where !told.contains(i) {
            let distance = hazard.alongMetres - along
            // Passed already (a walk started part way, a re-plan): never told late.
            if distance < -onRouteDistance { told.insert(i); continue }
            if distance <= noticeDistance {
                told.insert(i)
                if distance >= -noticeDistance / 2 { out.append(hazard) }
            }
        }
        return out
    }

    /// Near the last place first; anywhere on the line when the walker is not there (a shortcut, a
    /// stretch without fixes).
    private func place(of position: Coordinate) -> Double? {
        if progress != nil, let near = place(of: position, windowed: true) { return near }
        return place(of: position, windowed: false)
    }

    private func place(of position: Coordinate, windowed: Bool) -> Double? {
        let line = geometry.line
        guard line.count >= 2 else { return nil }
        let plane = LocalPlane(origin: position)
        let low = (progress ?? 0) - Self.behind, high = (progress ?? 0) + Self.ahead
        var best: (metres: Double, along: Double)?
        for s in 0..<(line.count - 1) {
            let a = geometry.along[s], b = geometry.along[s + 1]
            if windowed, b < low || a > high { continue }
            let hit = plane.distance(from: position, toSegment: line[s], line[s + 1])
            if hit.metres < best?.metres ?? .infinity { best = (hit.metres, a + hit.fraction * (b - a)) }
        }
        guard let best, best.metres <= onRouteDistance else { return nil }
        return best.along
    }
}
