/// What the pipeline produced since the caller last took it: the transitions (the log) and the
/// events for the underlying consumer, each in the order they happened.
package struct GestureOutput: Sendable, Hashable {
    package var transitions: [GestureTransition] = []
    package var consumer: [ConsumerEvent] = []

    package init() {}

    package var isEmpty: Bool { transitions.isEmpty && consumer.isEmpty }
}
