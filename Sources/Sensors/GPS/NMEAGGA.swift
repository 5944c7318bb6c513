/// GGA, fix data: time, position, quality, satellites used, HDOP, altitude.
///
/// Fields (NMEA 0183, as pynmeagps defines GGA): time, lat, N/S, lon, E/W, quality (0 none, 1 GPS,
/// 2 DGPS, 4 RTK fixed, 5 RTK float, 6 estimated), numSV, HDOP, altitude MSL, unit, geoid separation,
/// unit, diff age, diff station.
package struct NMEAGGA: Sendable, Hashable {
    package var timeOfDay: Int?
    package var latitude: Double?
    package var longitude: Double?
    package var hdop: Double?
    /// Metres above mean sea level.
    package var altitude: Double?
    package var geoidSeparation: Double?
    // Quality and satellite count kept in 32 bits behind `Int` accessors (a received value beyond
    // that is refused, as GSV's and GSA's satellite numbers are). Why: with eight 16-byte optionals,
    // GGA filled a decoded message's payload to its last byte, and every sentence's message was
    // then built in a scratch copy and copied twice on its way to the handler (parsing throughput,
    // docs/performance.md; `GPSMessageLayoutTests`).
    private let storedQuality: Int32?
    private let storedSatellitesUsed: Int32?
    package var quality: Int? { storedQuality.map(Int.init) }
    package var satellitesUsed: Int? { storedSatellitesUsed.map(Int.init) }

    /// From code, not received data: a quality or satellite count beyond 32 bits is a programming
    /// error.
    package init(timeOfDay: Int?, latitude: Double?, longitude: Double?, quality: Int?, satellitesUsed: Int?,
                hdop: Double?, altitude: Double?, geoidSeparation: Double?) {
        self.timeOfDay = timeOfDay
        self.latitude = latitude
        self.longitude = longitude
        storedQuality = quality.map { Int32($0) }
        storedSatellitesUsed = satellitesUsed.map { Int32($0) }
        self.hdop = hdop
        self.altitude = altitude
        self.geoidSeparation = geoidSeparation
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        timeOfDay = try f.timeOfDay()
        latitude = try f.latitude()
        longitude = try f.longitude()
        storedQuality = try f.int32()
        storedSatellitesUsed = try f.count()
        hdop = try f.double()
        try f.require(9)
        altitude = try f.double()
        if let unit = try f.character(), unit != 0x4D { // M
            throw NMEAFieldError(field: 10, reason: "altitude unit is not M")
        }
        geoidSeparation = try f.double()
    }

    /// Quality 0 is "fix not valid"; anything else is some kind of fix.
    package var hasFix: Bool? { quality.map { $0 != 0 } }
}
