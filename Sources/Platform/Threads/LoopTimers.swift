/// An event loop's timers: each due at its deadline and allowed to run up to its leeway later, as
/// libdispatch's `dispatch_source_set_timer` leeway and Linux's timer slack allow. Pure: the loop
/// gives it the time.
///
/// Why a leeway: a timer that may run late can share a wake-up the loop makes anyway (a packet, a
/// timer without leeway) instead of waking the loop on its own; on a Pi on a battery each wake-up
/// counts. The loop sleeps until the earliest of every timer's deadline plus leeway (`wakeTime`),
/// and whenever it wakes it runs every timer already past its deadline (`takeDue`), the lenient ones
/// included.
package struct LoopTimers<Element> {
    private struct Entry {
        var deadline: ContinuousClock.Instant
        var latest: ContinuousClock.Instant
        var id: UInt64
        var element: Element
    }

    /// Ordered by deadline (equal deadlines in arrival order), so that taking the due timers looks at
    /// the first ones only; a linear scan of every timer on every pass was about a tenth of the demo's
    /// instructions (callgrind).
    private var entries: [Entry] = []

    package init() {}

    package var count: Int { entries.count }
    package var isEmpty: Bool { entries.isEmpty }

    /// Adds a timer due at `deadline` that may run up to `leeway` later (a negative leeway counts as
    /// none).
    package mutating func insert(_ element: Element, id: UInt64, deadline: ContinuousClock.Instant, leeway: Duration = .zero) {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].deadline <= deadline { low = mid + 1 } else { high = mid }
        }
        let latest = leeway > .zero ? deadline.advanced(by: leeway) : deadline
        entries.insert(Entry(deadline: deadline, latest: latest, id: id, element: element), at: low)
    }

    /// Removes the timer `id` and returns its element; nil when it already ran or never was.
    package mutating func remove(id: UInt64) -> Element? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index).element
    }

    /// Removes and returns the timers whose deadline is `now` or earlier, earliest first.
    package mutating func takeDue(at now: ContinuousClock.Instant) -> [Element] {
        var due = 0
        while due < entries.count, entries[due].deadline <= now { due += 1 }
        guard due > 0 else { return [] }
        defer { entries.removeFirst(due) }
        return entries.prefix(due).map(\.element)
    }

    /// Removes and returns every timer, earliest first.
    package mutating func takeAll() -> [Element] {
        defer { entries.removeAll() }
        return entries.map(\.element)
    }

    /// The latest time the loop may wake for its timers: the earliest deadline plus leeway of any
    /// timer; nil without timers. Only timers due before the best found so far can lower it, so the
    /// scan stops at the first one due later.
    package var wakeTime: ContinuousClock.Instant? {
        guard var best = entries.first?.latest else { return nil }
        for entry in entries.dropFirst() {
            if entry.deadline >= best { break }
            if entry.latest < best { best = entry.latest }
        }
        return best
    }
}
