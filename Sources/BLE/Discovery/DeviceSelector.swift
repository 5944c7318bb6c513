/// Chooses the one device of a kind to connect to, from discovery updates and the time.
///
/// - A fixed address is chosen the moment it is seen; nothing else ever is.
/// - With rules, the first matching device opens a window of `rule.selectionWindow`. Every match
///   seen before the window closes is a candidate; when it closes, the candidate with the strongest
///   newest RSSI is chosen (ties: the earliest match). This is FuffrLib's 1 s rule (FFRTouchManager.m);
///   using each candidate's newest RSSI is the Linux equivalent, since BlueZ reports a device
///   repeatedly where CoreBluetooth reports it once.
/// - A device that stops matching (its full name arrived and does not fit) drops out.
/// - A device that matches no rule is never chosen.
///
/// Sans-I/O: fed merged devices and `now` (session time); the actor asks `deadline` when to call
/// `poll` again. After a choice the selector stays decided until `reset()`, for the next connection.
package struct DeviceSelector: Sendable {
    package let rule: DiscoveryRule
    package private(set) var chosen: DiscoveredDevice?
    /// When the open window closes (session time); nil when no window is open.
    package private(set) var deadline: Duration?
    private var candidates: [DiscoveredDevice.ID: DiscoveredDevice] = [:]
    private var matchOrder: [DiscoveredDevice.ID] = []

    package init(rule: DiscoveryRule) {
        self.rule = rule
    }

    /// Takes the newest merged state of a device seen at `now`; returns the device chosen by this
    /// call (the fixed address, a window that closed, or a zero window), else nil.
    package mutating func consider(_ device: DiscoveredDevice, now: Duration) -> DiscoveredDevice? {
        guard chosen == nil else { return nil }
        // A report at or after the deadline is too late for the window it would have joined.
        if let decided = poll(now: now) { return decided }
        guard rule.matches(device) else {
            if candidates.removeValue(forKey: device.id) != nil { matchOrder.removeAll { $0 == device.id } }
            return nil
        }
        if rule.address != nil {
            chosen = device
            return device
        }
        if candidates[device.id] == nil { matchOrder.append(device.id) }
        candidates[device.id] = device
        if deadline == nil { deadline = now + max(rule.selectionWindow, .zero) }
        return poll(now: now)
    }

    /// Closes the window if `now` has reached its deadline; returns the device chosen then.
    package mutating func poll(now: Duration) -> DiscoveredDevice? {
        guard chosen == nil, let deadline, now >= deadline else { return nil }
        self.deadline = nil
        let strongest = matchOrder.compactMap { candidates[$0] }.enumerated().max { lhs, rhs in
            let l = lhs.element.rssi.map(Int.init) ?? Int.min
            let r = rhs.element.rssi.map(Int.init) ?? Int.min
            return l != r ? l < r : lhs.offset > rhs.offset
        }?.element
        candidates = [:]
        matchOrder = []
        chosen = strongest
        return strongest
    }

    /// How long until `poll` should be called, or nil when nothing is pending.
    package func timeUntilDeadline(now: Duration) -> Duration? {
        deadline.map { max($0 - now, .zero) }
    }

    /// Forgets the choice and any open window, to select again (after a lost connection).
    package mutating func reset() {
        chosen = nil
        deadline = nil
        candidates = [:]
        matchOrder = []
    }
}
