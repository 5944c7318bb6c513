/// VTG, course and speed over ground.
///
/// Fields (platform.md §4.2): course true, `T`, course magnetic, `M`, speed knots, `N`, speed km/h,
/// `K`, posMode (NMEA 2.3+). The unit letters are checked, which rejects the pre-2.0 layout
/// without them rather than misreading it.
public struct NMEAVTG: Sendable, Hashable {
    public var courseTrue: Double?
    public var courseMagnetic: Double?
    public var speedKnots: Double?
    public var speedKilometresPerHour: Double?
    public var positionMode: UInt8?

    public init(courseTrue: Double?, courseMagnetic: Double?, speedKnots: Double?, speedKilometresPerHour: Double?,
                positionMode: UInt8?) {
        self.courseTrue = courseTrue
        self.courseMagnetic = courseMagnetic
        self.speedKnots = speedKnots
        self.speedKilometresPerHour = speedKilometresPerHour
        self.positionMode = positionMode
    }

    @inline(__always) // built straight into the decoded message: no copy through a temporary
    init(_ f: NMEAFields) throws(NMEAFieldError) {
        try f.require(8)
        // Unit letters T, M, N, K, checked in field order (no array of pairs: nothing to allocate).
        try Self.check(f, unit: 0x54, at: 2)
        try Self.check(f, unit: 0x4D, at: 4)
        try Self.check(f, unit: 0x4E, at: 6)
        try Self.check(f, unit: 0x4B, at: 8)
        courseTrue = try f.double(1)
        courseMagnetic = try f.double(3)
        speedKnots = try f.double(5)
        speedKilometresPerHour = try f.double(7)
        positionMode = try f.character(9)
    }

    /// Throws unless field `index` is empty or the letter `unit`.
    private static func check(_ f: NMEAFields, unit: UInt8, at index: Int) throws(NMEAFieldError) {
        if let letter = try f.character(index), letter != unit {
            throw NMEAFieldError(field: index, reason: "unit letter")
        }
    }

    /// Speed in m/s: km/h when sent (the finer unit on most receivers), else knots.
    public var speedMetresPerSecond: Double? {
        if let kmh = speedKilometresPerHour { return kmh / 3.6 }
        return speedKnots.map { $0 * NMEAVTG.metresPerSecondPerKnot }
    }

    /// 1 knot = 1852 m/h (the international nautical mile), so 1852/3600 m/s.
    public static let metresPerSecondPerKnot = 1852.0 / 3600.0
}
