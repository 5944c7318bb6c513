/// What the belt tells us, above the byte level.
package enum BeltEvent: Sendable, Hashable {
    case connected
    case disconnected(expected: Bool)
    /// The wearer switched the belt off (a long press of its power button): it reported standby and
    /// then closed the link. Ends the connection as `.disconnected` does, and is no loss.
    case switchedOff
    case modeChanged(BeltMode)
    case buttonPressed(BeltButton, BeltPressType, previousMode: BeltMode, newMode: BeltMode)
    /// Power status, charge and time to empty or full, as the belt reported them (FE09).
    case battery(BeltBatteryStatus)
    /// The belt's default intensity, percent, as it reported it on its own (FE06 `01 02 i` or
    /// `10 00 i`): after its buttons changed it, or answering a write. Not sent for the value read
    /// in the handshake, which the appliance then overwrites with its own.
    case defaultIntensity(Int)
    /// Where the belt plays its compass-inaccurate signal (FE06 `10 03 s`): read in the handshake
    /// (reported before `.connected`) and after every write of it.
    case compassAccuracySignal(CompassAccuracySignalState)
    /// The firmware read in the handshake (FE01), reported once per connection before `.connected`.
    case firmware(BeltFirmwareInfo)
}
