/// How long to wait between polls of a u-blox receiver's DDC port while no walk navigates: rarely,
/// but before its output buffer fills.
///
/// Nothing steers by the fixes then; only the status shows the latest. The receiver keeps writing one
/// burst per epoch into its DDC output buffer and drops what does not fit. The buffer is taken as
/// 4 kB: u-blox's interface descriptions speak of a port's allocated TX memory in those terms
/// (`UBX-CFG-PRT`, the extended TX timeout at 4 kB), and the simulated receiver models that much
/// (`UBloxDDCDevice`); no figure for the DDC port alone was found in u-blox's documents.
/// So between drains this waits `period` (4 s), and
/// less when the bursts are big: it measures the bytes that arrived per second between the starts of
/// two drains and waits no longer than the receiver takes to write `budget` bytes (2 KiB, half the
/// buffer; bursts land whole, so a drain may find one more), and never less than `shortest` (1 s, the
/// receiver's default epoch). Before it has measured
/// a rate it waits `shortest`, so the first idle drain already measures one.
///
/// A poll that found data is followed at the epoch schedule's pace (`DDCPollSchedule`'s 100 ms),
/// so a burst is read to its end and marked, and the status's fix is a whole epoch. The rule is fed
/// every poll, also while navigating, so it knows the rate when the walk stops.
package struct DDCIdlePolls: Sendable, Hashable {
    /// The longest wait between drains.
    package var period: Duration
    /// The shortest wait between drains.
    package var shortest: Duration
    /// The most bytes left to wait in the receiver's buffer.
    package var budget: Int
    /// The bytes the receiver wrote per second, from the last two drains; nil until measured.
    package private(set) var bytesPerSecond: Double?
    /// When the drain under way found its first data; nil between drains.
    private var drainStart: Duration?
    private var drained = 0
    private var lastDrainStart: Duration?

    /// Half of the 4 kB taken for a u-blox receiver's DDC output buffer.
    package static let defaultBudget = 2048

    package init(period: Duration = .seconds(4), shortest: Duration = .seconds(1), budget: Int = defaultBudget) {
        self.shortest = max(shortest, DDCPollSchedule.minimumWait)
        self.period = max(period, self.shortest)
        self.budget = max(budget, 1)
    }

    /// Forgets the rate: after a failed transfer the receiver may have restarted with other output.
    package mutating func reset() {
        self = DDCIdlePolls(period: period, shortest: shortest, budget: budget)
    }

    /// The wait before the next poll while no walk navigates, after a poll at `now` that read `bytes`
    /// stream bytes; `scheduled` is what the epoch schedule would wait after the same poll.
    package mutating func next(afterReading bytes: Int, scheduled: Duration, at now: Duration) -> Duration {
        if bytes > 0 {
            if drainStart == nil { drainStart = now }
            drained += max(bytes, 0)
            return scheduled
        }
        if let start = drainStart {
            if let last = lastDrainStart, start > last {
                bytesPerSecond = Double(drained) / ((start - last) / .seconds(1))
            }
            lastDrainStart = start
            drainStart = nil
            drained = 0
        }
        return betweenDrains
    }

    /// How much later than its wait (`betweenDrains`) a drain may come: what is left of three quarters
    /// of the time the receiver takes to write `budget` at the measured rate, at most
    /// `maximumLeeway`; none before a rate is measured, and none when the budget already sets the
    /// wait. The drain then shares a wake-up the event loop makes anyway (the belt's keep-alive,
    /// every 2 s) instead of waking it on its own, and a drain that comes that late finds no more
    /// than an on-time one may. Three quarters: bursts land whole, so a rate measured between two
    /// drains can read low by a burst.
    ///
    /// The poll that marks the drained burst's end (100 ms after data) gets none: later, it would
    /// find the next burst instead of the end, and the status's fix would wait for a poll that finds
    /// the receiver empty.
    package var leeway: Duration {
        guard let rate = bytesPerSecond else { return .zero }
        let wait = betweenDrains
        guard rate > 0 else { return Self.maximumLeeway }
        let seconds = Double(budget) / rate * 3 / 4
        guard seconds.isFinite, seconds < (wait + Self.maximumLeeway) / .seconds(1) else { return Self.maximumLeeway }
        return max(.zero, .seconds(seconds) - wait)
    }

    /// The most a drain may come late: the belt's keep-alive period.
    package static let maximumLeeway: Duration = .seconds(2)

    /// The wait between the end of one drain and the next poll.
    package var betweenDrains: Duration {
        guard let rate = bytesPerSecond else { return shortest }
        guard rate > 0 else { return period }
        let seconds = Double(budget) / rate
        guard seconds.isFinite, seconds < period / .seconds(1) else { return period }
        return max(shortest, .seconds(seconds))
    }
}
