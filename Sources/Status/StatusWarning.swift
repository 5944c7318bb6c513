/// A warning or error the appliance logged, kept for `status`.
public struct StatusWarning: Sendable, Equatable, Codable {
    /// Seconds since the appliance started.
    public var atSeconds: Double
    /// The logger's label (`gps`, `belt`, `supervisor`).
    public var source: String
    /// `warning`, `error` or `critical`.
    public var level: String
    public var message: String

    public init(atSeconds: Double, source: String, level: String, message: String) {
        self.atSeconds = atSeconds
        self.source = source
        self.level = level
        self.message = message
    }
}
