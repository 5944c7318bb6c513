/// Everything a receiver said about one navigation epoch: the sentences (and UBX messages) that
/// share a UTC time, merged as gpsd merges them into one report.
///
/// Why not a `Fix` directly: a receiver without a fix still reports time, mode and satellites but
/// no position, and `Fix` always has a coordinate. `fix(receivedAt:)` makes the `Fix` when there is
/// a position. A field the receiver did not send is nil.
package struct GPSEpoch: Sendable, Hashable {
    /// Milliseconds since midnight UTC.
    package var timeOfDay: Int?
    /// The UTC date: sent in this epoch (RMC, ZDA, NAV-PVT) or carried over from an earlier one.
    package var date: GPSDate?
    package var latitude: Double?
    package var longitude: Double?
    /// Metres above mean sea level.
    package var altitude: Double?
    /// Metres per second over ground.
    package var speed: Double?
    /// Degrees clockwise from true north.
    package var course: Double?
    package var mode: Fix.Mode?
    /// Satellites used in the solution.
    package var satellites: Int?
    /// Satellites in view, from GSV.
    package var satellitesInView: Int?
    package var hdop: Double?
    /// Estimated horizontal error in metres, from UBX-NAV-PVT's hAcc.
    package var horizontalAccuracy: Double?
    /// When the epoch's first message arrived, on the monotonic timeline.
    package var receivedAt: Duration

    package init(timeOfDay: Int? = nil, date: GPSDate? = nil, latitude: Double? = nil, longitude: Double? = nil,
                altitude: Double? = nil, speed: Double? = nil, course: Double? = nil, mode: Fix.Mode? = nil,
                satellites: Int? = nil, satellitesInView: Int? = nil, hdop: Double? = nil,
                horizontalAccuracy: Double? = nil, receivedAt: Duration = .zero) {
        self.timeOfDay = timeOfDay
        self.date = date
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.mode = mode
        self.satellites = satellites
        self.satellitesInView = satellitesInView
        self.hdop = hdop
        self.horizontalAccuracy = horizontalAccuracy
        self.receivedAt = receivedAt
    }

    /// UTC milliseconds since 1970, when both date and time are known.
    package var utcMilliseconds: Int? {
        guard let date, let timeOfDay else { return nil }
        return date.daysSince1970 * 86_400_000 + timeOfDay
    }

    /// `2026-11-22T12:35:19.250Z`, or nil without a date or a time.
    package var isoTime: String? {
        guard let date, let timeOfDay else { return nil }
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        let ms = timeOfDay % 1000, s = timeOfDay / 1000
        return "\(date)T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2)).\(pad(ms, 3))Z"
    }

    /// The navigation `Fix` for this epoch, or nil when it has no position. Mode defaults to no fix
    /// when the receiver gave a position but never said what kind of fix it was.
    package func fix(receivedAt: Duration? = nil) -> Fix? {
        guard let latitude, let longitude else { return nil }
        return Fix(coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude, speed: speed,
                   course: course, mode: mode ?? .noFix, satellites: satellites, hdop: hdop,
                   horizontalAccuracy: horizontalAccuracy,
                   utcSeconds: utcMilliseconds.map { Double($0) / 1000 }, receivedAt: receivedAt ?? self.receivedAt)
    }
}
