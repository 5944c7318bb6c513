/// Switch events → clicks. A release is held back 5 ms, the SDK's debounce (`Classification/PenEvents.cpp`):
/// a press that follows within it was contact bounce, and the click goes on.
package struct PenClickDecoder: Sendable {
    private var pressedAt: [PenSwitch: Duration] = [:]
    private var pendingRelease: [PenSwitch: Duration] = [:]

    package init() {}

    /// When `advance` is next due (a held-back release).
    package var deadline: Duration? { pendingRelease.values.min().map { $0 + PenEventLog.debounce } }

    package mutating func handle(_ event: PenSwitchEvent) -> [PenClick] {
        var clicks = advance(to: event.at)
        if event.isPressed {
            if let up = pendingRelease[event.pen], event.at - up < PenEventLog.debounce {
                pendingRelease[event.pen] = nil           // bounce: still the same press
            } else if pressedAt[event.pen] == nil {
                pressedAt[event.pen] = event.at
            }
        } else if pressedAt[event.pen] != nil {
            pendingRelease[event.pen] = event.at
        }
        clicks += advance(to: event.at)
        return clicks
    }

    /// Releases whose debounce has passed become clicks.
    package mutating func advance(to now: Duration) -> [PenClick] {
        var clicks: [PenClick] = []
        for pen in PenSwitch.allCases {
            guard let up = pendingRelease[pen], now - up >= PenEventLog.debounce, let down = pressedAt[pen] else { continue }
            clicks.append(PenClick(pen: pen, pressedAt: down, releasedAt: up))
            pendingRelease[pen] = nil
            pressedAt[pen] = nil
        }
        return clicks
    }

    /// The link went down: a press in progress is forgotten, not clicked.
    package mutating func reset() {
        pressedAt.removeAll()
        pendingRelease.removeAll()
    }
}
