#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The event journal's text: one JSON object per line (JSON Lines), snake_case keys, sorted, so that
/// an append is one `write(2)` of one line and a crash leaves every earlier line whole
/// (docs/trip-report.md).
///
/// Reading is forgiving on purpose: the journal is written while a battery can be pulled, so a torn
/// last line, a line of garbage or a kind this version does not know is skipped and counted, never
/// fatal. The report says how many lines it skipped.
package enum TripJournalFormat {
    /// One event as its line, newline included. Numbers keep millisecond and centimetre precision at
    /// most; a number that is not finite (a position not yet known) is left out rather than failing
    /// the record, and a record whose time is not finite is not written (empty string).
    package static func line(_ event: TripEvent) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var event = event
        guard event.time.isFinite else { return "" }
        event.time = rounded(event.time, scale: 1000)
        event.bearing = finite(event.bearing, places: 1)
        event.latitude = finite(event.latitude, places: 7)
        event.longitude = finite(event.longitude, places: 7)
        event.distance = finite(event.distance, places: 1)
        event.seconds = finite(event.seconds, places: 1)
        guard let data = try? encoder.encode(event) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func finite(_ value: Double?, places: Int) -> Double? {
        guard let value, value.isFinite else { return nil }
        return rounded(value, scale: places == 7 ? 1e7 : places == 1 ? 10.0 : 1000.0)
    }

    /// `value` rounded to a multiple of 1/`scale`; a value so large that scaling overflows is already
    /// coarser than that and is kept as it is (rounding it would make it infinite, and unwritable).
    private static func rounded(_ value: Double, scale: Double) -> Double {
        let result = (value * scale).rounded() / scale
        return result.isFinite ? result : value
    }

    /// What a journal's text holds: its events in file order, and how many lines were skipped.
    package struct Contents: Sendable, Hashable {
        package var events: [TripEvent]
        package var skippedLines: Int
    }

    package static func read(_ text: String) -> Contents {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var events: [TripEvent] = []
        var skipped = 0
        // Split on the byte: a String splits by Character, and "\r\n" is one Character, so a journal
        // that went through a CRLF editor would be one line. A trailing "\r" is dropped.
        for var line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            guard let event = try? decoder.decode(TripEvent.self, from: Data(line)), event.time.isFinite else {
                skipped += 1
                continue
            }
            events.append(event)
        }
        return Contents(events: events, skippedLines: skipped)
    }
}
