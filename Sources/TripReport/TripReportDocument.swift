#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation

/// The trip report: one self-contained HTML file about one walk, to open in any browser, years later,
/// offline.
///
/// Everything is inline (CSS, SVG); there is no script and no external reference, so the file
/// reads the same from a USB stick, an e-mail attachment or an archive. It shows the planned route
/// and the walked track on a map that keeps distances true (`LocalProjection`), the track coloured
/// by fix quality, the waypoints with their arrival times, where the belt pointed, the events on
/// the map and on a timeline, what the walker was told ahead where it is, the streets of a map around
/// the walk when one is given, and the walk's figures (`TripStatistics`). Missing input (no points,
/// no times, no route, no journal) is said in words; the page is still complete.
///
/// The output depends on the arguments alone (no clock, no locale, no random order), so the same
/// walk gives the same bytes.
package enum TripReportDocument {
    /// The report as HTML text.
    ///
    /// - Parameters:
    ///   - title: the heading; by default the route's name, else the track's, else "Walk".
    ///   - generatedAt: UTC seconds since 1970 the report is made at, printed in the footer; nil
    ///     leaves it out.
    ///   - trackFile, routeFile, journalFile: the names of the files it was made from, for the footer.
    ///   - streets: the map's streets around the walk (`streetArea`), drawn under it; nil draws none.
    package static func render(track: WalkedTrack, route: Route?, events: [TripEvent], skippedJournalLines: Int = 0,
                              title: String? = nil, generatedAt: Double? = nil,
                              trackFile: String? = nil, routeFile: String? = nil, journalFile: String? = nil,
                              streets: ReportStreets? = nil) -> String {
        renderWithStatistics(track: track, route: route, events: events, skippedJournalLines: skippedJournalLines,
                             title: title, generatedAt: generatedAt, trackFile: trackFile, routeFile: routeFile,
                             journalFile: journalFile, streets: streets).html
    }

    /// The report and the figures it shows, computed once, for a caller that prints them too
    /// (`wayfinder report`).
    package static func renderWithStatistics(track: WalkedTrack, route: Route?, events: [TripEvent], skippedJournalLines: Int = 0,
                                            title: String? = nil, generatedAt: Double? = nil, trackFile: String? = nil,
                                            routeFile: String? = nil, journalFile: String? = nil,
                                            streets: ReportStreets? = nil) -> (html: String, statistics: TripStatistics) {
        let page = TripReportPage(track: track, route: route, events: events, skippedJournalLines: skippedJournalLines,
                                  title: title, generatedAt: generatedAt, trackFile: trackFile, routeFile: routeFile,
                                  journalFile: journalFile, streets: streets)
        return (page.html(), page.statistics)
    }

    /// The streets a reader of the map should hand over are those within this many metres of the
    /// map's rectangle: the lines that cross the rectangle have a point or a segment there, and the
    /// margin keeps a street at the edge whatever the reader's own arithmetic.
    package static let streetMargin = 100.0

    /// The area whose streets the report of this walk draws, in degrees: the map's rectangle (the
    /// track's and the route's extent, and the padding around it) and `streetMargin` around that.
    /// `west` is greater than `east` when the area crosses the antimeridian. Nil when there is no map.
    package static func streetArea(track: WalkedTrack, route: Route?) -> (south: Double, west: Double, north: Double, east: Double)? {
        guard let frame = TripReportPage.frame(track: track, route: route) else { return nil }
        let shown = frame.shownArea
        let projection = frame.projection
        let centre = projection.center
        let south = max(-90, centre.latitude + (shown.south - streetMargin) / projection.metresPerDegreeNorth)
        let north = min(90, centre.latitude + (shown.north + streetMargin) / projection.metresPerDegreeNorth)
        let west = (shown.west - streetMargin) / projection.metresPerDegreeEast
        let east = (shown.east + streetMargin) / projection.metresPerDegreeEast
        guard south.isFinite, north.isFinite, west.isFinite, east.isFinite else { return nil }
        if east - west >= 360 { return (south, -180, north, 180) }
        return (south, LocalProjection.normalized(centre.longitude + west), north, LocalProjection.normalized(centre.longitude + east))
    }

    /// The report straight from the files' contents: the track's GPX, the route's GPX (if any) and the
    /// journal's text (if any). The GPX is read as `GPXTrackReader` and `GPXParser` read it, and their
    /// error is thrown; the journal is read forgivingly (`TripJournalFormat.read`). One call from
    /// bytes to page, for a caller that holds bytes, such as a fuzzer.
    package static func render(trackGPX: Data, routeGPX: Data?, journal: String?, title: String? = nil,
                              generatedAt: Double? = nil) throws(GPXError) -> String {
        let track = try GPXTrackReader.read(data: trackGPX, source: "track")
        let route = try routeGPX.map { data throws(GPXError) in try GPXParser.parse(data: data, source: "route") }
        let contents = TripJournalFormat.read(journal ?? "")
        return render(track: track, route: route, events: contents.events, skippedJournalLines: contents.skippedLines,
                      title: title, generatedAt: generatedAt)
    }
}
