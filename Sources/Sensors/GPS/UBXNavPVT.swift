/// UBX-NAV-PVT (class 0x01, id 0x07, 92-byte payload): the navigation solution in one message.
///
/// Offsets, types and scales from u-blox's interface descriptions (pyubx2 `UBX_PAYLOADS_GET["NAV-PVT"]`):
/// 0 iTOW U4 ms · 4 year U2 · 6 month · 7 day · 8 hour · 9 min · 10 sec (U1 each) · 11 valid X1
/// (b0 validDate, b1 validTime) · 16 nano I4 ns · 20 fixType U1 · 21 flags X1 (b0 gnssFixOK) ·
/// 23 numSV U1 · 24 lon I4 1e-7° · 28 lat I4 1e-7° · 36 hMSL I4 mm · 40 hAcc U4 mm ·
/// 60 gSpeed I4 mm/s · 64 headMot I4 1e-5° · 76 pDOP U2 0.01 · 78 flags3 X2 (b0 invalidLlh).
/// All multi-byte fields are little-endian.
package struct UBXNavPVT: Sendable, Hashable {
    package static let messageClass: UInt8 = 0x01
    package static let messageID: UInt8 = 0x07
    package static let payloadLength = 92

    /// fixType: 0 none, 1 dead reckoning only, 2 2D, 3 3D, 4 GNSS + dead reckoning, 5 time only.
    package enum FixType: UInt8, Sendable, Hashable {
        case noFix = 0, deadReckoningOnly, twoD, threeD, gnssWithDeadReckoning, timeOnly
    }

    package var iTOW: UInt32
    // Date and time kept at their wire widths (U2, U1 × 5) behind Int accessors. Why: six Ints made
    // NAV-PVT the largest message a `GPSStreamParser` hands on, every message 137 bytes, copied by a
    // `memcpy` call instead of a few moves (parsing throughput, docs/performance.md;
    // `GPSMessageLayoutTests`).
    private let storedYear: UInt16
    private let storedMonth: UInt8, storedDay: UInt8, storedHour: UInt8, storedMinute: UInt8, storedSecond: UInt8
    package var year: Int { Int(storedYear) }
    package var month: Int { Int(storedMonth) }
    package var day: Int { Int(storedDay) }
    package var hour: Int { Int(storedHour) }
    package var minute: Int { Int(storedMinute) }
    package var second: Int { Int(storedSecond) }
    package var validDate: Bool
    package var validTime: Bool
    /// Fraction of the second, ns; may be negative (the time rounds up to the printed second).
    package var nano: Int32
    package var fixType: FixType?
    package var gnssFixOK: Bool
    package var satellitesUsed: Int
    package var longitude: Double
    package var latitude: Double
    /// Height above mean sea level, metres.
    package var heightMSL: Double
    /// Horizontal accuracy estimate, metres.
    package var horizontalAccuracy: Double
    /// Ground speed, m/s.
    package var groundSpeed: Double
    /// Heading of motion, degrees.
    package var headingOfMotion: Double
    package var pdop: Double
    /// flags3 b0: latitude, longitude and heights are not valid.
    package var invalidLLH: Bool

    /// Decodes a payload; nil unless it is exactly 92 bytes.
    package init?(payload: some Collection<UInt8>) {
        guard payload.count == Self.payloadLength else { return nil }
        let p = Array(payload)
        func u8(_ o: Int) -> Int { Int(p[o]) }
        func u16(_ o: Int) -> UInt16 { UInt16(p[o]) | UInt16(p[o + 1]) << 8 }
        func u32(_ o: Int) -> UInt32 {
            UInt32(p[o]) | UInt32(p[o + 1]) << 8 | UInt32(p[o + 2]) << 16 | UInt32(p[o + 3]) << 24
        }
        func i32(_ o: Int) -> Int32 { Int32(bitPattern: u32(o)) }
        iTOW = u32(0)
        storedYear = u16(4)
        storedMonth = p[6]; storedDay = p[7]; storedHour = p[8]; storedMinute = p[9]; storedSecond = p[10]
        validDate = p[11] & 0x01 != 0
        validTime = p[11] & 0x02 != 0
        nano = i32(16)
        fixType = FixType(rawValue: p[20])
        gnssFixOK = p[21] & 0x01 != 0
        satellitesUsed = u8(23)
        longitude = Double(i32(24)) * 1e-7
        latitude = Double(i32(28)) * 1e-7
        heightMSL = Double(i32(36)) / 1000
        horizontalAccuracy = Double(u32(40)) / 1000
        groundSpeed = Double(i32(60)) / 1000
        headingOfMotion = Double(i32(64)) * 1e-5
        pdop = Double(u16(76)) * 0.01
        invalidLLH = u16(78) & 0x0001 != 0
    }

    /// The UTC instant in milliseconds since 1970, if the receiver marks date and time valid and
    /// they form a real date. `nano` is applied with carries, so 23:59:59 + (−0.4 ms) stays on the
    /// right day and 12:35:18 + 999 999 600 ns becomes 12:35:19.000.
    package var utcMilliseconds: Int? {
        guard validDate, validTime, let date = GPSDate(year: year, month: month, day: day),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let seconds = date.daysSince1970 * 86_400 + (hour * 60 + minute) * 60 + second
        let nanoMillis = (Int(nano) + (nano >= 0 ? 500_000 : -500_000)) / 1_000_000
        return seconds * 1000 + nanoMillis
    }

    /// The receiver claims a usable position: gnssFixOK, a 2D/3D (or GNSS+DR) fix, valid LLH, and a
    /// latitude and longitude inside the ranges the message defines (±90°, ±180°; u-blox 8 protocol
    /// description, UBX-NAV-PVT). A frame outside them is damage with a valid checksum, not a position.
    package var hasPositionFix: Bool {
        guard gnssFixOK, !invalidLLH, let fixType, abs(latitude) <= 90, abs(longitude) <= 180 else { return false }
        return fixType == .twoD || fixType == .threeD || fixType == .gnssWithDeadReckoning
    }
}
