#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Sensors

/// A u-blox receiver's UBX-NAV-PVT frame for one epoch (class 0x01, id 0x07, 92-byte payload).
///
/// Offsets, types and scales: u-blox's interface descriptions (pyubx2 `UBX_PAYLOADS_GET["NAV-PVT"]`). Times:
/// year…sec and nano are UTC; iTOW is GPS time of week, which runs ahead of UTC by the leap seconds
/// (18 s since 2017-01-01, IERS Bulletin C). Without a position the frame says fixType 0, gnssFixOK
/// clear and flags3 invalidLlh; without a time, valid is 0.
package enum UBXNavPVTEncoder {
    /// GPS − UTC since 2017-01-01 (IERS Bulletin C: no leap second announced since).
    static let leapSeconds = 18
    /// 1980-01-06T00:00:00Z, the GPS epoch, in Unix milliseconds.
    static let gpsEpochMilliseconds = 315_964_800_000
    static let weekMilliseconds = 604_800_000

    package static func frame(for epoch: ReceiverEpoch, horizontalAccuracy: Double?) -> [UInt8] {
        UBXFrame.encode(messageClass: UBXNavPVT.messageClass, id: UBXNavPVT.messageID,
                        payload: payload(for: epoch, horizontalAccuracy: horizontalAccuracy))
    }

    package static func payload(for epoch: ReceiverEpoch, horizontalAccuracy: Double?) -> [UInt8] {
        var p = [UInt8](repeating: 0, count: UBXNavPVT.payloadLength)
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            for i in 0..<(T.bitWidth / 8) { p[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        }
        func scaled(_ value: Double, _ scale: Double) -> Int32 {
            let v = (value * scale).rounded()
            return v.isFinite ? Int32(clamping: Int64(max(min(v, 9e18), -9e18))) : 0
        }
        if let utc = epoch.utcMilliseconds {
            let gps = utc + leapSeconds * 1000 - gpsEpochMilliseconds
            put(UInt32(truncatingIfNeeded: ((gps % weekMilliseconds) + weekMilliseconds) % weekMilliseconds), at: 0)
            let days = utc >= 0 ? utc / 86_400_000 : (utc - 86_399_999) / 86_400_000
            let date = GPSDate(daysSince1970: days)
            let ms = utc - days * 86_400_000
            put(UInt16(clamping: date.year), at: 4)
            p[6] = UInt8(clamping: date.month); p[7] = UInt8(clamping: date.day)
            p[8] = UInt8(ms / 3_600_000); p[9] = UInt8(ms / 60_000 % 60); p[10] = UInt8(ms / 1000 % 60)
            p[11] = 0x07 // validDate, validTime, fullyResolved
            put(UInt32(30), at: 12) // tAcc, ns
            put(Int32(ms % 1000) * 1_000_000, at: 16)
        }
        let used = epoch.usedSatellites.count
        p[23] = UInt8(clamping: used)
        guard let fix = epoch.fix else {
            put(UInt16(9999), at: 76)
            put(UInt16(0x0001), at: 78) // invalidLlh
            return p
        }
        p[20] = fix.mode == .twoD ? 2 : 3
        p[21] = 0x01 // gnssFixOK
        p[22] = 0xE0 // confirmedAvai, confirmedDate, confirmedTime
        put(scaled(fix.coordinate.longitude, 1e7), at: 24)
        put(scaled(fix.coordinate.latitude, 1e7), at: 28)
        let msl = fix.altitude ?? 0
        put(scaled(msl + epoch.geoidSeparation, 1000), at: 32)
        put(scaled(msl, 1000), at: 36)
        let hAcc = horizontalAccuracy ?? (fix.hdop ?? 1) * 2.5
        put(UInt32(clamping: Int(max(0, hAcc * 1000).rounded())), at: 40)
        put(UInt32(clamping: Int(max(0, hAcc * 1500).rounded())), at: 44) // vAcc: vertical error is larger
        let speed = fix.speed ?? 0, course = fix.course ?? 0
        put(scaled(speed * cos(course * .pi / 180), 1000), at: 48)
        put(scaled(speed * sin(course * .pi / 180), 1000), at: 52)
        put(scaled(speed, 1000), at: 60)
        put(scaled(course, 1e5), at: 64)
        put(UInt32(300), at: 68) // sAcc, mm/s
        put(UInt32(fix.course == nil ? 18_000_000 : 500_000), at: 72) // headAcc: 180° when standing, 5° walking
        put(UInt16(clamping: Int((epoch.pdop * 100).rounded())), at: 76)
        return p
    }
}
