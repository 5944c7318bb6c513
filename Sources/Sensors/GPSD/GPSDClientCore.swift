#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A gpsd client as a pure state machine: bytes from the TCP stream in, fixes and the lines to send
/// out (gpsd_json(5): gpsd on localhost:2947 greets with VERSION, we answer with
/// `?WATCH={"enable":true,"json":true}`, then TPV and SKY objects arrive, one JSON object per line).
///
/// SKY carries the satellites used and HDOP, TPV the position; a fix joins the newest SKY of the same
/// epoch. `magvar` is ignored on purpose: gpsd documents it as positive *west*, the opposite of a
/// declination; declination comes from WMM2025.
package struct GPSDClientCore: Sendable {
    package enum Output: Sendable, Hashable {
        /// A line to send to gpsd (with its line ending).
        case send(String)
        case version(release: String, protocolMajor: Int)
        case fix(Fix)
        /// A TPV without a usable position (mode 0/1): the receiver is there but has no fix.
        case noFix(mode: Int)
        /// A line that was not a gpsd object we understand; dropped and counted.
        case rejected(String)
    }

    /// gpsd's longest response line (gpsd_json(5)).
    package static let maximumLine = 10_240
    package static let watchCommand = "?WATCH={\"enable\":true,\"json\":true}\n"
    /// gpsd's JSON protocol major version this client speaks (gpsd 3.x sends 3).
    package static let protocolMajor = 3

    package private(set) var rejectedLines = 0
    private var pending: [UInt8] = []
    private var discardingLongLine = false
    private var satellitesUsed: Int?
    private var hdop: Double?

    package init() {}

    /// Bytes as they arrive, in any chunks.
    package mutating func receive(_ bytes: some Collection<UInt8>, now: Duration) -> [Output] {
        var outputs: [Output] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discardingLongLine {
                    discardingLongLine = false
                } else {
                    outputs += line(pending, now: now)
                }
                pending.removeAll(keepingCapacity: true)
            } else if !discardingLongLine {
                pending.append(byte)
                if pending.count > Self.maximumLine {
                    pending.removeAll(keepingCapacity: true)
                    discardingLongLine = true
                    rejectedLines += 1
                    outputs.append(.rejected("a line longer than \(Self.maximumLine) bytes"))
                }
            }
        }
        return outputs
    }

    private mutating func line(_ raw: [UInt8], now: Duration) -> [Output] {
        var bytes = raw
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { return [] }
        guard let object = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
              let kind = object["class"]?.string else {
            rejectedLines += 1
            return [.rejected("not a gpsd JSON object: \(String(decoding: bytes.prefix(80), as: UTF8.self))")]
        }
        switch kind {
        case "VERSION":
            let major = object["proto_major"]?.int ?? 0
            let release = object["release"]?.string ?? "?"
            var outputs: [Output] = [.version(release: release, protocolMajor: major)]
            if major == Self.protocolMajor {
                outputs.append(.send(Self.watchCommand))
            } else {
                rejectedLines += 1
                outputs.append(.rejected("gpsd \(release) speaks protocol \(major), this client \(Self.protocolMajor)"))
            }
            return outputs
        case "SKY":
            if let used = object["uSat"]?.int {
                satellitesUsed = used
            } else if let satellites = object["satellites"]?.array {
                satellitesUsed = satellites.filter { $0["used"]?.bool == true }.count
            }
            if let h = object["hdop"]?.double { hdop = h }
            return []
        case "TPV":
            return tpv(object, now: now)
        default:
            return []  // DEVICES, WATCH, DEVICE, PPS…: nothing a walker needs
        }
    }

    private mutating func tpv(_ o: JSONValue, now: Duration) -> [Output] {
        func number(_ key: String) -> Double? {
            guard let n = o[key]?.double, n.isFinite else { return nil }
            return n
        }
        let mode = o["mode"]?.int ?? 0
        guard mode >= 2, let lat = number("lat"), let lon = number("lon"), abs(lat) <= 90, abs(lon) <= 180 else {
            return [.noFix(mode: mode)]
        }
        let utc = o["time"]?.string.flatMap(Self.seconds(iso8601:))
        let fix = Fix(coordinate: Coordinate(latitude: lat, longitude: lon),
                      altitude: number("altMSL") ?? number("alt"), speed: number("speed"), course: number("track"),
                      mode: mode == 2 ? .twoD : .threeD, satellites: satellitesUsed, hdop: hdop,
                      // gpsd's eph: its horizontal error estimate, metres (gpsd leaves the confidence unstated).
                      horizontalAccuracy: number("eph"),
                      utcSeconds: utc, receivedAt: now)
        return [.fix(fix)]
    }

    /// gpsd's `time`, RFC 3339 in UTC: `2024-01-01T00:00:00.000Z`, or without the fraction.
    static func seconds(iso8601 text: String) -> Double? {
        if let date = try? withFraction.parse(text) { return date.timeIntervalSince1970 }
        return (try? withoutFraction.parse(text))?.timeIntervalSince1970
    }

    /// Value-type styles, made once (FoundationEssentials': `ISO8601DateFormatter` is full Foundation's,
    /// which links ICU's data).
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}
