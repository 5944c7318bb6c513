import Pencil
import Vocabulary

/// Holds each touch's events back from the gesture pipeline until the Pencil's classifier has had
/// its say about the touch, so that bindings restricted to classes (`classes = ["finger"]`) see the
/// touch's class and not the `unknown` every touch has when it begins. Pure: fed touch events with
/// the classifier's current class for any touch, and `now`; returns the events ready, in time order,
/// each carrying its touch's class at its release.
///
/// The pipeline's recognizers take a touch's class once, when it begins (docs/gestures.md); the
/// classifier decides later: a finger once it has moved 7 pt or ended a tap, the pen once the tip's
/// down event has come (1.5 cycles after the touch at the likeliest), a palm once it overlaps
/// another touch for 8 cycles. So a touch is held until it has ended, or it reads pen or eraser,
/// or 8 cycles (`PenTiming.latestUp`, 133 ms) have passed since it began — the time the SDK gives
/// the pen's down event to arrive (`PenEvents.cpp`) — and then goes on with the class it has then.
/// A finger read early is held for that time too, since the pen's down event may still turn it into
/// the pen. Its events keep their own times, so a gesture's timing is its own, only its delivery is
/// later (by at most 133 ms, or a tap's length).
///
/// Only while `isWaiting`: the appliance sets it while a pen is connected and a binding names
/// classes. Otherwise every touch is `unknown` for good or no binding asks, and events pass at once.
package struct TouchClassGate: Sendable {
    /// How long a touch is held at most while it has not ended: 8 cycles of 60 Hz.
    package static let window: Duration = .microseconds(Int64((PenTiming.latestUp * 1_000_000).rounded(.up)))

    package private(set) var isWaiting = false
    /// The events of each held touch, by the case's touch id, oldest first.
    private var held: [Int: [TouchEvent]] = [:]
    /// Touches released and still down: their later events pass at once.
    private var passing: Set<Int> = []

    package init() {}

    /// Whether touches wait for their class from now on; turned off, every held touch is released
    /// (with `classOf`'s class).
    package mutating func setWaiting(_ waiting: Bool, classOf: (Int) -> TouchClass) -> [TouchEvent] {
        isWaiting = waiting
        guard !waiting else { return [] }
        defer { passing.removeAll() }
        return release(all: true, now: .zero, classOf: classOf)
    }

    /// A touch event from the case; returns what is ready for the pipeline, this event included
    /// when its touch no longer waits. `classOf` gives the classifier's class of a touch by id, as
    /// it stands after this event.
    package mutating func receive(_ event: TouchEvent, classOf: (Int) -> TouchClass) -> [TouchEvent] {
        guard isWaiting else {
            var passed = event
            passed.touchClass = classOf(event.id)
            return [passed]
        }
        // A begin for an id still held: the case lost that touch's end; its events go first.
        var ready: [TouchEvent] = []
        if event.phase == .began {
            passing.remove(event.id)
            if let stale = held.removeValue(forKey: event.id) { ready += stale }
        }
        if passing.contains(event.id) {
            if event.phase == .ended || event.phase == .cancelled { passing.remove(event.id) }
            var passed = event
            passed.touchClass = classOf(event.id)
            return ready + release(all: false, now: event.time, classOf: classOf) + [passed]
        }
        held[event.id, default: []].append(event)
        return ready + release(all: false, now: event.time, classOf: classOf)
    }

    /// Releases the touches whose wait is over by `now` (the actor's alarm at `nextDeadline`).
    package mutating func release(now: Duration, classOf: (Int) -> TouchClass) -> [TouchEvent] {
        release(all: false, now: now, classOf: classOf)
    }

    /// When the earliest held touch's wait ends (its begin plus `window`); nil when none is held.
    package var nextDeadline: Duration? {
        held.values.compactMap { $0.first.map { $0.time + Self.window } }.min()
    }

    /// Touches held now (for tests and the log).
    package var heldTouches: Int { held.count }

    /// Drops every held touch (the pipeline they were for is gone).
    package mutating func clear() {
        held.removeAll()
        passing.removeAll()
    }

    private mutating func release(all: Bool, now: Duration, classOf: (Int) -> TouchClass) -> [TouchEvent] {
        var ready: [TouchEvent] = []
        for (id, events) in held {
            guard let first = events.first, let last = events.last else { continue }
            let touchClass = classOf(id)
            let over = all || last.phase == .ended || last.phase == .cancelled || touchClass == .pen || touchClass == .eraser
                || now - first.time >= Self.window
            guard over else { continue }
            held[id] = nil
            if last.phase != .ended && last.phase != .cancelled { passing.insert(id) }
            ready += events.map { e in
                var classified = e
                classified.touchClass = touchClass
                return classified
            }
        }
        // In time order across touches, ties by id, so the pipeline sees the frames as they were made.
        return ready.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    }
}
