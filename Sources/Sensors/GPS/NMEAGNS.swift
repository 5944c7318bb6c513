/// GNS, GNSS fix data: GGA's content with one mode letter per constellation.
///
/// Fields (platform.md §4.2): time, lat, N/S, lon, E/W, posMode (one character per constellation,
/// GPS, GLONASS, Galileo, BeiDou… in that order; `N` no fix), numSV, HDOP, altitude MSL, geoid
/// separation, diff age, diff station, navStatus (4.1+).
public struct NMEAGNS: Sendable, Hashable {
    public var timeOfDay: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var positionModes: NMEAPositionModes
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var altitude: Double?

    public init(timeOfDay: Int?, latitude: Double?, longitude: Double?, positionModes: NMEAPositionModes, satellitesUsed: Int?,
                hdop: Double?, altitude: Double?) {
        self.timeOfDay = timeOfDay
        self.latitude = latitude
        self.longitude = longitude
        self.positionModes = positionModes
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.altitude = altitude
    }

    @inline(__always) // built straight into the decoded message: no copy through a temporary
    init(_ f: NMEAFields) throws(NMEAFieldError) {
        try f.require(9)
        timeOfDay = try f.timeOfDay(1)
        latitude = try f.latitude(2)
        longitude = try f.longitude(4)
        positionModes = try f.positionModes(6)
        guard positionModes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
            throw NMEAFieldError(field: 6, reason: "posMode is not letters")
        }
        satellitesUsed = try f.int(7)
        hdop = try f.double(8)
        altitude = try f.double(9)
    }

    /// Nil if no mode was sent; otherwise whether any constellation contributes a fix (not `N`).
    public var hasFix: Bool? {
        positionModes.isEmpty ? nil : positionModes.contains { $0 != 0x4E }
    }
}
