/// What a pulse command does with a channel's running timer (byte 14; pybelt `BeltVibrationTimerOption`).
package enum BeltPulseTimerOption: UInt8, Sendable, Hashable, CaseIterable {
    case resetTimer = 0
    /// Reset only when the new period differs from the running one.
    case resetWhenPeriodDiffers = 1
    case keepTimer = 2
}
