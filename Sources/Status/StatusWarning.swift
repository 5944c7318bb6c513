/// A warning or error the appliance logged, kept for `status`.
package struct StatusWarning: Sendable, Equatable, Codable {
    /// Seconds since the appliance started.
    package var atSeconds: Double
    /// The logger's label (`gps`, `belt`, `supervisor`).
    package var source: String
    /// `warning`, `error` or `critical`.
    package var level: String
    package var message: String
    /// How many times it was logged, when more than once (`atSeconds` is then the latest): the same
    /// warning again is counted, not listed again.
    package var times: Int?

    package init(atSeconds: Double, source: String, level: String, message: String, times: Int? = nil) {
        self.atSeconds = atSeconds
        self.source = source
        self.level = level
        self.message = message
        self.times = times
    }
}
