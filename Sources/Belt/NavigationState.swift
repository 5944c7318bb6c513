/// FSNavigationState: the navigation controller's state (belt-protocol.md §6.10, §7.1).
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
