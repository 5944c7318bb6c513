import Sensors

/// A UBX NAV-PVT message (u-blox M8 protocol specification, UBX-NAV-PVT) with every field settable
/// and sensible defaults (a 3D fix in Osnabrück), for tests that feed the GPS parsers or the
/// `gps decode` command a receiver's binary output.
package struct UBXNavPVTBuilder {
    package init(iTOW: UInt32 = 0,
                year: Int = 2026,
                month: Int = 11,
                day: Int = 22,
                hour: Int = 12,
                minute: Int = 35,
                second: Int = 19,
                valid: UInt8 = 0x07,
                nano: Int32 = 250_000_000,
                fixType: UInt8 = 3,
                flags: UInt8 = 0x01,
                numSV: UInt8 = 9,
                lon: Int32 = 80_617_000,
                lat: Int32 = 522_728_000,
                height: Int32 = 110_500,
                hMSL: Int32 = 63_100,
                hAcc: UInt32 = 2_500,
                gSpeed: Int32 = 1_300,
                headMot: Int32 = 8_420_000,
                pDOP: UInt16 = 156,
                flags3: UInt16 = 0) {
        self.iTOW = iTOW
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.valid = valid
        self.nano = nano
        self.fixType = fixType
        self.flags = flags
        self.numSV = numSV
        self.lon = lon
        self.lat = lat
        self.height = height
        self.hMSL = hMSL
        self.hAcc = hAcc
        self.gSpeed = gSpeed
        self.headMot = headMot
        self.pDOP = pDOP
        self.flags3 = flags3
    }

    package var iTOW: UInt32 = 0
    package var year = 2026, month = 11, day = 22, hour = 12, minute = 35, second = 19
    package var valid: UInt8 = 0x07
    package var nano: Int32 = 250_000_000
    package var fixType: UInt8 = 3
    package var flags: UInt8 = 0x01
    package var numSV: UInt8 = 9
    package var lon: Int32 = 80_617_000
    package var lat: Int32 = 522_728_000
    package var height: Int32 = 110_500
    package var hMSL: Int32 = 63_100
    package var hAcc: UInt32 = 2_500
    package var gSpeed: Int32 = 1_300
    package var headMot: Int32 = 8_420_000
    package var pDOP: UInt16 = 156
    package var flags3: UInt16 = 0

    /// The 92-byte payload, little-endian, at the offsets listed on `UBXNavPVT`.
    package var payload: [UInt8] {
        var p = [UInt8](repeating: 0, count: 92)
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            for i in 0..<(T.bitWidth / 8) { p[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        }
        put(iTOW, at: 0); put(UInt16(year), at: 4)
        p[6] = UInt8(month); p[7] = UInt8(day); p[8] = UInt8(hour); p[9] = UInt8(minute); p[10] = UInt8(second)
        p[11] = valid; put(nano, at: 16); p[20] = fixType; p[21] = flags; p[23] = numSV
        put(lon, at: 24); put(lat, at: 28); put(height, at: 32); put(hMSL, at: 36); put(hAcc, at: 40)
        put(gSpeed, at: 60); put(headMot, at: 64); put(pDOP, at: 76); put(flags3, at: 78)
        return p
    }

    package var frame: [UInt8] { UBXFrame.encode(messageClass: 0x01, id: 0x07, payload: payload) }
}
