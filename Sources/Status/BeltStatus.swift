/// The naviBelt: its link and what was last sent to it.
package struct BeltStatus: Sendable, Equatable, Codable {
    package var link: LinkState
    package var batteryPercent: Int?
    /// The belt's mode as FSLib names it (`navigation`, `pause`, `compass`, `wait`, …).
    package var mode: String?
    package var intensityPercent: Int?
    /// The last direction the belt was told to point, in degrees clockwise from north (or from the
    /// wearer's front when the belt does not navigate by its own compass).
    package var lastDirectionDegrees: Double?
    /// Seconds since that command left.
    package var lastSentSecondsAgo: Double?

    package init(link: LinkState, batteryPercent: Int? = nil, mode: String? = nil, intensityPercent: Int? = nil,
                lastDirectionDegrees: Double? = nil, lastSentSecondsAgo: Double? = nil) {
        self.link = link
        self.batteryPercent = batteryPercent
        self.mode = mode
        self.intensityPercent = intensityPercent
        self.lastDirectionDegrees = lastDirectionDegrees
        self.lastSentSecondsAgo = lastSentSecondsAgo
    }
}
