/// What the session dropped or corrected, by cause: garbage from the case is counted, never fatal.
package struct TouchCaseCounters: Sendable, Hashable {
    /// Notifications whose length is zero or not a multiple of 5 (dropped whole, as FuffrLib's
    /// `FFRCaseHandler.m` does).
    package var malformedNotifications = 0
    /// Notifications from a characteristic that carries no touches.
    package var foreignNotifications = 0
    /// Records whose id maps to no side: touches per side is 0 (power save, or a reconfiguration in
    /// progress), or the id lies beyond the 4·n slots (`TouchSlots`). FuffrLib would divide by zero or
    /// index past its table.
    package var unmappedRecords = 0
    /// Records with raw coordinates beyond full scale, clamped into [0, 1].
    package var clampedCoordinates = 0
    /// Touches ended because nothing was heard of them for the silence timeout (as in FuffrLib's
    /// `FFRTrackingHandler.m`).
    package var silentEnds = 0
    /// Records accepted (id mapped to a side).
    package var records = 0

    package init() {}
}
