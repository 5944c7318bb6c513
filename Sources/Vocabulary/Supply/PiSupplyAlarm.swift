/// When the Pi's supply trouble starts, changes and ends, from one reading after another: what the
/// appliance logs (a warning when a condition starts, a notice when they have all ended). Pure.
///
/// Only the conditions that hold now count. The "has occurred" bits stay set until boot (or the
/// `rpi_volt` driver's next poll clears them): they say something happened between two readings,
/// which the status shows, not something to warn about again and again.
package struct PiSupplyAlarm: Sendable {
    package enum Change: Sendable, Equatable {
        /// Conditions started (or more of them hold than before): all that hold now, in words.
        case started([String])
        /// Every condition ended.
        case ended
    }

    /// What held at the last reading.
    package private(set) var holding: ThrottledFlags = []

    package init() {}

    /// The reading taken now; nil when nothing worth a log line changed (the same trouble, fewer of
    /// several conditions, or still nothing).
    package mutating func update(_ supply: PiSupply) -> Change? {
        let now = supply.flags.now
        defer { holding = now }
        if now.isEmpty { return holding.isEmpty ? nil : .ended }
        return now.isSubset(of: holding) ? nil : .started(now.nowInWords)
    }
}
