/// RMC, recommended minimum data: time, status, position, speed, course, date.
///
/// Fields (NMEA 0183, as pynmeagps defines RMC): time, status (A valid / V void), lat, N/S, lon, E/W,
/// speed (knots), course over ground (° true), date (ddmmyy), magnetic variation, E/W,
/// posMode (NMEA 2.3+), navStatus (4.1+).
package struct NMEARMC: Sendable, Hashable {
    package var timeOfDay: Int?
    /// True for status `A`; false for `V` (void: position, speed and course are not to be used).
    package var isValid: Bool
    package var latitude: Double?
    package var longitude: Double?
    package var speedKnots: Double?
    package var courseDegrees: Double?
    package var date: GPSDate?
    /// posMode letter (A, D, E, N, …), if the receiver speaks NMEA 2.3 or later.
    package var positionMode: UInt8?

    package init(timeOfDay: Int?, isValid: Bool, latitude: Double?, longitude: Double?, speedKnots: Double?,
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

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        timeOfDay = try f.timeOfDay()
        switch try f.character() {
        case 0x41: isValid = true   // A
        case 0x56, nil: isValid = false // V, or not said
        default: throw NMEAFieldError(field: 2, reason: "status is not A or V")
        }
        latitude = try f.latitude()
        longitude = try f.longitude()
        speedKnots = try f.double()
        courseDegrees = try f.double()
        try f.require(9)
        date = try f.date()
        f.skip() // magnetic variation
        f.skip() // and its E/W
        positionMode = try f.character()
        // NMEA 2.3+: posMode N means no fix even if an old-style status says A.
        if positionMode == 0x4E { isValid = false }
    }
}
