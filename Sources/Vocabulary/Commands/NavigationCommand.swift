/// What the wearer can ask for: the app-side controls of FSNavigationController plus route stepping.
///
/// GPIO buttons and recognized gestures are both mapped (by configuration) to this one type, and the
/// navigation actor obeys it, so a button and a gesture that mean the same thing behave the same.
package enum NavigationCommand: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case start
    case pause
    case resume
    /// Pause when navigating, resume when paused, start when stopped.
    case togglePause
    case stop
    case nextWaypoint
    case previousWaypoint
    /// Pulse once toward the next waypoint, without changing anything.
    case announceDirection
    /// The belt plays its battery level signal (FSLib's notifyBatteryLevel).
    case announceBattery
    /// The belt's default vibration intensity one step (10 %) up or down, within 5–100 %.
    case intensityUp
    case intensityDown
    /// The next of the configuration's `[places]` becomes the destination (a route is planned to it
    /// on the map); while walking the belt pulses once toward it.
    case nextPlace
    /// Mirror of a press on one of the belt's own buttons (FSLib's `onBeltButtonPressed`).
    case beltButton(BeltButton, BeltPressType)

    package static let allCases: [NavigationCommand] =
        [.start, .pause, .resume, .togglePause, .stop, .nextWaypoint, .previousWaypoint, .announceDirection,
         .announceBattery, .intensityUp, .intensityDown, .nextPlace]
        + BeltButton.allCases.flatMap { b in BeltPressType.allCases.map { .beltButton(b, $0) } }

    /// The name used in the configuration file, e.g. `"next-waypoint"` or `"belt-power-long"`.
    package var configName: String {
        switch self {
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .togglePause: "toggle-pause"
        case .stop: "stop"
        case .nextWaypoint: "next-waypoint"
        case .previousWaypoint: "previous-waypoint"
        case .announceDirection: "announce-direction"
        case .announceBattery: "announce-battery"
        case .intensityUp: "intensity-up"
        case .intensityDown: "intensity-down"
        case .nextPlace: "next-place"
        case .beltButton(let b, .short): "belt-\(b)"
        case .beltButton(let b, .long): "belt-\(b)-long"
        }
    }

    package init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    package var description: String { configName }
}
