import Navigation

/// One GPIO button: a header line and what a short and a long press mean.
public struct ButtonBinding: Sendable, Hashable {
    /// BCM GPIO number = line offset on the header chip.
    public var line: Int
    public var press: NavigationCommand?
    public var longPress: NavigationCommand?

    public init(line: Int, press: NavigationCommand?, longPress: NavigationCommand? = nil) {
        self.line = line
        self.press = press
        self.longPress = longPress
    }
}

public struct ButtonConfiguration: Sendable, Hashable {
    /// Edges closer than this to the previous accepted edge on a line are contact bounce.
    public var debounce: Duration
    /// Held at least this long, a press is a long press.
    public var longPress: Duration
    public var bindings: [ButtonBinding]

    public init(debounce: Duration = .milliseconds(30), longPress: Duration = .milliseconds(800),
                bindings: [ButtonBinding] = []) {
        self.debounce = debounce
        self.longPress = longPress
        self.bindings = bindings
    }

    public func binding(forLine line: Int) -> ButtonBinding? { bindings.first { $0.line == line } }
}
