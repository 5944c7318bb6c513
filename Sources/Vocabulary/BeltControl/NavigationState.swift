/// FSNavigationState: the navigation controller's state (FSLib-iOS `FSNavigationController.swift`).
public enum NavigationState: Int, Sendable, Hashable, CustomStringConvertible {
    case stopped = 0
    case paused = 1
    case navigating = 2

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .paused: "paused"
        case .navigating: "navigating"
        }
    }
}
