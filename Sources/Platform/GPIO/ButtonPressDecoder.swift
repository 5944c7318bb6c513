/// Turns debounced edges of active-low buttons (switch to ground, pull-up) into presses.
///
/// A press is reported on release, with its length deciding short or long, so one physical press
/// yields exactly one command. Edges arrive with kernel timestamps, so the length is measured by the
/// kernel, not by when we got round to reading the event.
public struct ButtonPressDecoder: Sendable {
    public struct Press: Sendable, Hashable {
        public var line: UInt32
        public var isLong: Bool
        public var length: Duration
        public var releasedAt: Duration
    }

    public let longPress: Duration
    private var debouncer: Debouncer
    private var pressedSince: [UInt32: Duration] = [:]

    public init(debounce: Duration, longPress: Duration) {
        self.debouncer = Debouncer(window: debounce)
        self.longPress = longPress
    }

    /// Feeds one edge; returns a press when this edge completes one.
    public mutating func feed(_ event: GPIOEdgeEvent) -> Press? {
        guard debouncer.accept(event) else { return nil }
        switch event.edge {
        case .falling:
            pressedSince[event.offset] = event.timestamp
            return nil
        case .rising:
            guard let since = pressedSince.removeValue(forKey: event.offset), event.timestamp >= since else { return nil }
            let length = event.timestamp - since
            return Press(line: event.offset, isLong: length >= longPress, length: length, releasedAt: event.timestamp)
        }
    }
}
