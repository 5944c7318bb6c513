/// The naviBelt: its link and what was last sent to it.
public struct BeltStatus: Sendable, Equatable, Codable {
    public var link: LinkState
    public var batteryPercent: Int?
    /// The belt's mode as FSLib names it (`navigation`, `pause`, `compass`, `wait`, …).
    public var mode: String?
    public var intensityPercent: Int?
    /// The last direction the belt was told to point, in degrees clockwise from north (or from the
    /// wearer's front when the belt does not navigate by its own compass).
    public var lastDirectionDegrees: Double?
    /// Seconds since that command left.
    public var lastSentSecondsAgo: Double?

    public init(link: LinkState, batteryPercent: Int? = nil, mode: String? = nil, intensityPercent: Int? = nil,
                lastDirectionDegrees: Double? = nil, lastSentSecondsAgo: Double? = nil) {
        self.link = link
        self.batteryPercent = batteryPercent
        self.mode = mode
        self.intensityPercent = intensityPercent
        self.lastDirectionDegrees = lastDirectionDegrees
        self.lastSentSecondsAgo = lastSentSecondsAgo
    }
}
