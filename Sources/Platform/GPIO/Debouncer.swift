/// Drops contact bounce in user space, from the kernel's event timestamps.
///
/// Why: libgpiod 1.6 (Pi OS Bookworm) speaks the v1 GPIO uAPI, which cannot ask the kernel to
/// debounce (`<linux/gpio.h>` has a debounce attribute only in v2), so a pressed button yields a
/// burst of edges. An edge is dropped when it comes less than `window` after the last *accepted*
/// edge on the same line; lines are independent. Using event timestamps rather than arrival time
/// keeps the result the same however late the events are read.
///
/// Limitation of any pure edge filter: if a glitch shorter than `window` ends with its trailing
/// edge dropped, the last accepted edge says "active" until the next accepted edge. Callers that
/// must know the settled level re-read it after `window`.
package struct Debouncer: Sendable, Equatable {
    /// Edges closer than this to the last accepted one on their line are dropped.
    package let window: Duration
    private var lastAccepted: [UInt32: Duration] = [:]

    /// A zero or negative window accepts every edge.
    package init(window: Duration) {
        self.window = max(window, .zero)
    }

    /// Decides one edge and remembers it if accepted.
    package mutating func accept(_ event: GPIOEdgeEvent) -> Bool {
        guard window > .zero else { return true }
        if let last = lastAccepted[event.offset],
           let gap = event.timestamp.span(since: last),
           gap < window {
            return false
        }
        // An earlier timestamp than the last accepted one means the event clock stepped back
        // (v1 used CLOCK_REALTIME before Linux 5.7); accepting it restarts the window instead
        // of silencing the line until the clock catches up.
        lastAccepted[event.offset] = event.timestamp
        return true
    }

    /// The accepted edges of `events`, in order.
    package mutating func filter<Events: Sequence>(_ events: Events) -> [GPIOEdgeEvent]
    where Events.Element == GPIOEdgeEvent {
        var kept: [GPIOEdgeEvent] = []
        for event in events where accept(event) {
            kept.append(event)
        }
        return kept
    }

    /// Forgets all history, e.g. after the lines were re-requested.
    package mutating func reset() {
        lastAccepted.removeAll()
    }
}
