/// A state of the appliance the wearer feels on the belt: the wearer has no screen, so each of these
/// has a vibration of its own (docs/signals.md). `Belt` maps each to what the belt plays
/// (`WearerSignal.beltCommand`); the signal scheduler (Runtime's `StateSignals`) decides when.
package enum WearerSignal: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case walkStarted = "walk_started"
    case walkPaused = "walk_paused"
    case walkStopped = "walk_stopped"
    case gpsLost = "gps_lost"
    case offRoute = "off_route"
    case touchCaseLost = "touch_case_lost"
    case touchCaseBack = "touch_case_back"
    case penLost = "pen_lost"
    case penBack = "pen_back"
    case beltBatteryLow = "belt_battery_low"
    case penBatteryLow = "pen_battery_low"
    case piSupplyLow = "pi_supply_low"
    /// On a planned route: a crossing, steps or a barrier within `[route] notice_m` ahead.
    case crossingAhead = "crossing_ahead"
    case stepsAhead = "steps_ahead"
    case barrierAhead = "barrier_ahead"

    /// The `[signals]` key that turns it off.
    package var configKey: String { rawValue }

    package var description: String { String(rawValue.map { $0 == "_" ? " " : $0 }) }
}
