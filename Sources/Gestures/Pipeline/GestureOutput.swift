/// What the pipeline produced since the caller last took it: the transitions (the log) and the
/// events for the underlying consumer, each in the order they happened.
public struct GestureOutput: Sendable, Hashable {
    public var transitions: [GestureTransition] = []
    public var consumer: [ConsumerEvent] = []

    public init() {}

    public var isEmpty: Bool { transitions.isEmpty && consumer.isEmpty }
}
