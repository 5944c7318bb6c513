/// VTG, course and speed over ground.
///
/// Fields (NMEA 0183, as pynmeagps defines VTG): course true, `T`, course magnetic, `M`, speed knots,
/// `N`, speed km/h, `K`, posMode (NMEA 2.3+). The unit letters are checked, which rejects the pre-2.0
/// layout without them rather than misreading it.
package struct NMEAVTG: Sendable, Hashable {
    package var courseTrue: Double?
    package var courseMagnetic: Double?
    package var speedKnots: Double?
    package var speedKilometresPerHour: Double?
    package var positionMode: UInt8?

    package init(courseTrue: Double?, courseMagnetic: Double?, speedKnots: Double?, speedKilometresPerHour: Double?,
                positionMode: UInt8?) {
        self.courseTrue = courseTrue
        self.courseMagnetic = courseMagnetic
        self.speedKnots = speedKnots
        self.speedKilometresPerHour = speedKilometresPerHour
        self.positionMode = positionMode
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        // Each value is followed by its unit letter: T, M, N, K.
        courseTrue = try f.double()
        try Self.check(&f, unit: 0x54, field: 2)
        courseMagnetic = try f.double()
        try Self.check(&f, unit: 0x4D, field: 4)
        speedKnots = try f.double()
        try Self.check(&f, unit: 0x4E, field: 6)
        speedKilometresPerHour = try f.double()
        try f.require(8)
        try Self.check(&f, unit: 0x4B, field: 8)
        positionMode = try f.character()
    }

    /// Throws unless the next field, field `field`, is empty or the letter `unit`.
    @_transparent
    private static func check(_ f: inout NMEAFields, unit: UInt8, field: Int) throws(NMEAFieldError) {
        if let letter = try f.character(), letter != unit {
            throw NMEAFieldError(field: field, reason: "unit letter")
        }
    }

    /// Speed in m/s: km/h when sent (the finer unit on most receivers), else knots.
    package var speedMetresPerSecond: Double? {
        if let kmh = speedKilometresPerHour { return kmh / 3.6 }
        return speedKnots.map { $0 * NMEAVTG.metresPerSecondPerKnot }
    }

    /// 1 knot = 1852 m/h (the international nautical mile), so 1852/3600 m/s.
    package static let metresPerSecondPerKnot = 1852.0 / 3600.0
}
