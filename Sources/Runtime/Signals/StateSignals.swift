import Vocabulary

/// When the wearer feels a state of the appliance: state changes and time in, signals out. Pure and
/// synchronous; `SignalActor` feeds it and hands what it returns to the belt.
///
/// The rules (docs/signals.md, "Damping and repetition"):
/// - the walk's start, pause and stop are the wearer's own doing and are played at once;
/// - a lasting state (a lost link, GPS lost, off route, a low battery, a weak supply) is played when
///   it begins, then again every `repeatInterval` while it lasts;
/// - a lost link is played only once the loss has lasted `lostAfter`: one that comes back sooner
///   is not felt at all;
/// - the same signal is played at most once per `minimumInterval`; a state that begins again within
///   it is played when the interval is up, if it still lasts then;
/// - "back" is played when a link whose loss was played comes back, so the wearer is never left
///   believing in a loss that ended; a loss that was never played has no "back".
/// With these, a link that flaps is felt at most twice (lost, back) per `minimumInterval`.
package struct StateSignals: Sendable {
    package var settings: SignalSettings

    /// The lasting states, each with its own loss signal.
    enum Condition: CaseIterable, Hashable {
        case gps, offRoute, touchCase, pen, beltBattery, penBattery, piSupply

        var lost: WearerSignal {
            switch self {
            case .gps: .gpsLost
            case .offRoute: .offRoute
            case .touchCase: .touchCaseLost
            case .pen: .penLost
            case .beltBattery: .beltBatteryLow
            case .penBattery: .penBatteryLow
            case .piSupply: .piSupplyLow
            }
        }

        var back: WearerSignal? {
            switch self {
            case .touchCase: .touchCaseBack
            case .pen: .penBack
            default: nil
            }
        }

        /// Links are damped by `lostAfter`; the others arrive already debounced (the fix timeout, the
        /// off-route delay, a battery band, the supply's two readings).
        var isLink: Bool { self == .touchCase || self == .pen }
    }

    struct Active: Hashable {
        /// When the loss signal is next due (first, deferred or repeated); nil when it is never.
        var due: Duration?
        /// Whether this loss has been played, so its end is played too.
        var told = false
    }

    private(set) var active: [Condition: Active] = [:]
    private(set) var lastPlayed: [WearerSignal: Duration] = [:]

    package init(settings: SignalSettings = SignalSettings()) {
        self.settings = settings
    }

    /// When `tick` next has something to play; nil when nothing lasts.
    package var nextDue: Duration? { active.values.compactMap(\.due).min() }

    /// A state changed at `now`: what to play now.
    package mutating func handle(_ change: StateChange, now: Duration) -> [WearerSignal] {
        var out: [WearerSignal] = []
        switch change {
        case .walk(let state):
            let signal: WearerSignal = switch state {
            case .navigating: .walkStarted
            case .paused: .walkPaused
            case .stopped: .walkStopped
            }
            if state != .navigating {
                // GPS and the route matter only during a walk; guidance tells them again in the next.
                active[.gps] = nil
                active[.offRoute] = nil
            }
            if settings.isEnabled(signal) { out.append(play(signal, now: now)) }
        case .gps(let lost): out += set(.gps, lost, now: now)
        case .offRoute(let off): out += set(.offRoute, off, now: now)
        case .touchCase(let connected): out += set(.touchCase, !connected, now: now)
        case .pen(let connected): out += set(.pen, !connected, now: now)
        case .beltBattery(let low): out += set(.beltBattery, low, now: now)
        case .penBattery(let low): out += set(.penBattery, low, now: now)
        case .piSupply(let low): out += set(.piSupply, low, now: now)
        case .ahead(let signal):
            if settings.isEnabled(signal) { out.append(play(signal, now: now)) }
        }
        return out + tick(now: now)
    }

    /// Time passing: the losses, deferred signals and repetitions due by `now`.
    package mutating func tick(now: Duration) -> [WearerSignal] {
        var out: [WearerSignal] = []
        for condition in Condition.allCases {
            guard var state = active[condition], let due = state.due, due <= now else { continue }
            let signal = condition.lost
            if let last = lastPlayed[signal], now - last < settings.minimumInterval {
                state.due = last + settings.minimumInterval
            } else {
                out.append(play(signal, now: now))
                state.told = true
                state.due = now + settings.repeatInterval
            }
            active[condition] = state
        }
        return out
    }

    private mutating func set(_ condition: Condition, _ on: Bool, now: Duration) -> [WearerSignal] {
        if on {
            guard active[condition] == nil else { return [] }
            let enabled = settings.isEnabled(condition.lost)
            active[condition] = Active(due: enabled ? now + (condition.isLink ? settings.lostAfter : .zero) : nil)
            return []
        }
        guard let state = active.removeValue(forKey: condition) else { return [] }
        guard state.told, let back = condition.back, settings.isEnabled(back) else { return [] }
        return [play(back, now: now)]
    }

    private mutating func play(_ signal: WearerSignal, now: Duration) -> WearerSignal {
        lastPlayed[signal] = now
        return signal
    }
}
