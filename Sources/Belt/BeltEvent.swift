/// What the belt tells us, above the byte level.
package enum BeltEvent: Sendable, Hashable {
    case connected
    case disconnected(expected: Bool)
    case modeChanged(BeltMode)
    case buttonPressed(BeltButton, BeltPressType, previousMode: BeltMode, newMode: BeltMode)
    /// Battery charge in percent.
    case battery(percent: Int)
}
