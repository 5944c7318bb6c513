/// `[signals]`: which signals the wearer feels, and how the lasting ones are damped and repeated
/// (docs/signals.md).
package struct SignalSettings: Sendable, Hashable {
    /// The state signals turned off (`[signals] <name> = false`).
    package var disabled: Set<WearerSignal> = []
    /// A lost link (touch case, pen) is told only once the loss has lasted this long: a link that
    /// drops and comes back within it is a blip the wearer need not feel.
    package var lostAfter: Duration = .seconds(5)
    /// The same signal is played at most once in this long; a loss that returns within it is told
    /// when the interval is up, if it still lasts.
    package var minimumInterval: Duration = .seconds(30)
    /// A state that lasts (a link still lost, GPS still lost, a battery still low) is told again
    /// this often.
    package var repeatInterval: Duration = .seconds(300)

    package static let lostAfterRange = 0.0...600.0
    package static let minimumIntervalRange = 1.0...3600.0
    package static let repeatIntervalRange = 10.0...86400.0

    package init(disabled: Set<WearerSignal> = [], lostAfter: Duration = .seconds(5),
                 minimumInterval: Duration = .seconds(30), repeatInterval: Duration = .seconds(300)) {
        self.disabled = disabled
        self.lostAfter = lostAfter
        self.minimumInterval = minimumInterval
        self.repeatInterval = repeatInterval
    }

    package func isEnabled(_ signal: WearerSignal) -> Bool { !disabled.contains(signal) }
}
