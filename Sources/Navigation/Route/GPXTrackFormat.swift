#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sensors

/// The walked track as GPX 1.1 text, laid out so that the file is a complete document after every
/// append: header, points, and a fixed footer that the next append overwrites (`TrackFile`).
package enum GPXTrackFormat {
    package static func header(name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>\(escaped(name))</name>
        <trkseg>

        """
    }

    /// The first bytes of every header we write: how a track file of ours is told from any other.
    package static let headerPrefix = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"wayfinder\""

    /// Opens a segment; a torn file with no complete point is cut back to just after it.
    package static let segmentStart = "<trkseg>\n"

    /// Ends the document; always the last bytes of a track file.
    package static let footer = "</trkseg></trk></gpx>\n"

    /// Starts a new segment (a restart, or a gap in the recording).
    package static let segmentBreak = "</trkseg>\n<trkseg>\n"

    /// The end of a complete point: a torn file is cut back to the last one.
    package static let pointEnd = "</trkpt>\n"

    /// One fix as a `<trkpt>`; `utcSeconds` becomes `<time>` (ISO 8601, milliseconds). The fix's
    /// quality goes into GPX 1.1's own `<fix>`, `<sat>` and `<hdop>` (wptType, in the schema's order
    /// after `<time>`), which other GPX tools read too; the trip report colours the track by them.
    ///
    /// Written as bytes into one buffer: appending its eighteen pieces to a `String` one by one cost
    /// more than the numbers themselves (callgrind, one point a second while walking).
    package static func point(_ fix: Fix) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(192)
        text.append(contentsOf: "<trkpt lat=\"".utf8)
        appendFixed(fix.coordinate.latitude, 7, to: &text)
        text.append(contentsOf: "\" lon=\"".utf8)
        appendFixed(fix.coordinate.longitude, 7, to: &text)
        text.append(contentsOf: "\">".utf8)
        if let altitude = fix.altitude {
            text.append(contentsOf: "<ele>".utf8)
            appendFixed(altitude, 1, to: &text)
            text.append(contentsOf: "</ele>".utf8)
        }
        if let utc = fix.utcSeconds {
            text.append(contentsOf: "<time>".utf8)
            text.append(contentsOf: iso8601(utc).utf8)
            text.append(contentsOf: "</time>".utf8)
        }
        switch fix.mode {
        case .noFix: text.append(contentsOf: "<fix>none</fix>".utf8)
        case .twoD: text.append(contentsOf: "<fix>2d</fix>".utf8)
        case .threeD: text.append(contentsOf: "<fix>3d</fix>".utf8)
        }
        // The schema bounds: sat is a nonNegativeInteger, hdop a decimal; a receiver's nonsense is left out.
        if let satellites = fix.satellites, (0...999).contains(satellites) {
            text.append(contentsOf: "<sat>".utf8)
            appendDecimal(satellites, to: &text)
            text.append(contentsOf: "</sat>".utf8)
        }
        if let hdop = fix.hdop, hdop.isFinite, hdop >= 0, hdop < 1000 {
            text.append(contentsOf: "<hdop>".utf8)
            appendFixed(hdop, 1, to: &text)
            text.append(contentsOf: "</hdop>".utf8)
        }
        text.append(contentsOf: pointEnd.utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` with exactly `digits` decimals. Scaled and rounded as an integer: formatting with
    /// Foundation's `String(format:)` cost about 12 000 instructions a number, a tenth of the appliance's
    /// instructions while walking (callgrind). Against `printf`'s `%.7f` and `%.1f` over 200 000
    /// random values it differed only in writing a negative value that rounds to zero as `0.0`, not
    /// `-0.0`; an exact half rounds away from zero (`printf` rounds it to even). A value too large for
    /// an integer falls back to `printf`'s `%.*f` (`CFormat`).
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        var text: [UInt8] = []
        appendFixed(value, digits, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `fixed(value, digits)`, appended to `text` as UTF-8.
    static func appendFixed(_ value: Double, _ digits: Int, to text: inout [UInt8]) {
        guard value.isFinite else {
            text.append(UInt8(ascii: "0"))
            return
        }
        var scale = 1
        for _ in 0..<max(0, min(digits, 15)) { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 1e15 else {
            text.append(contentsOf: CFormat.string("%.*f", Int32(clamping: max(0, digits)), value).utf8)
            return
        }
        let units = Int(scaled)
        if value < 0 && units != 0 { text.append(UInt8(ascii: "-")) }
        appendDecimal(units / scale, to: &text)
        guard scale > 1 else { return }
        let fraction = units % scale
        text.append(UInt8(ascii: "."))
        var width = 1
        var rest = fraction / 10
        while rest > 0 {
            width += 1
            rest /= 10
        }
        for _ in 0..<max(0, digits - width) { text.append(UInt8(ascii: "0")) }
        appendDecimal(fraction, to: &text)
    }

    /// A non-negative integer's decimal digits, as `String(value)` writes them.
    static func appendDecimal(_ value: Int, to text: inout [UInt8]) {
        guard value > 9 else {
            text.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: max(0, value)))
            return
        }
        appendDecimal(value / 10, to: &text)
        text.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    }

    /// A value-type format style, made once: building an `ISO8601DateFormatter` per point was a
    /// tenth of the simulated board's CPU time.
    static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func iso8601(_ seconds: Double) -> String {
        timeStyle.format(Date(timeIntervalSince1970: seconds))
    }

    /// The track's `<name>` from the first bytes of a file we wrote (the header carries it), unescaped;
    /// nil when the bytes hold no complete name element.
    package static func trackName(inHead head: [UInt8]) -> String? {
        let open = Array("<trk><name>".utf8), close = Array("</name>".utf8)
        guard let start = GPXTrackTail.firstEnd(of: open, in: head) else { return nil }
        let rest = Array(head[start...])
        guard let stop = GPXTrackTail.firstEnd(of: close, in: rest) else { return nil }
        let text = String(decoding: rest[..<(stop - close.count)], as: UTF8.self)
        return text.literallyReplacing("&lt;", with: "<").literallyReplacing("&gt;", with: ">").literallyReplacing("&amp;", with: "&")
    }

    package static func escaped(_ text: String) -> String {
        text.literallyReplacing("&", with: "&amp;").literallyReplacing("<", with: "&lt;").literallyReplacing(">", with: "&gt;")
    }
}
