/// A failure injected on purpose (the simulated board's `fail_actor` event), to exercise supervision.
public struct InjectedFailure: Error, CustomStringConvertible {
    public let actor: String

    public var description: String { "injected failure (simulation script)" }
}
