/// The naviBelt: its link, what the belt reported of itself, and what was last sent to it.
package struct BeltStatus: Sendable, Equatable, Codable {
    package var link: LinkState
    /// The last charge the belt reported; absent when it never reported one a battery can have.
    package var batteryPercent: Int?
    /// Where the belt's power comes from (FSLib-iOS `FSPowerStatus`): `battery`, `charging`,
    /// `external` (full and on USB) or `unknown` (the belt said so, or sent a value that is none of these).
    package var power: String?
    /// On battery: how long the belt says the charge lasts.
    package var timeToEmptySeconds: Double?
    /// Charging: how long the belt says until it is full.
    package var timeToFullSeconds: Double?
    /// The belt's mode as FSLib names it (`navigation`, `pause`, `compass`, `wait`, …).
    package var mode: String?
    package var intensityPercent: Int?
    /// The belt's firmware version (FE01), `52` or `52 variant 1`; absent while not connected.
    package var firmwareRevision: String?
    /// Whether the belt plays its compass-inaccurate signal in app mode, where it guides; absent
    /// while not connected or not yet reported.
    package var compassAccuracySignal: Bool?
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
