import Sensors

/// The rig's route (scripts/hil/appliance/rig-walk.gpx) and where the walker stands: four waypoints
/// 100 m due north, east, south and west of the standpoint, so the initial bearing to each is 0°,
/// 90°, 180° and 270° (to within 0.01° at this distance and latitude) and the belt's direction tells
/// which one it points at.
enum RigRoute {
    struct Waypoint: Sendable {
        let name: String
        /// The true bearing from the standpoint, degrees.
        let bearing: Double
    }

    static let standpoint = Coordinate(latitude: 52.28, longitude: 8.05)
    static let north = Waypoint(name: "North", bearing: 0)
    static let east = Waypoint(name: "East", bearing: 90)
    static let south = Waypoint(name: "South", bearing: 180)

    /// Where the belt points for a wearer facing `heading` (magnetic) where the declination is
    /// `declination` (east positive): the true bearing less the true heading, in [0, 360).
    static func relativeDirection(to waypoint: Waypoint, heading: Double, declination: Double) -> Double {
        let r = (waypoint.bearing - (heading + declination)).truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// The smaller angle between two directions, degrees.
    static func angularDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}
