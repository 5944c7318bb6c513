#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors

/// Reads a walked track from GPX: every `<trk>`'s `<trkseg>`s, with each point's time and fix quality.
///
/// `GPXParser` reads a file into the one route the belt follows and so joins a track's segments;
/// a report about the walk needs them apart (a break is a restart or a gap, not a walked line) and
/// needs what the route does not: `<time>`, `<fix>`, `<sat>` and `<hdop>` (GPX 1.1 schema, `wptType`,
/// topografix.com/GPX/1/1; GPX 1.0 has the same elements). The XML is read by the same reader as
/// routes, so a broken file is reported the same way, `file:line:column: what`.
///
/// Tolerant where a walk's record should not be lost over a detail: a time that cannot be read
/// leaves that point without a time, an unknown fix type or an unreadable `<sat>`/`<hdop>` is left
/// out, and empty segments are dropped. A document without any track point is a track without
/// points, not an error: a walk that never had a fix still deserves its report. But one that holds
/// route points or waypoints instead is a route given in the track's place, and fails with what to
/// do. A point without valid `lat`/`lon`, like a file that is not GPX, fails the file.
package enum GPXTrackReader {
    /// Parses GPX bytes; `source` names the input in error messages, usually its path.
    package static func read(data: Data, source: String) throws(GPXError) -> WalkedTrack {
        var reader = GPXDocumentReader(data: data, source: source, readsTrackDetails: true)
        if let error = reader.read() { throw error }
        let segments = reader.tracks.flatMap(\.segments).filter { !$0.isEmpty }
        // Route points or waypoints and not one track point: a route given where the track belongs.
        let routePoints = reader.routes.reduce(0) { $0 + $1.points.count }
        if segments.isEmpty, routePoints > 0 || !reader.looseWaypoints.isEmpty {
            throw GPXError(source: source, line: reader.rootLine,
                           reason: .routeNotTrack(routePoints: routePoints, waypoints: reader.looseWaypoints.count))
        }
        let name = reader.tracks.lazy.compactMap(\.name).first ?? reader.documentName
        return WalkedTrack(name: name, segments: segments)
    }

    /// UTC seconds since 1970 for an XML Schema `dateTime` as GPX writes `<time>` (W3C XML Schema
    /// Part 2, 3.2.7; the ISO 8601 extended format): `YYYY-MM-DDThh:mm:ss`, optional fractional
    /// seconds (dot or comma), and `Z`, `±hh:mm`, `±hhmm` or `±hh`; nil for anything else.
    ///
    /// Lenient where files from other tools differ: seconds may be left out, the `T` may be a space
    /// or lower case, and a time without a zone is taken as UTC, which GPX prescribes for `<time>`.
    /// Parsed by hand so the result does not depend on a locale or a formatter's version, and
    /// checked field by field so that no input can trap.
    package static func utcSeconds(iso8601 text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipSpaces()
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
              let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
              let day = scanner.digits(2),
              scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
              let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.digits(2)
        else { return nil }
        var second = 0.0
        if scanner.take(UInt8(ascii: ":")) {
            guard let whole = scanner.digits(2) else { return nil }
            second = Double(whole)
            if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                guard let fraction = scanner.fraction() else { return nil }
                second += fraction
            }
        }
        var offsetMinutes = 0
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offsetMinutes = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let value = scanner.digits(2) else { return nil }
                minutes = value
            } else if let value = scanner.digits(2) {
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        // The calendar is the receivers' (GPSDate): a year of four digits, a day that exists.
        guard let date = GPSDate(year: year, month: month, day: day), minute <= 59, second < 61 else { return nil }
        // 24:00:00 is the end of the day (XML Schema allows it); a leap second 60 is kept as it reads.
        guard hour <= 23 || (hour == 24 && minute == 0 && second == 0) else { return nil }
        return Double(date.daysSince1970) * 86_400 + Double(hour * 3600 + minute * 60 - offsetMinutes * 60) + second
    }

    /// A cursor over ASCII bytes that only ever moves forward.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Exactly `count` decimal digits (count ≤ 4, so the value cannot overflow).
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// One or more digits after a decimal separator, as a fraction of one; digits beyond the
        /// ninth are read but do not count (a nanosecond is far below any receiver's resolution).
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 1.0, count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if count < 9 {
                    scale /= 10
                    value += Double(bytes[index] - 0x30) * scale
                }
                count += 1
                index += 1
            }
            return count > 0 ? value : nil
        }

        mutating func sign() -> Int? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }
}
