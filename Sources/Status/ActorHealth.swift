/// One supervised actor or input reader, as the supervisor sees it.
public struct ActorHealth: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Equatable, Codable {
        case starting, running, restarting, failed, stopped
    }

    public var name: String
    public var state: State
    /// While restarting: seconds until the next attempt.
    public var nextAttemptInSeconds: Double?
    /// Why it is restarting or failed.
    public var reason: String?
    /// How many times it has been restarted since the appliance started.
    public var restarts: Int

    public init(name: String, state: State, nextAttemptInSeconds: Double? = nil, reason: String? = nil, restarts: Int = 0) {
        self.name = name
        self.state = state
        self.nextAttemptInSeconds = nextAttemptInSeconds
        self.reason = reason
        self.restarts = restarts
    }
}
