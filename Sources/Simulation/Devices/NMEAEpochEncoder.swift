import Sensors

/// A u-blox receiver's NMEA 0183 output for one epoch, sentence by sentence as a u-blox M8 sends
/// them by default: RMC, VTG, GGA, one GSA per constellation, GSV per constellation (NMEA 4.10).
///
/// Formats (NMEA 0183, field lists after pynmeagps): `$` talker type, comma-separated fields,
/// `*` and the XOR of the characters between `$` and `*` as two hex digits, CRLF. Latitude
/// `ddmm.mmmmm`, longitude `dddmm.mmmmm`, time `hhmmss.ss`, date `ddmmyy`, speed in knots. The
/// position solution's sentences use talker GN (combined GNSS); GSV uses each system's talker
/// (GP, GL). Unknown fields are empty, as receivers leave them.
package struct NMEAEpochEncoder: Sendable {
    /// Talker of the solution's sentences (RMC, VTG, GGA, GSA): "GN" for multi-GNSS, "GP" for a GPS-only receiver.
    package var talker: String

    /// Knots per metre per second (1 kn = 1852 m / 3600 s).
    static let knotsPerMetrePerSecond = 3600.0 / 1852.0

    package init(talker: String = "GN") {
        self.talker = talker
    }

    /// The epoch's sentences, each with its `$`, checksum and CRLF.
    package func sentences(for epoch: ReceiverEpoch) -> [String] {
        bytes(for: epoch).split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) + "\n" }
    }

    /// The epoch as bytes on the wire. Written into one byte buffer, field by field: built as Swift
    /// strings joined per sentence, the simulated receiver cost about 290 000 instructions an epoch,
    /// a quarter of the whole demo's (callgrind).
    package func bytes(for epoch: ReceiverEpoch) -> [UInt8] {
        var out = Output()
        out.bytes.reserveCapacity(600)
        rmc(epoch, &out)
        vtg(epoch, &out)
        gga(epoch, &out)
        gsa(epoch, &out)
        gsv(epoch, &out)
        return out.bytes
    }

    /// The sentences being written: `begin` and `end` frame each, fields go between.
    struct Output {
        var bytes: [UInt8] = []
        private var bodyStart = 0

        mutating func begin(_ talker: String, _ type: StaticString) {
            bytes.append(UInt8(ascii: "$"))
            bodyStart = bytes.count
            bytes.append(contentsOf: talker.utf8)
            type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// A comma, then the field.
        mutating func field(_ text: StaticString) {
            bytes.append(UInt8(ascii: ","))
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func empty(_ count: Int = 1) {
            for _ in 0..<count { bytes.append(UInt8(ascii: ",")) }
        }

        /// A comma, then `value` in decimal with at least `width` digits.
        mutating func number(_ value: Int, width: Int = 1) {
            bytes.append(UInt8(ascii: ","))
            digits(value, width: width)
        }

        /// `value` with exactly `decimals` digits after the point, after a comma.
        mutating func fixed(_ value: Double, _ decimals: Int) {
            bytes.append(UInt8(ascii: ","))
            var scale = 1
            for _ in 0..<decimals { scale *= 10 }
            let units = NMEAEpochEncoder.units(abs(value) * Double(scale))
            if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
            digits(units / scale, width: 1)
            if decimals > 0 {
                bytes.append(UInt8(ascii: "."))
                digits(units % scale, width: decimals)
            }
        }

        /// `value` in decimal, zero-padded in front to `width` characters (a sign counts as one).
        mutating func digits(_ value: Int, width: Int) {
            var magnitude = value.magnitude
            var count = 1
            var power: UInt = 10
            while count < 20 && magnitude >= power {
                count += 1
                power = power.multipliedReportingOverflow(by: 10).partialValue
            }
            let length = count + (value < 0 ? 1 : 0)
            for _ in length..<max(width, length) { bytes.append(UInt8(ascii: "0")) }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let first = bytes.count
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
            for i in (first..<bytes.count).reversed() {
                bytes[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
        }

        mutating func end() {
            var sum: UInt8 = 0
            for byte in bytes[bodyStart...] { sum ^= byte }
            let hex: StaticString = "0123456789ABCDEF"
            hex.withUTF8Buffer { digits in
                bytes.append(UInt8(ascii: "*"))
                bytes.append(digits[Int(sum >> 4)])
                bytes.append(digits[Int(sum & 0x0F)])
            }
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    // MARK: Sentences

    private func rmc(_ e: ReceiverEpoch, _ out: inout Output) {
        out.begin(talker, "RMC")
        time(e, &out)
        guard let f = e.fix else {
            out.field("V")
            out.empty(6)
            date(e, &out)
            out.empty(2)
            out.field("N")
            out.field("V")
            return out.end()
        }
        out.field("A")
        position(f.coordinate, &out)
        out.fixed((f.speed ?? 0) * Self.knotsPerMetrePerSecond, 3)
        if let course = f.course { out.fixed(course, 2) } else { out.empty() }
        date(e, &out)
        out.empty(2)
        out.field("A")
        out.field("V")
        out.end()
    }

    private func vtg(_ e: ReceiverEpoch, _ out: inout Output) {
        out.begin(talker, "VTG")
        guard let f = e.fix else {
            out.empty()
            out.field("T")
            out.empty()
            out.field("M")
            out.empty()
            out.field("N")
            out.empty()
            out.field("K")
            out.field("N")
            return out.end()
        }
        let speed: Double = f.speed ?? 0
        if let course = f.course { out.fixed(course, 2) } else { out.empty() }
        out.field("T")
        out.empty()
        out.field("M")
        out.fixed(speed * Self.knotsPerMetrePerSecond, 3)
        out.field("N")
        out.fixed(speed * 3.6, 3)
        out.field("K")
        out.field("A")
        out.end()
    }

    private func gga(_ e: ReceiverEpoch, _ out: inout Output) {
        out.begin(talker, "GGA")
        time(e, &out)
        guard let f = e.fix else {
            out.empty(4)
            out.field("0")
            out.number(e.usedSatellites.count, width: 2)
            out.field("99.99")
            out.empty(6)
            return out.end()
        }
        position(f.coordinate, &out)
        out.field("1")
        out.number(e.usedSatellites.count, width: 2)
        if let hdop = f.hdop { out.fixed(hdop, 2) } else { out.empty() }
        if let altitude = f.altitude {
            out.fixed(altitude, 1)
            out.field("M")
        } else {
            out.empty(2)
        }
        out.fixed(e.geoidSeparation, 1)
        out.field("M")
        out.empty(2)
        out.end()
    }

    /// One GSA per constellation (u-blox with NMEA 4.10), each ending in its systemId.
    private func gsa(_ e: ReceiverEpoch, _ out: inout Output) {
        for system in [SimulatedSatellite.System.gps, .glonass] {
            out.begin(talker, "GSA")
            out.field("A")
            out.field(e.fix == nil ? "1" : (e.fix?.mode == .twoD ? "2" : "3"))
            var slots = 0
            for satellite in e.usedSatellites where satellite.system == system && slots < 12 {
                out.number(satellite.id, width: 2)
                slots += 1
            }
            out.empty(12 - slots)
            if e.fix == nil {
                out.field("99.99")
                out.field("99.99")
                out.field("99.99")
            } else {
                out.fixed(e.pdop, 2)
                if let hdop = e.fix?.hdop { out.fixed(hdop, 2) } else { out.field("99.99") }
                out.fixed(e.vdop, 2)
            }
            out.number(system.systemID)
            out.end()
        }
    }

    /// GSV groups of up to four satellites per sentence, per constellation; signalId 1 (L1 C/A, G1).
    private func gsv(_ e: ReceiverEpoch, _ out: inout Output) {
        for system in [SimulatedSatellite.System.gps, .glonass] {
            let inView = e.satellites.filter { $0.system == system }
            guard !inView.isEmpty else { continue }
            let count = (inView.count + 3) / 4
            for n in 0..<count {
                out.begin(system.talker, "GSV")
                out.number(count)
                out.number(n + 1)
                out.number(inView.count, width: 2)
                for s in inView[(n * 4)..<min(n * 4 + 4, inView.count)] {
                    out.number(s.id, width: 2)
                    out.number(s.elevation, width: 2)
                    out.number(s.azimuth, width: 3)
                    out.number(s.snr, width: 2)
                }
                out.field("1")
                out.end()
            }
        }
    }

    // MARK: Fields

    private func time(_ e: ReceiverEpoch, _ out: inout Output) {
        out.bytes.append(UInt8(ascii: ","))
        guard let utc = e.utcMilliseconds else { return }
        let ms = ((utc % 86_400_000) + 86_400_000) % 86_400_000
        let s = ms / 1000
        out.digits(s / 3600, width: 2)
        out.digits(s / 60 % 60, width: 2)
        out.digits(s % 60, width: 2)
        out.bytes.append(UInt8(ascii: "."))
        out.digits(ms % 1000 / 10, width: 2)
    }

    private func date(_ e: ReceiverEpoch, _ out: inout Output) {
        out.bytes.append(UInt8(ascii: ","))
        guard let utc = e.utcMilliseconds else { return }
        let days = utc >= 0 ? utc / 86_400_000 : (utc - 86_399_999) / 86_400_000
        let d = GPSDate(daysSince1970: days)
        out.digits(d.day, width: 2)
        out.digits(d.month, width: 2)
        out.digits(d.year % 100, width: 2)
    }

    /// lat, N/S, lon, E/W; four empty fields without a position.
    private func position(_ c: Coordinate?, _ out: inout Output) {
        guard let c else { return out.empty(4) }
        angle(c.latitude, degreeDigits: 2, &out)
        out.field(c.latitude < 0 ? "S" : "N")
        angle(c.longitude, degreeDigits: 3, &out)
        out.field(c.longitude < 0 ? "W" : "E")
    }

    /// Degrees as `d…dmm.mmmmm` (minutes to 1e-5, about 2 cm), rounded once so 59.999995′ carries.
    private func angle(_ degrees: Double, degreeDigits: Int, _ out: inout Output) {
        let units = Self.units(abs(degrees) * 60 * 100_000)
        let whole = units / 6_000_000, minuteUnits = units % 6_000_000
        out.bytes.append(UInt8(ascii: ","))
        out.digits(whole, width: degreeDigits)
        out.digits(minuteUnits / 100_000, width: 2)
        out.bytes.append(UInt8(ascii: "."))
        out.digits(minuteUnits % 100_000, width: 5)
    }

    /// `value` rounded to an integer; 0 for what no integer holds (a NaN or infinite position the
    /// simulated world should never produce, which must not trap the simulation).
    static func units(_ value: Double) -> Int {
        let rounded = value.rounded()
        return rounded.isFinite && abs(rounded) < 1e15 ? Int(rounded) : 0
    }
}
