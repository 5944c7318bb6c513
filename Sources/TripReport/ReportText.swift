import Navigation
import Sensors

/// The report's words for numbers and times, and HTML escaping.
///
/// Written out by hand rather than with Foundation's formatters so that the same input gives the same
/// bytes on every machine and version (the report is compared byte for byte), and so that no value,
/// however absurd, can trap: every conversion to an integer is range-checked first. Distances and
/// durations are written by Vocabulary's `DistanceFormat` and `DurationFormat`, as everywhere else.
package enum ReportText {
    /// `text` safe inside HTML text and quoted attribute values (HTML Standard, "escapingString").
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// An integer for a value known to be finite and well inside `Int`'s range; 0 otherwise.
    static func integer(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 9e15 else { return 0 }
        return Int(value)
    }

    /// `value` with exactly `places` decimals (0...6), rounded half away from zero, as the track's
    /// own numbers are written (`GPXTrackFormat.fixed`); "?" when it is not finite or too large to
    /// write exactly.
    static func decimal(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 6)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        guard value.isFinite, (abs(value) * scale).rounded() < 9e15 else { return "?" }
        return GPXTrackFormat.fixed(value, places)
    }

    /// An SVG coordinate: at most one decimal, none when it is whole. Values are clamped to ±100 000
    /// (far outside any drawing) so that the text stays short whatever the input.
    static func svg(_ value: Double) -> String {
        let clamped = value.isFinite ? min(max(value, -100_000), 100_000) : 0
        let text = decimal(clamped, places: 1)
        if text.hasSuffix(".0") { return text == "-0.0" ? "0" : String(text.dropLast(2)) }
        return text
    }

    static func point(_ x: Double, _ y: Double) -> String { svg(x) + "," + svg(y) }

    /// UTC seconds since 1970 between the years 1 and 9999; beyond them a time cannot be written.
    static func isWritableTime(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= -62_135_596_800 && seconds < 253_402_300_800
    }

    /// "10:05" or "10:05:12", UTC; "?" for a time that cannot be written.
    static func clock(_ seconds: Double, withSeconds: Bool = true) -> String {
        guard isWritableTime(seconds) else { return "?" }
        let whole = integer(seconds.rounded(.down))
        let ofDay = ((whole % 86_400) + 86_400) % 86_400
        let text = twoDigits(ofDay / 3600) + ":" + twoDigits(ofDay % 3600 / 60)
        return withSeconds ? text + ":" + twoDigits(ofDay % 60) : text
    }

    /// "2026-11-27", UTC; "?" for a time that cannot be written.
    static func date(_ seconds: Double) -> String {
        guard isWritableTime(seconds) else { return "?" }
        let whole = integer(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let date = GPSDate(daysSince1970: days)
        let (year, month, day) = (date.year, date.month, date.day)
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    static func twoDigits(_ value: Int) -> String {
        value >= 0 && value < 10 ? "0\(value)" : String(value)
    }

    /// A waypoint's number as people count, from its index; "?" for one that cannot be a waypoint.
    static func ordinal(_ index: Int) -> String {
        index >= 0 && index < Int.max ? String(index + 1) : "?"
    }
}
