/// The ten parameters of a vibration-channel configuration (FSLib-Android `ChannelConfigurationCommand.java`).
///
/// Kept at this level (not bytes) so the navigation controller is testable without the wire
/// encoder; the belt protocol codec turns it into the 18-byte FE03 write.
public struct ChannelConfiguration: Sendable, Hashable {
    /// The channel navigation signals always use (FSLib's `NAVIGATION_SIGNAL_CHANNEL`).
    public static let navigationChannel: UInt8 = 2

    public var channel: UInt8
    public var pattern: VibrationPattern
    /// Percent 0–100, or nil for the belt's default intensity (`AA AA` on the wire).
    public var intensity: Int?
    public var orientation: BeltOrientation
    /// 0 = repeat indefinitely.
    public var iterations: UInt8
    public var periodMilliseconds: UInt16
    public var startTimeMilliseconds: UInt16
    public var exclusive: Bool
    public var clearOtherChannels: Bool

    public init(channel: UInt8, pattern: VibrationPattern, intensity: Int? = nil,
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
