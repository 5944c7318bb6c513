/// The parameters of the pulse command, FE03 `0x40`, 17 bytes (firmware ≥ 45; FSLib-Android
/// `PulseCommand.java` and pybelt `send_pulse_command` only).
///
/// A pulse series is `pulseIterations` pulses of `onDurationMilliseconds`, one every
/// `pulsePeriodMilliseconds`; the series repeats every `seriesPeriodMilliseconds`.
package struct PulseConfiguration: Sendable, Hashable {
    package var channel: UInt8
    package var orientation: BeltOrientation
    /// Percent 0–100, or nil for the belt's default (`AA`, a single byte here, unlike FE03 channel
    /// configurations).
    package var intensity: Int?
    package var onDurationMilliseconds: UInt16
    /// Pulses per series.
    package var pulseIterations: UInt8
    /// Series; 0 = repeat indefinitely, otherwise 1–127.
    package var seriesIterations: UInt8
    package var pulsePeriodMilliseconds: UInt16
    package var seriesPeriodMilliseconds: UInt16
    package var timerOption: BeltPulseTimerOption
    package var exclusive: Bool
    package var clearOtherChannels: Bool

    package init(channel: UInt8, orientation: BeltOrientation, intensity: Int? = nil,
                onDurationMilliseconds: UInt16, pulseIterations: UInt8 = 1, seriesIterations: UInt8,
                pulsePeriodMilliseconds: UInt16, seriesPeriodMilliseconds: UInt16,
                timerOption: BeltPulseTimerOption = .resetTimer, exclusive: Bool = false,
                clearOtherChannels: Bool = false) {
        self.channel = channel
        self.orientation = orientation
        self.intensity = intensity
        self.onDurationMilliseconds = onDurationMilliseconds
        self.pulseIterations = pulseIterations
        self.seriesIterations = seriesIterations
        self.pulsePeriodMilliseconds = pulsePeriodMilliseconds
        self.seriesPeriodMilliseconds = seriesPeriodMilliseconds
        self.timerOption = timerOption
        self.exclusive = exclusive
        self.clearOtherChannels = clearOtherChannels
    }
}
