/// The streets under the walk: the map's lines that cross the map's rectangle, grey, in the frame's
/// projection, clipped to the runs of segments in view and thinned to what a pixel can show.
extension TripReportPage {
    /// At most this many street segments are drawn, the main streets and the steps first. A walk
    /// through a city centre crosses a few thousand (OpenStreetMap puts a node every 10–20 m of a
    /// curved street, and the thinning to 1 px merges most of a long walk's); 20 000 segments are
    /// about 300 kB of path data, which a browser draws at once. The cap matters for a walk whose
    /// extent spans a city, such as a track with a fix far away.
    static let maximumStreetSegments = 20_000
    /// A vertex closer than this to the last one kept is not drawn, pixels.
    static let streetVertexSpacing = 1.0
    /// Segments this close outside the map's rectangle still count as in view: the widest street
    /// line's half-width, pixels.
    static let streetEdge = 4.0

    /// What the streets layer drew, for the legend and the line under the map.
    struct StreetDrawing {
        var svg = ""
        var classes: Set<StreetClass> = []
        /// Segments in view before the cap, and drawn.
        var available = 0
        var drawn = 0
    }

    /// One run of a street's segments in view, in pixels.
    private struct StreetPiece {
        var streetClass: StreetClass
        var name: String?
        var points: [(x: Double, y: Double)]
    }

    func streetDrawing(_ frame: MapFrame) -> StreetDrawing {
        guard let streets, !streets.lines.isEmpty else { return StreetDrawing() }
        let low = -Self.streetEdge, right = MapFrame.width + Self.streetEdge, bottom = frame.height + Self.streetEdge
        func inView(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            min(a.x, b.x) <= right && max(a.x, b.x) >= low && min(a.y, b.y) <= bottom && max(a.y, b.y) >= low
        }
        var pieces: [StreetPiece] = []
        for line in streets.lines {
            let streetClass = StreetClass(highway: line.highway)
            var run: [(x: Double, y: Double)] = []
            var skipped: (x: Double, y: Double)?
            func flush() {
                if let skipped { run.append(skipped) }
                if run.count >= 2 { pieces.append(StreetPiece(streetClass: streetClass, name: line.name, points: run)) }
                run = []
                skipped = nil
            }
            let pixels = line.points.compactMap(frame.pixel).filter { $0.x.isFinite && $0.y.isFinite }
            for (a, b) in zip(pixels, pixels.dropFirst()) {
                guard inView(a, b) else {
                    flush()
                    continue
                }
                if run.isEmpty { run.append(a) }
                if let last = run.last, (b.x - last.x).hypot(b.y - last.y) >= Self.streetVertexSpacing {
                    run.append(b)
                    skipped = nil
                } else {
                    skipped = b
                }
            }
            flush()
        }
        var drawing = StreetDrawing()
        drawing.available = pieces.reduce(0) { $0 + $1.points.count - 1 }
        // The cap keeps the main streets and the steps first; within a class, the map's order.
        var budget = Self.maximumStreetSegments
        var kept: [StreetPiece] = []
        for piece in pieces.enumerated().sorted(by: { ($0.element.streetClass, $0.offset) < ($1.element.streetClass, $1.offset) }).map(\.element) {
            guard budget > 0 else { break }
            var piece = piece
            if piece.points.count - 1 > budget { piece.points = Array(piece.points.prefix(budget + 1)) }
            budget -= piece.points.count - 1
            kept.append(piece)
        }
        drawing.drawn = Self.maximumStreetSegments - budget
        // The wide lines first, the thin ones over them, the steps on top.
        for streetClass in [StreetClass.minor, .main, .path, .steps] {
            let group = kept.filter { $0.streetClass == streetClass }
            guard !group.isEmpty else { continue }
            drawing.classes.insert(streetClass)
            drawing.svg += "<g class=\"streets \(streetClass.cssClass)\" fill=\"none\" \(streetClass.stroke)>\n"
            for piece in group {
                let d = "M" + piece.points.map { ReportText.point($0.x, $0.y) }.joined(separator: "L")
                if let name = piece.name, !name.isEmpty {
                    drawing.svg += "<path d=\"\(d)\"><title>\(ReportText.escaped(name))</title></path>\n"
                } else {
                    drawing.svg += "<path d=\"\(d)\"/>\n"
                }
            }
            drawing.svg += "</g>\n"
        }
        return drawing
    }

    /// The line under the map about the streets: where they are from, and what was left out.
    func streetNote(_ drawing: StreetDrawing) -> String {
        guard let streets, streets.problem == nil else { return "" }
        let map = "the map “\(ReportText.escaped(streets.mapName))”"
        guard drawing.available > 0 else {
            return "<p class=\"muted\">The map “\(ReportText.escaped(streets.mapName))” has no streets around this walk.</p>\n"
        }
        var text = "Streets from \(map), © OpenStreetMap contributors."
        if drawing.drawn < drawing.available {
            text += " \(drawing.drawn) of the \(drawing.available) street segments in view are drawn "
                + "(at most \(Self.maximumStreetSegments), the main streets and steps first)."
        }
        if streets.incomplete {
            text += " The map has more streets around the walk than a report reads; some are left out."
        }
        return "<p class=\"muted\">\(text)</p>\n"
    }
}
