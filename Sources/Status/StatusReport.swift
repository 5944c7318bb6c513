/// What `wayfinder status` shows: the running appliance's state at one moment, as the control socket
/// sends it (docs/control.md). Every part the appliance does not have (no touch case configured, no
/// route loaded yet) is nil, so a reader can tell "absent" from "zero".
///
/// The JSON form (`StatusJSON`) is versioned: `version` changes when a field changes meaning or goes
/// away; new fields may appear within a version, so a reader ignores what it does not know.
package struct StatusReport: Sendable, Equatable, Codable {
    /// The JSON form's version.
    package static let currentVersion = 1

    package var version: Int
    /// The appliance's own version string (`wayfinder --version`).
    package var wayfinderVersion: String
    /// Seconds since the appliance started.
    package var uptimeSeconds: Double
    /// Every supervised actor and input reader, in the appliance's order.
    package var actors: [ActorHealth]
    package var gps: FixStatus?
    package var heading: HeadingStatus?
    package var belt: BeltStatus?
    package var touchCase: TouchCaseStatus?
    package var pencil: PencilStatus?
    package var route: RouteStatus?
    /// The Pi's own supply, on a board whose kernel reports it.
    package var supply: SupplyStatus?
    /// The outbox, when `[upload]` is configured.
    package var upload: UploadStatus?
    /// The most recent warnings and errors, oldest first.
    package var warnings: [StatusWarning]

    package init(wayfinderVersion: String, uptimeSeconds: Double, actors: [ActorHealth] = [], gps: FixStatus? = nil,
                heading: HeadingStatus? = nil, belt: BeltStatus? = nil, touchCase: TouchCaseStatus? = nil,
                pencil: PencilStatus? = nil, route: RouteStatus? = nil, supply: SupplyStatus? = nil,
                upload: UploadStatus? = nil, warnings: [StatusWarning] = []) {
        version = Self.currentVersion
        self.wayfinderVersion = wayfinderVersion
        self.uptimeSeconds = uptimeSeconds
        self.actors = actors
        self.gps = gps
        self.heading = heading
        self.belt = belt
        self.touchCase = touchCase
        self.pencil = pencil
        self.route = route
        self.supply = supply
        self.upload = upload
        self.warnings = warnings
    }
}
