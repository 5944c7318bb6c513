/// When the Pi's supply trouble starts, grows and ends, from one reading after another: what the
/// appliance logs (a warning when a condition starts, a notice when it has ended). Pure.
///
/// Only the conditions that hold now count. The "has occurred" bits stay set until boot (or the
/// `rpi_volt` driver's next poll clears them): they say something happened between two readings,
/// which the status shows, not something to warn about again and again.
///
/// Trouble ends after `clearReadings` readings in a row without it. `rpi_volt` sees only the 2 s
/// before each reading, so a supply that sags under bursts of load reads troubled and clear by
/// turns; one warning then stands for the whole episode rather than a warning and a notice a minute.
package struct PiSupplyAlarm: Sendable {
    package enum Change: Sendable, Equatable {
        /// Conditions started (or one that was not warned about joined): all that hold now, in words.
        case started([String])
        /// No condition has held for `clearReadings` readings.
        case ended
    }

    /// Readings in a row without trouble that end it.
    package static let clearReadings = 2

    /// The conditions warned about since the trouble started; empty when there is none.
    package private(set) var holding: ThrottledFlags = []
    private var clearInARow = 0

    package init() {}

    /// The reading taken now; nil when nothing worth a log line changed (the same trouble or part of
    /// it, trouble not yet over, or still nothing).
    package mutating func update(_ supply: PiSupply) -> Change? {
        let now = supply.flags.now
        guard !now.isEmpty else {
            guard !holding.isEmpty else { return nil }
            clearInARow += 1
            guard clearInARow >= Self.clearReadings else { return nil }
            holding = []
            clearInARow = 0
            return .ended
        }
        clearInARow = 0
        guard !now.isSubset(of: holding) else { return nil }
        holding.formUnion(now)
        return .started(now.nowInWords)
    }
}
