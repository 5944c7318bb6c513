/// One position report from any GPS source (u-blox, UART NMEA, gpsd or the simulated receiver).
///
/// `receivedAt` is on the process's monotonic timeline (the injected clock), so fix age is immune to
/// the wall clock jumping when NTP or the GPS sets it.
package struct Fix: Sendable, Hashable {
    package enum Mode: Int, Sendable, Hashable, CustomStringConvertible {
        case noFix = 1
        case twoD = 2
        case threeD = 3

        package var description: String {
            switch self {
            case .noFix: "no fix"
            case .twoD: "2D"
            case .threeD: "3D"
            }
        }
    }

    package var coordinate: Coordinate
    /// Metres above mean sea level.
    package var altitude: Double?
    /// Metres per second over ground.
    package var speed: Double?
    /// Degrees clockwise from true north.
    package var course: Double?
    package var mode: Mode
    package var satellites: Int?
    package var hdop: Double?
    /// Estimated horizontal error, metres (1σ).
    package var horizontalAccuracy: Double?
    /// UTC time the receiver reported, seconds since 1970, if it reported one.
    package var utcSeconds: Double?
    /// When we received it, on the monotonic timeline.
    package var receivedAt: Duration

    package init(coordinate: Coordinate, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil,
                mode: Mode = .threeD, satellites: Int? = nil, hdop: Double? = nil, horizontalAccuracy: Double? = nil,
                utcSeconds: Double? = nil, receivedAt: Duration) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.mode = mode
        self.satellites = satellites
        self.hdop = hdop
        self.horizontalAccuracy = horizontalAccuracy
        self.utcSeconds = utcSeconds
        self.receivedAt = receivedAt
    }

    /// A fix we can navigate by: a 2D or 3D solution with a valid coordinate.
    package var isUsable: Bool { mode != .noFix && coordinate.isValid }

    package func age(at now: Duration) -> Duration { now - receivedAt }
}
