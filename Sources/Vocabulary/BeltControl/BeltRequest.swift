/// The app-side controls of FSNavigationController as one value, so the navigation actor can ask the
/// belt actor for any of them in one message (and a GPIO button can mirror a belt button).
package enum BeltRequest: Sendable, Hashable, CustomStringConvertible {
    case startNavigation(direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?)
    case updateNavigation(direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?)
    case pauseNavigation
    case stopNavigation
    case notifyDestinationReached(shouldStopNavigation: Bool)
    case notifyDirection(direction: Int, isMagneticBearing: Bool)
    case notifyWarning(critical: Bool)
    case notifyBatteryLevel
    /// A state of the appliance the wearer feels (docs/signals.md).
    case notifyState(WearerSignal)
    case changeDefaultIntensity(Int)
    /// A GPIO button standing in for one of the belt's own buttons (compass and power; home and pause
    /// are handled by the navigation rules, which know the route).
    case mirrorButton(BeltButton, BeltPressType)

    package var description: String {
        func dir(_ d: Int, _ m: Bool) -> String { "\(d)° \(m ? "magnetic" : "from front")" }
        switch self {
        case .startNavigation(let d, let m, let s): return "start navigation toward \(dir(d, m)) (\(s.map { "\($0)" } ?? "silent"))"
        case .updateNavigation(let d, let m, let s): return "point \(dir(d, m)) (\(s.map { "\($0)" } ?? "silent"))"
        case .pauseNavigation: return "pause navigation"
        case .stopNavigation: return "stop navigation"
        case .notifyDestinationReached: return "destination reached"
        case .notifyDirection(let d, let m): return "direction pulse \(dir(d, m))"
        case .notifyWarning(let c): return c ? "critical warning" : "warning"
        case .notifyBatteryLevel: return "battery level signal"
        case .notifyState(let s): return "\(s) signal"
        case .changeDefaultIntensity(let i): return "default intensity \(i)%"
        case .mirrorButton(let b, let p): return "\(b) button (\(p == .long ? "long" : "short"))"
        }
    }
}
