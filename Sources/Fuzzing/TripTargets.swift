import Foundation
import Navigation
import TripReport

/// The trip report's inputs: a walk's event journal, which a pulled battery can tear, and a track
/// from any GPX tool (`wayfinder report` reads what it is given).
enum TripTargets {
    /// Two short points and a route along them: the walk the journal's events are placed on.
    static let track = WalkedTrack(name: "fuzz", segments: [[
        TrackPoint(coordinate: Coordinate(latitude: 52.0, longitude: 8.0), time: 1_795_773_600, fix: .threeD, hdop: 0.9),
        TrackPoint(coordinate: Coordinate(latitude: 52.0003, longitude: 8.0001), time: 1_795_773_610, fix: .twoD, hdop: 3),
    ]])
    static let route = Route(name: "fuzz", kind: .route, waypoints: [
        Waypoint(name: "a", coordinate: Coordinate(latitude: 52.0, longitude: 8.0)),
        Waypoint(name: "b", coordinate: Coordinate(latitude: 52.001, longitude: 8.0)),
    ])

    /// A journal's text: every line is a record or skipped, a record written back reads as itself,
    /// and the report renders whatever the records say (times far outside the track, huge numbers,
    /// indexes beyond the route).
    static let journal = FuzzTarget(
        name: "trip-journal",
        summary: "a walk's event journal (JSON Lines) to records, written back, and into a report"
    ) { input throws(FuzzViolation) in
        let text = String(decoding: input.rest(), as: UTF8.self)
        let contents = TripJournalFormat.read(text)
        // Lines as the journal has them: split on the byte (CRLF too), a line of only "\r" is empty.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty && !$0.elementsEqual([UInt8(ascii: "\r")]) }.count
        try expect(contents.events.count + contents.skippedLines == lines, "\(contents.events.count) records and \(contents.skippedLines) skipped of \(lines) lines")
        for event in contents.events {
            let line = TripJournalFormat.line(event)
            guard !line.isEmpty else { continue }
            let again = TripJournalFormat.read(line)
            try expect(again.events.count == 1 && TripJournalFormat.line(again.events[0]) == line, "\(line) does not read back as itself")
        }
        let html = TripReportDocument.render(track: track, route: route, events: contents.events,
                                             skippedJournalLines: contents.skippedLines)
        try expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"), "not a whole page")
        try expect(!html.contains("<script"), "a script in the page")
    }

    /// A track's GPX: an error with its place, or a report.
    static let trackGPX = FuzzTarget(
        name: "trip-track",
        summary: "a walked track (GPX) to its points and into a report"
    ) { input throws(FuzzViolation) in
        let data = Data(input.rest())
        let walked: WalkedTrack
        do throws(GPXError) {
            walked = try GPXTrackReader.read(data: data, source: "track.gpx")
        } catch {
            try expect(error.description.hasPrefix("track.gpx:"), "an error without its place: \(error)")
            return
        }
        let statistics = TripStatistics(track: walked, route: route, events: [])
        try expect(statistics.distance >= 0 && !statistics.distance.isNaN, "distance \(statistics.distance)")
        let html = TripReportDocument.render(track: walked, route: route, events: [])
        try expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("<script"), "not a page, or a script in it")
    }
}
