/// RMC, recommended minimum data: time, status, position, speed, course, date.
///
/// Fields (platform.md §4.2, pynmeagps): time, status (A valid / V void), lat, N/S, lon, E/W,
/// speed (knots), course over ground (° true), date (ddmmyy), magnetic variation, E/W,
/// posMode (NMEA 2.3+), navStatus (4.1+).
public struct NMEARMC: Sendable, Hashable {
    public var timeOfDay: Int?
    /// True for status `A`; false for `V` (void: position, speed and course are not to be used).
    public var isValid: Bool
    public var latitude: Double?
    public var longitude: Double?
    public var speedKnots: Double?
    public var courseDegrees: Double?
    public var date: GPSDate?
    /// posMode letter (A, D, E, N, …), if the receiver speaks NMEA 2.3 or later.
    public var positionMode: UInt8?

    public init(timeOfDay: Int?, isValid: Bool, latitude: Double?, longitude: Double?, speedKnots: Double?,
                courseDegrees: Double?, date: GPSDate?, positionMode: UInt8?) {
        self.timeOfDay = timeOfDay
        self.isValid = isValid
        self.latitude = latitude
        self.longitude = longitude
        self.speedKnots = speedKnots
        self.courseDegrees = courseDegrees
        self.date = date
        self.positionMode = positionMode
    }

    @inline(__always) // built straight into the decoded message: no copy through a temporary
    init(_ f: NMEAFields) throws(NMEAFieldError) {
        try f.require(9)
        timeOfDay = try f.timeOfDay(1)
        switch try f.character(2) {
        case 0x41: isValid = true   // A
        case 0x56, nil: isValid = false // V, or not said
        default: throw NMEAFieldError(field: 2, reason: "status is not A or V")
        }
        latitude = try f.latitude(3)
        longitude = try f.longitude(5)
        speedKnots = try f.double(7)
        courseDegrees = try f.double(8)
        date = try f.date(9)
        positionMode = try f.character(12)
        // NMEA 2.3+: posMode N means no fix even if an old-style status says A.
        if positionMode == 0x4E { isValid = false }
    }
}
