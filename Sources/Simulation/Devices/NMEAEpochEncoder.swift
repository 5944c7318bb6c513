import Sensors

/// A u-blox receiver's NMEA 0183 output for one epoch, sentence by sentence as a u-blox M8 sends
/// them by default: RMC, VTG, GGA, one GSA per constellation, GSV per constellation (NMEA 4.10).
///
/// Formats (NMEA 0183, field lists after pynmeagps): `$` talker type, comma-separated fields,
/// `*` and the XOR of the characters between `$` and `*` as two hex digits, CRLF. Latitude
/// `ddmm.mmmmm`, longitude `dddmm.mmmmm`, time `hhmmss.ss`, date `ddmmyy`, speed in knots. The
/// position solution's sentences use talker GN (combined GNSS); GSV uses each system's talker
/// (GP, GL). Unknown fields are empty, as receivers leave them.
public struct NMEAEpochEncoder: Sendable {
    /// Talker of the solution's sentences (RMC, VTG, GGA, GSA): "GN" for multi-GNSS, "GP" for a GPS-only receiver.
    public var talker: String

    /// Knots per metre per second (1 kn = 1852 m / 3600 s).
    static let knotsPerMetrePerSecond = 3600.0 / 1852.0

    public init(talker: String = "GN") {
        self.talker = talker
    }

    /// The epoch's sentences, each with its `$`, checksum and CRLF.
    public func sentences(for epoch: ReceiverEpoch) -> [String] {
        var bodies = [rmc(epoch), vtg(epoch), gga(epoch)]
        bodies += gsa(epoch)
        bodies += gsv(epoch)
        return bodies.map(Self.sentence)
    }

    /// The epoch as bytes on the wire.
    public func bytes(for epoch: ReceiverEpoch) -> [UInt8] {
        sentences(for: epoch).flatMap { Array($0.utf8) }
    }

    /// `$body*hh\r\n`.
    public static func sentence(_ body: String) -> String {
        "$\(body)*\(hex(checksum(body)))\r\n"
    }

    /// XOR of every character of `body` (what goes between `$` and `*`).
    public static func checksum(_ body: String) -> UInt8 {
        body.utf8.reduce(0, ^)
    }

    // MARK: Sentences

    private func rmc(_ e: ReceiverEpoch) -> String {
        var fields: [String] = [talker + "RMC", time(e)]
        guard let f = e.fix else {
            fields += ["V", "", "", "", "", "", "", date(e), "", "", "N", "V"]
            return fields.joined(separator: ",")
        }
        let knots = (f.speed ?? 0) * Self.knotsPerMetrePerSecond
        let course: String = f.course.map { Self.fixed($0, 2) } ?? ""
        fields.append("A")
        fields += position(f.coordinate)
        fields += [Self.fixed(knots, 3), course, date(e), "", "", "A", "V"]
        return fields.joined(separator: ",")
    }

    private func vtg(_ e: ReceiverEpoch) -> String {
        var fields: [String] = [talker + "VTG"]
        guard let f = e.fix else {
            fields += ["", "T", "", "M", "", "N", "", "K", "N"]
            return fields.joined(separator: ",")
        }
        let speed: Double = f.speed ?? 0
        let course: String = f.course.map { Self.fixed($0, 2) } ?? ""
        fields += [course, "T", "", "M"]
        fields += [Self.fixed(speed * Self.knotsPerMetrePerSecond, 3), "N", Self.fixed(speed * 3.6, 3), "K", "A"]
        return fields.joined(separator: ",")
    }

    private func gga(_ e: ReceiverEpoch) -> String {
        var fields: [String] = [talker + "GGA", time(e)]
        let used = Self.pad(e.usedSatellites.count, 2)
        guard let f = e.fix else {
            fields += ["", "", "", "", "0", used, "99.99", "", "", "", "", "", ""]
            return fields.joined(separator: ",")
        }
        let hdop: String = f.hdop.map { Self.fixed($0, 2) } ?? ""
        let altitude: [String] = f.altitude.map { [Self.fixed($0, 1), "M"] } ?? ["", ""]
        fields += position(f.coordinate)
        fields += ["1", used, hdop]
        fields += altitude
        fields += [Self.fixed(e.geoidSeparation, 1), "M", "", ""]
        return fields.joined(separator: ",")
    }

    /// One GSA per constellation (u-blox with NMEA 4.10), each ending in its systemId.
    private func gsa(_ e: ReceiverEpoch) -> [String] {
        let navMode = e.fix == nil ? "1" : (e.fix?.mode == .twoD ? "2" : "3")
        let hdop = e.fix?.hdop.map { Self.fixed($0, 2) } ?? "99.99"
        let pdop = e.fix == nil ? "99.99" : Self.fixed(e.pdop, 2)
        let vdop = e.fix == nil ? "99.99" : Self.fixed(e.vdop, 2)
        return [SimulatedSatellite.System.gps, .glonass].map { system in
            let ids = e.usedSatellites.filter { $0.system == system }.prefix(12).map { Self.pad($0.id, 2) }
            let slots = ids + [String](repeating: "", count: 12 - ids.count)
            return ([talker + "GSA", "A", navMode] + slots + [pdop, hdop, vdop, String(system.systemID)])
                .joined(separator: ",")
        }
    }

    /// GSV groups of up to four satellites per sentence, per constellation; signalId 1 (L1 C/A, G1).
    private func gsv(_ e: ReceiverEpoch) -> [String] {
        var bodies: [String] = []
        for system in [SimulatedSatellite.System.gps, .glonass] {
            let inView = e.satellites.filter { $0.system == system }
            guard !inView.isEmpty else { continue }
            let count = (inView.count + 3) / 4
            for n in 0..<count {
                var fields = [system.talker + "GSV", String(count), String(n + 1), Self.pad(inView.count, 2)]
                for s in inView[(n * 4)..<min(n * 4 + 4, inView.count)] {
                    fields += [Self.pad(s.id, 2), Self.pad(s.elevation, 2), Self.pad(s.azimuth, 3), Self.pad(s.snr, 2)]
                }
                fields.append("1")
                bodies.append(fields.joined(separator: ","))
            }
        }
        return bodies
    }

    // MARK: Fields

    private func time(_ e: ReceiverEpoch) -> String {
        guard let utc = e.utcMilliseconds else { return "" }
        let ms = ((utc % 86_400_000) + 86_400_000) % 86_400_000
        let s = ms / 1000
        return Self.pad(s / 3600, 2) + Self.pad(s / 60 % 60, 2) + Self.pad(s % 60, 2) + "." + Self.pad(ms % 1000 / 10, 2)
    }

    private func date(_ e: ReceiverEpoch) -> String {
        guard let utc = e.utcMilliseconds else { return "" }
        let days = utc >= 0 ? utc / 86_400_000 : (utc - 86_399_999) / 86_400_000
        let d = GPSDate(daysSince1970: days)
        return Self.pad(d.day, 2) + Self.pad(d.month, 2) + Self.pad(d.year % 100, 2)
    }

    /// lat, N/S, lon, E/W; four empty fields without a position.
    private func position(_ c: Coordinate?) -> [String] {
        guard let c else { return ["", "", "", ""] }
        return [Self.angle(c.latitude, degreeDigits: 2), c.latitude < 0 ? "S" : "N",
                Self.angle(c.longitude, degreeDigits: 3), c.longitude < 0 ? "W" : "E"]
    }

    /// Degrees as `d…dmm.mmmmm` (minutes to 1e-5, about 2 cm), rounded once so 59.999995′ carries.
    static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let units = Int((abs(degrees) * 60 * 100_000).rounded())
        let whole = units / 6_000_000, minuteUnits = units % 6_000_000
        return pad(whole, degreeDigits) + pad(minuteUnits / 100_000, 2) + "." + pad(minuteUnits % 100_000, 5)
    }

    /// `value` with exactly `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && units != 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(units)" : "\(sign)\(units / scale).\(pad(units % scale, decimals))"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
