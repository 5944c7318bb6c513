import Foundation
import Sensors

/// The walked track as GPX 1.1 text, laid out so that the file is a complete document after every
/// append: header, points, and a fixed footer that the next append overwrites (`TrackFile`).
public enum GPXTrackFormat {
    public static func header(name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>\(escaped(name))</name>
        <trkseg>

        """
    }

    /// Ends the document; always the last bytes of a track file.
    public static let footer = "</trkseg></trk></gpx>\n"

    /// Starts a new segment (a restart, or a gap in the recording).
    public static let segmentBreak = "</trkseg>\n<trkseg>\n"

    /// The end of a complete point: a torn file is cut back to the last one.
    public static let pointEnd = "</trkpt>\n"

    /// One fix as a `<trkpt>`; `utcSeconds` becomes `<time>` (ISO 8601, milliseconds).
    public static func point(_ fix: Fix) -> String {
        var text = "<trkpt lat=\"\(fixed(fix.coordinate.latitude, 7))\" lon=\"\(fixed(fix.coordinate.longitude, 7))\">"
        if let altitude = fix.altitude { text += "<ele>\(fixed(altitude, 1))</ele>" }
        if let utc = fix.utcSeconds { text += "<time>\(iso8601(utc))</time>" }
        return text + pointEnd
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "0"
    }

    /// A value-type format style, made once: building an `ISO8601DateFormatter` per point was a
    /// tenth of the simulated board's CPU time.
    static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func iso8601(_ seconds: Double) -> String {
        timeStyle.format(Date(timeIntervalSince1970: seconds))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
