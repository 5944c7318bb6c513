/// The ten parameters of a vibration-channel configuration (FSLib-Android `ChannelConfigurationCommand.java`).
///
/// Kept at this level (not bytes) so the navigation controller is testable without the wire
/// encoder; the belt protocol codec turns it into the 18-byte FE03 write.
package struct ChannelConfiguration: Sendable, Hashable {
    /// The channel navigation signals always use (FSLib's `NAVIGATION_SIGNAL_CHANNEL`).
    package static let navigationChannel: UInt8 = 2

    package var channel: UInt8
    package var pattern: VibrationPattern
    /// Percent 0–100, or nil for the belt's default intensity (`AA AA` on the wire).
    package var intensity: Int?
    package var orientation: BeltOrientation
    /// 0 = repeat indefinitely.
    package var iterations: UInt8
    package var periodMilliseconds: UInt16
    package var startTimeMilliseconds: UInt16
    package var exclusive: Bool
    package var clearOtherChannels: Bool

    package init(channel: UInt8, pattern: VibrationPattern, intensity: Int? = nil,
                orientation: BeltOrientation, iterations: UInt8, periodMilliseconds: UInt16,
                startTimeMilliseconds: UInt16 = 0, exclusive: Bool = false, clearOtherChannels: Bool = false) {
        self.channel = channel
        self.pattern = pattern
        self.intensity = intensity
        self.orientation = orientation
        self.iterations = iterations
        self.periodMilliseconds = periodMilliseconds
        self.startTimeMilliseconds = startTimeMilliseconds
        self.exclusive = exclusive
        self.clearOtherChannels = clearOtherChannels
    }
}
