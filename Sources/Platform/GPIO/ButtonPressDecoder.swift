/// Turns debounced edges of active-low buttons (switch to ground, pull-up) into presses.
///
/// A press is reported on release, with its length deciding short or long, so one physical press
/// yields exactly one command. Edges arrive with kernel timestamps, so the length is measured by the
/// kernel, not by when we got round to reading the event.
///
/// Double press: on a line in `doublePressLines`, two short presses where the second goes down less
/// than `doublePressWindow` after the first was released are one `.double` press. As with the belt's
/// own buttons and a tap recognizer that waits for a double tap to fail, the first short press is then
/// held back until the window has passed without a second press, and only then reported as `.single`.
/// Lines without a double-press binding report a short press at release, so they gain no latency. A
/// long press is never part of a double press: a long first press is reported at release as usual,
/// and a second press held to the long-press length reports the held-back first press as a single.
///
/// The decoder stays pure: time only moves by the edges' timestamps and by `advance(to:)`, on the same
/// timeline as the timestamps. `nextDeadline` says when `advance(to:)` next has something to report.
package struct ButtonPressDecoder: Sendable {
    package enum Kind: Sendable, Hashable {
        case single
        case long
        case double
    }

    package struct Press: Sendable, Hashable {
        package var line: UInt32
        package var kind: Kind
        /// How long the button was held; for a double press, the second press.
        package var length: Duration
        /// When the press was released; for a double press, the second release.
        package var releasedAt: Duration

        package init(line: UInt32, kind: Kind, length: Duration, releasedAt: Duration) {
            self.line = line
            self.kind = kind
            self.length = length
            self.releasedAt = releasedAt
        }
    }

    /// Where one line is between presses. A line with no entry is idle: released, nothing held back.
    private enum LineState: Sendable, Hashable {
        /// Pressed since then; not the second press of a double press.
        case down(since: Duration)
        /// A short press released on a double-press line, held back until its window closes.
        case waiting(first: Press)
        /// The second press went down inside the window of `first` and is still held.
        case downAgain(first: Press, since: Duration)
    }

    package let longPress: Duration
    package let doublePressWindow: Duration
    /// The lines whose short presses wait for a possible second press.
    package var doublePressLines: Set<UInt32>
    private var debouncer: Debouncer
    private var lines: [UInt32: LineState] = [:]

    package init(debounce: Duration, longPress: Duration, doublePressWindow: Duration = .milliseconds(400),
                doublePressLines: Set<UInt32> = []) {
        self.debouncer = Debouncer(window: debounce)
        self.longPress = longPress
        self.doublePressWindow = doublePressWindow
        self.doublePressLines = doublePressLines
    }

    /// Feeds one edge; returns the presses it completes, oldest first.
    ///
    /// The edge's timestamp is also the time now: held-back presses (on any line) whose window closed
    /// by then are reported first, so presses come out in the order they happened.
    package mutating func feed(_ event: GPIOEdgeEvent) -> [Press] {
        var presses = advance(to: event.timestamp)
        guard debouncer.accept(event) else { return presses }
        let line = event.offset
        let t = event.timestamp
        switch event.edge {
        case .falling:
            switch lines[line] {
            case .waiting(let first):
                if let gap = t.span(since: first.releasedAt), gap < doublePressWindow {
                    lines[line] = .downAgain(first: first, since: t)
                } else {
                    // Outside the window: only reachable when the timestamps went back (a clock step),
                    // since `advance` above already reported a first press whose window closed.
                    presses.append(first)
                    lines[line] = .down(since: t)
                }
            case .downAgain(let first, _):
                // A lost rising edge: the press still counts from the latest falling one.
                lines[line] = .downAgain(first: first, since: t)
            case .down, nil:
                lines[line] = .down(since: t)
            }
        case .rising:
            switch lines[line] {
            case .down(let since):
                lines[line] = nil
                guard let length = t.span(since: since) else { break }
                let press = Press(line: line, kind: length >= longPress ? .long : .single, length: length, releasedAt: t)
                if press.kind == .single && doublePressLines.contains(line) {
                    lines[line] = .waiting(first: press)
                } else {
                    presses.append(press)
                }
            case .downAgain(let first, let since):
                lines[line] = nil
                guard let length = t.span(since: since) else {
                    presses.append(first)
                    break
                }
                // `advance(to: t)` above has already reported `first` of a second press held to the
                // long-press length (and made it a plain `.down`), so this one is short; the long
                // branch only keeps the rule visible should that ever change.
                if length < longPress {
                    presses.append(Press(line: line, kind: .double, length: length, releasedAt: t))
                } else {
                    presses += [first, Press(line: line, kind: .long, length: length, releasedAt: t)]
                }
            case .waiting, nil:
                // A release without a press (the line was up at the start, or its falling edge was lost).
                break
            }
        }
        return presses
    }

    /// The earliest time at which `advance(to:)` will report something, if anything is held back.
    package var nextDeadline: Duration? {
        lines.values.compactMap { deadline(of: $0) }.min()
    }

    /// Moves time on to `now` (on the edges' timeline) and returns the held-back presses due by then,
    /// oldest first: a first press whose window closed with no second press, and a first press whose
    /// second press has been held for the long-press length. An earlier `now` than a previous one
    /// reports nothing new.
    package mutating func advance(to now: Duration) -> [Press] {
        var due: [(at: Duration, line: UInt32, press: Press)] = []
        for (line, state) in lines {
            guard let at = deadline(of: state), now >= at else { continue }
            switch state {
            case .waiting(let first):
                lines[line] = nil
                due.append((at, line, first))
            case .downAgain(let first, let since):
                lines[line] = .down(since: since)
                due.append((at, line, first))
            case .down:
                break
            }
        }
        return due.sorted { ($0.at, $0.line) < ($1.at, $1.line) }.map(\.press)
    }

    private func deadline(of state: LineState) -> Duration? {
        switch state {
        case .down: nil
        case .waiting(let first): first.releasedAt.addingClamped(doublePressWindow)
        case .downAgain(_, let since): since.addingClamped(longPress)
        }
    }
}
