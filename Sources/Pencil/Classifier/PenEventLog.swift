/// The classifier's log of switch events with the SDK's debounce (`Classification/PenEvents.cpp`): an
/// up followed by a down less than 5 ms later is spurious and both are dropped, so an up is held 5 ms
/// before it is logged.
package struct PenEventLog: Sendable {
    package struct Entry: Sendable, Hashable {
        package var pen: PenSwitch
        package var isDown: Bool
        package var at: Duration
    }

    package static let debounce: Duration = .milliseconds(5)
    /// How long entries are kept: the widest window any touch looks at (1 s) plus a touch's 2 s life.
    package static let retention: Duration = .seconds(4)

    package private(set) var entries: [Entry] = []
    private var pendingUp: [PenSwitch: Duration] = [:]
    /// Up/down pairs dropped as bounce.
    package private(set) var bouncesDropped = 0

    package init() {}

    package mutating func log(_ event: PenSwitchEvent) {
        flush(now: event.at)
        if event.isPressed {
            if let up = pendingUp[event.pen], event.at - up < Self.debounce {
                pendingUp[event.pen] = nil
                bouncesDropped += 1
                return
            }
            entries.append(Entry(pen: event.pen, isDown: true, at: event.at))
        } else {
            pendingUp[event.pen] = event.at
        }
    }

    /// Logs held ups whose 5 ms have passed, and forgets entries older than `retention`.
    package mutating func flush(now: Duration) {
        for (pen, at) in pendingUp where now - at >= Self.debounce {
            entries.append(Entry(pen: pen, isDown: false, at: at))
            pendingUp[pen] = nil
        }
        entries.sort { $0.at < $1.at }
        if let first = entries.firstIndex(where: { now - $0.at <= Self.retention }) {
            entries.removeFirst(first)
        } else {
            entries.removeAll()
        }
    }

    package mutating func clear() {
        entries.removeAll()
        pendingUp.removeAll()
    }
}
