import Navigation
import Vocabulary

/// One run of Routino's router: the command line that plans a route through `waypoints` on the
/// database in `directory`, printing every point of it (`--output-text-all`) on standard output.
package struct RoutinoRouterRequest: Sendable, Hashable {
    package var directory: String
    package var profile: RoutingProfile
    package var avoidSteps: Bool
    package var waypoints: [Coordinate]

    package init(directory: String, profile: RoutingProfile, avoidSteps: Bool, waypoints: [Coordinate]) {
        self.directory = directory
        self.profile = profile
        self.avoidSteps = avoidSteps
        self.waypoints = waypoints
    }

    /// Routino takes up to 99 waypoints (`router.c`, `NWAYPOINTS`).
    package static let maximumWaypoints = 99

    package var arguments: [String] {
        var arguments = ["--dir=\(directory)", "--profile=\(profile.rawValue)", "--shortest",
                         "--output-text-all", "--output-stdout"]
        // A preference of 0 % closes the highway type to the profile (Routino's `--highway-<type>`).
        if avoidSteps && profile == .foot { arguments.append("--highway-steps=0") }
        for (n, point) in waypoints.prefix(Self.maximumWaypoints).enumerated() {
            arguments.append("--lat\(n + 1)=\(GPXTrackFormat.fixed(point.latitude, 7))")
            arguments.append("--lon\(n + 1)=\(GPXTrackFormat.fixed(point.longitude, 7))")
        }
        return arguments
    }
}
