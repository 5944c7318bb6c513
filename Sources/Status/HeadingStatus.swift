/// Which compass the guidance trusts, and how well.
package struct HeadingStatus: Sendable, Equatable, Codable {
    package enum Source: String, Sendable, Equatable, Codable {
        /// The belt points by its own compass (`heading_source = "belt"`).
        case belt
        /// The Pi's compass (`heading_source = "external"`).
        case external
    }

    package var source: Source
    /// The estimated accuracy of the external compass's headings, in degrees; nil for the belt's.
    package var accuracyDegrees: Double?
    /// Seconds since the latest heading from the external compass.
    package var ageSeconds: Double?

    package init(source: Source, accuracyDegrees: Double? = nil, ageSeconds: Double? = nil) {
        self.source = source
        self.accuracyDegrees = accuracyDegrees
        self.ageSeconds = ageSeconds
    }
}
