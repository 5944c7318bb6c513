/// One thing that happened during a walk, as the appliance records it in the walk's event journal
/// (`tracks/<walk>.events.jsonl` beside the track) and as the trip report reads it back.
///
/// `time` is UTC seconds since 1970 on the GPS's timeline, the same timeline as the track's `<time>`
/// (the recorder maps its monotonic clock through the latest fix), so an event can be placed on the
/// track by its time. The fields beyond `time` and `kind` are those the kind uses; the rest are nil.
package struct TripEvent: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The journal's first record: the route (`name`, `path`) and the off-route distance in use.
        case walk
        /// The appliance started (again) with this walk: a new run, after a restart or a crash.
        case applianceStarted = "appliance_started"
        case navigationStarted = "navigation_started"
        case paused
        case resumed
        case stopped
        case arrived
        /// A waypoint reached (`index` from 0, `name`).
        case waypointReached = "waypoint_reached"
        /// The wearer skipped ahead to waypoint `index`, or went back to it.
        case skipped
        case wentBack = "went_back"
        /// Another route was loaded (`name`, `index` of the next waypoint).
        case routeChanged = "route_changed"
        /// A route planned on the device: `reason` "planned", "re-planned" (off the route) or "planned to
        /// a new destination", `name` the destination (none for a way back to a GPX route), `distance`
        /// its length in metres.
        case routePlanned = "route_planned"
        /// On a planned route, a crossing, steps or a barrier told before the walker reached it:
        /// `reason` the kind ("crossing", "steps", "barrier"), `name` what was said, `distance` how far
        /// ahead it was, at (`latitude`, `longitude`), where the hazard is.
        case ahead
        /// No usable fix for `seconds` already; `gpsBack` when one arrives again.
        case gpsLost = "gps_lost"
        case gpsBack = "gps_back"
        /// The external compass was quiet for `seconds`; the belt's compass took over.
        case headingFallback = "heading_fallback"
        case headingBack = "heading_back"
        /// `distance` metres from the leg to waypoint `index`; `backOnRoute` with the distance then.
        case offRoute = "off_route"
        case backOnRoute = "back_on_route"
        /// A command (`command`, kebab-case) and where it came from (`source`: "button GPIO17 (press)",
        /// "gesture double tap", "pencil tip click", "control socket …").
        case command
        /// Where the belt pointed: the true `bearing` in degrees at (`latitude`, `longitude`).
        case belt
        /// A device's link (`device`: belt, touch-case, pencil) lost, or back.
        case linkLost = "link_lost"
        case linkBack = "link_back"
        /// An actor failed and is restarted (`device` names the actor, `reason` why).
        case restart
        /// The belt's battery (`device` belt): the charge in `percent`, `power` (`battery`,
        /// `charging`, `external`, `unknown`) and `seconds`, the time to empty on battery or to full
        /// while charging, as the belt estimates it.
        case battery
    }

    package var time: Double
    package var kind: Kind
    package var index: Int?
    package var name: String?
    package var path: String?
    package var command: String?
    package var source: String?
    package var device: String?
    package var reason: String?
    package var bearing: Double?
    package var latitude: Double?
    package var longitude: Double?
    package var distance: Double?
    package var seconds: Double?
    package var percent: Double?
    package var power: String?

    package init(time: Double, kind: Kind, index: Int? = nil, name: String? = nil, path: String? = nil,
                command: String? = nil, source: String? = nil, device: String? = nil, reason: String? = nil,
                bearing: Double? = nil, latitude: Double? = nil, longitude: Double? = nil,
                distance: Double? = nil, seconds: Double? = nil, percent: Double? = nil, power: String? = nil) {
        self.time = time
        self.kind = kind
        self.index = index
        self.name = name
        self.path = path
        self.command = command
        self.source = source
        self.device = device
        self.reason = reason
        self.bearing = bearing
        self.latitude = latitude
        self.longitude = longitude
        self.distance = distance
        self.seconds = seconds
        self.percent = percent
        self.power = power
    }
}
