/// FSNavigationState: the navigation controller's state (FSLib-iOS `FSNavigationController.swift`).
package enum NavigationState: Int, Sendable, Hashable, CustomStringConvertible {
    case stopped = 0
    case paused = 1
    case navigating = 2

    package var description: String {
        switch self {
        case .stopped: "stopped"
        case .paused: "paused"
        case .navigating: "navigating"
        }
    }
}
