/// What `wayfinder status` shows: the running appliance's state at one moment, as the control socket
/// sends it (docs/control.md). Every part the appliance does not have (no touch case configured, no
/// route loaded yet) is nil, so a reader can tell "absent" from "zero".
///
/// The JSON form (`StatusJSON`) is versioned: `version` changes when a field changes meaning or goes
/// away; new fields may appear within a version, so a reader ignores what it does not know.
public struct StatusReport: Sendable, Equatable, Codable {
    /// The JSON form's version.
    public static let currentVersion = 1

    public var version: Int
    /// The appliance's own version string (`wayfinder --version`).
    public var wayfinderVersion: String
    /// Seconds since the appliance started.
    public var uptimeSeconds: Double
    /// Every supervised actor and input reader, in the appliance's order.
    public var actors: [ActorHealth]
    public var gps: FixStatus?
    public var heading: HeadingStatus?
    public var belt: BeltStatus?
    public var touchCase: TouchCaseStatus?
    public var pencil: PencilStatus?
    public var route: RouteStatus?
    /// The most recent warnings and errors, oldest first.
    public var warnings: [StatusWarning]

    public init(wayfinderVersion: String, uptimeSeconds: Double, actors: [ActorHealth] = [], gps: FixStatus? = nil,
                heading: HeadingStatus? = nil, belt: BeltStatus? = nil, touchCase: TouchCaseStatus? = nil,
                pencil: PencilStatus? = nil, route: RouteStatus? = nil, warnings: [StatusWarning] = []) {
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
        self.warnings = warnings
    }
}
