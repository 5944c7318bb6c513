/// The navigation rules' knobs, all from the `[navigation]` table of the configuration.
package struct GuidanceParameters: Sendable, Hashable {
    /// A waypoint counts as reached within this many metres.
    package var arrivalRadius: Double
    /// Re-command the belt when the direction moved by more than this many degrees…
    package var minimumDirectionChange: Double
    /// …or when this long has passed since the last command and the direction moved at all.
    package var refreshInterval: Duration
    /// No usable fix for this long: warn and fall silent until one comes back.
    package var fixTimeout: Duration
    /// How often a progress report is produced while navigating.
    package var progressInterval: Duration
    /// Off route: farther than this many metres from the current leg…
    package var offRouteDistance: Double
    /// …for this long (one wild fix is GPS noise, not a wrong turn).
    package var offRouteDelay: Duration
    /// Back on route only once nearer than this (less than `offRouteDistance`): the gap is the
    /// hysteresis that keeps a walker along the threshold from being warned at every fix.
    package var backOnRouteDistance: Double
    package var headingSource: HeadingSource
    /// Magnetic declination in degrees, east positive: magnetic bearing = true bearing − declination.
    /// With `declinationFromModel` it is only the fallback for fixes the model cannot serve (no date,
    /// a date outside WMM2025's validity, a pole).
    package var declination: Double
    /// Take the declination from the World Magnetic Model at each fix (the default when the
    /// configuration gives no `declination_deg`), rather than the fixed `declination`.
    package var declinationFromModel: Bool
    /// The approach to an intermediate waypoint, felt (FSLib's `nextWaypointLongDistance` …
    /// `nextWaypointAreaReached`): within `waypointLong` metres the long-distance signal, within
    /// `waypointMedium` the medium, within `waypointShort` the short, within `waypointArea` "area
    /// reached". Farther than `waypointLong`, the plain navigation signal.
    package var waypointLong: Double = 150
    package var waypointMedium: Double = 60
    package var waypointShort: Double = 30
    package var waypointArea: Double = 20
    /// A signal steps back to a farther band only beyond its threshold plus this many metres, so a
    /// wearer standing on a threshold (GPS wandering a few metres) does not feel it flip.
    package var signalHysteresis: Double = 5
    /// Within the area of a waypoint where the route turns by at least this many degrees, the turn
    /// signal (FSLib's `turnOngoing`) plays instead of "area reached".
    package var turnAngle: Double = 60
    /// `[signals] waypoint_approach`, `turn`: the distance-coded and turn signals; off, the plain
    /// navigation signal plays all the way.
    package var waypointSignals = true
    package var turnSignal = true
    /// After arrival the destination signal repeats every `destinationSignalInterval` until the
    /// wearer stops it, for at most `destinationSignalDuration` (`[signals] destination_repeated`
    /// off: once).
    package var destinationRepeated = true
    package var destinationSignalInterval: Duration = .seconds(5)
    package var destinationSignalDuration: Duration = .seconds(60)

    package init(arrivalRadius: Double = 12, minimumDirectionChange: Double = 8, refreshInterval: Duration = .seconds(15),
                fixTimeout: Duration = .seconds(10), progressInterval: Duration = .seconds(30),
                headingSource: HeadingSource = .belt, declination: Double = 0, declinationFromModel: Bool = false,
                offRouteDistance: Double = 30, offRouteDelay: Duration = .seconds(10), backOnRouteDistance: Double = 20) {
        self.arrivalRadius = arrivalRadius
        self.minimumDirectionChange = minimumDirectionChange
        self.refreshInterval = refreshInterval
        self.fixTimeout = fixTimeout
        self.progressInterval = progressInterval
        self.headingSource = headingSource
        self.declination = declination
        self.declinationFromModel = declinationFromModel
        self.offRouteDistance = offRouteDistance
        self.offRouteDelay = offRouteDelay
        self.backOnRouteDistance = backOnRouteDistance
    }
}
