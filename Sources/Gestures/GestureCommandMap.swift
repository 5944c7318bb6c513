import Navigation

/// The configurable gesture → command table of the gesture actor.
public struct GestureCommandMap: Sendable, Hashable {
    public private(set) var bindings: [RecognizedGesture: NavigationCommand]

    public init(_ bindings: [RecognizedGesture: NavigationCommand] = [:]) {
        self.bindings = bindings
    }

    /// The command a gesture stands for; nil means the gesture is deliberately unbound.
    public func command(for gesture: RecognizedGesture) -> NavigationCommand? {
        bindings[gesture]
    }

    /// Defaults chosen so that no single accidental touch stops a walk: stop needs a long press.
    public static let defaults = GestureCommandMap([
        .doubleTap: .togglePause,
        .longPress: .stop,
        .swipe(.right): .nextWaypoint,
        .swipe(.left): .previousWaypoint,
        .tap: .announceDirection,
    ])
}
