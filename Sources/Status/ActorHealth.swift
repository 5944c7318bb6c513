/// One supervised actor or input reader, as the supervisor sees it.
package struct ActorHealth: Sendable, Equatable, Codable {
    package enum State: String, Sendable, Equatable, Codable {
        case starting, running, restarting, failed, stopped
    }

    package var name: String
    package var state: State
    /// While restarting: seconds until the next attempt.
    package var nextAttemptInSeconds: Double?
    /// Why it is restarting or failed.
    package var reason: String?
    /// How many times it has been restarted since the appliance started.
    package var restarts: Int

    package init(name: String, state: State, nextAttemptInSeconds: Double? = nil, reason: String? = nil, restarts: Int = 0) {
        self.name = name
        self.state = state
        self.nextAttemptInSeconds = nextAttemptInSeconds
        self.reason = reason
        self.restarts = restarts
    }
}
