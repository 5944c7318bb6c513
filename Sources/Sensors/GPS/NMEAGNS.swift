/// GNS, GNSS fix data: GGA's content with one mode letter per constellation.
///
/// Fields (NMEA 0183, as pynmeagps defines GNS): time, lat, N/S, lon, E/W, posMode (one character
/// per constellation, GPS, GLONASS, Galileo, BeiDou… in that order; `N` no fix), numSV, HDOP,
/// altitude MSL, geoid separation, diff age, diff station, navStatus (4.1+).
package struct NMEAGNS: Sendable, Hashable {
    package var timeOfDay: Int?
    package var latitude: Double?
    package var longitude: Double?
    package var positionModes: NMEAPositionModes
    package var satellitesUsed: Int?
    package var hdop: Double?
    package var altitude: Double?

    package init(timeOfDay: Int?, latitude: Double?, longitude: Double?, positionModes: NMEAPositionModes, satellitesUsed: Int?,
                hdop: Double?, altitude: Double?) {
        self.timeOfDay = timeOfDay
        self.latitude = latitude
        self.longitude = longitude
        self.positionModes = positionModes
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.altitude = altitude
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        timeOfDay = try f.timeOfDay()
        latitude = try f.latitude()
        longitude = try f.longitude()
        positionModes = try f.positionModes()
        guard positionModes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
            throw NMEAFieldError(field: 6, reason: "posMode is not letters")
        }
        satellitesUsed = try f.count().map(Int.init)
        hdop = try f.double()
        try f.require(9)
        altitude = try f.double()
    }

    /// Nil if no mode was sent; otherwise whether any constellation contributes a fix (not `N`).
    package var hasFix: Bool? {
        positionModes.isEmpty ? nil : positionModes.contains { $0 != 0x4E }
    }
}
