/// A warning or error the appliance logged, kept for `status`.
public struct StatusWarning: Sendable, Equatable, Codable {
    /// Seconds since the appliance started.
    public var atSeconds: Double
    /// The logger's label (`gps`, `belt`, `supervisor`).
    public var source: String
    /// `warning`, `error` or `critical`.
    public var level: String
    public var message: String
    /// How many times it was logged, when more than once (`atSeconds` is then the latest): the same
    /// warning again is counted, not listed again.
    public var times: Int?

    public init(atSeconds: Double, source: String, level: String, message: String, times: Int? = nil) {
        self.atSeconds = atSeconds
        self.source = source
        self.level = level
        self.message = message
        self.times = times
    }
}
