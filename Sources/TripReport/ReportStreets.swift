/// The streets a report draws under the walk, and where they came from: the lines of a map made by
/// `wayfinder map import` around the walk (`TripReportDocument.streetArea`), or why there are none.
package struct ReportStreets: Sendable, Hashable {
    package var lines: [StreetLine]
    /// The map, as the page names it: the directory's name and what it was imported from.
    package var mapName: String
    /// Why the map could not be read; `lines` is empty then, and the page says so.
    package var problem: String?
    /// Whether the reader stopped at its bound before the end of the map's streets.
    package var incomplete: Bool

    package init(lines: [StreetLine], mapName: String, problem: String? = nil, incomplete: Bool = false) {
        self.lines = lines
        self.mapName = mapName
        self.problem = problem
        self.incomplete = incomplete
    }

    /// A map that could not be read: the report is written without streets and says why.
    package static func unreadable(_ mapName: String, problem: String) -> ReportStreets {
        ReportStreets(lines: [], mapName: mapName, problem: problem)
    }
}
