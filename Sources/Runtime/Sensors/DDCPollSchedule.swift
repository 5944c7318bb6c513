/// When to poll a u-blox receiver's DDC port next, from what the polls found: paced by the receiver's
/// own rate once it is learnt.
///
/// u-blox's I2C port is polled by the host (the receiver cannot interrupt it); SparkFun's library
/// waits at least 25 ms between polls (its Theory.md), and so does this. A receiver writes one burst
/// per navigation epoch (1 s by default, `CFG-RATE`) and nothing between, so polling at a fixed rate
/// either wastes wake-ups or delays fixes. This schedule:
/// - after a poll with data polls again at `interval` (100 ms), to collect the rest of a burst that
///   straddled the poll; the first empty poll after data ends the burst;
/// - learns the epoch from the gaps between the starts of bursts (a running average, each gap
///   weighing a quarter; a gap outside half to one and a half epochs starts the learning afresh), and
///   after a burst sleeps until `lead` (25 ms) before the next one is due;
/// - learns no epoch longer than `maximumEpoch` (1.5 s): the receiver queues every burst until it is
///   read, so a host that stalled for three epochs finds three bursts at once and sees a 3 s gap, and
///   polling every 3 s from then on would keep finding three (and overflow the receiver's buffer at
///   five). u-blox receivers navigate at 1 Hz unless told otherwise (`CFG-RATE`, u-blox 8 / M8
///   Receiver Description); a slower one is polled as an unknown one, below;
/// - then polls every `lead` until the burst shows, backing off by half up to `idleMaximum` (250 ms)
///   when it does not (a receiver restarting, a longer epoch being learnt).
/// Starting each approach early keeps the polls locked to the receiver's phase. When the first poll
/// of an approach already finds the burst, the burst landed earlier than thought (the receiver keeps
/// its output until read), so the next approach starts twice as early, up to half an epoch; an empty
/// first poll brings it back to `lead`.
///
/// An approach costs a poll or two that find nothing, so only one epoch in `probeEvery` (8) is
/// approached. In the others the schedule polls once, `lag` (10 ms) after the burst is due: the time
/// the last approach found it, plus whole epochs. That time is never before the burst landed (the
/// approach found it there), so the poll finds it unless the receiver fell behind; then the schedule
/// polls as when waiting for a burst, and that burst, found by waiting, sets the phase afresh, as
/// an approach does. Epochs are learnt only from bursts found by waiting: a gap across polled
/// epochs counts as that many epochs. Epochs are polled when due only while locked: the last burst
/// found by waiting came after an empty poll, within `lead` of where the learnt epoch put it. A 1 Hz receiver costs about two and a quarter polls a second
/// (three with an approach every epoch), and a fix waits a few tens of milliseconds for its poll.
/// `reset()` after a failed transfer forgets the epoch.
package struct DDCPollSchedule: Sendable, Hashable {
    package var interval: Duration
    package var lead: Duration
    package var idleMaximum: Duration
    /// The longest gap between bursts taken for an epoch.
    package var maximumEpoch: Duration
    /// The learnt time between bursts; nil until two bursts were seen.
    package private(set) var epoch: Duration?
    private var burstStart: Duration?
    /// Whether the last poll found data: a burst is being read.
    package private(set) var inBurst = false
    private var idleWait: Duration
    /// How early the next approach starts; grows while approaches find the burst already there.
    private var approachLead: Duration
    /// Whether the next poll is the first of an approach.
    private var firstOfApproach = false
    /// One epoch in this many is approached; the others are polled once, `lag` after they are due.
    /// A receiver's clock drifts against the host's by parts per million; what moves its phase is a
    /// restart or a new rate, which the first empty poll at a due time shows.
    package var probeEvery: Int
    package var lag: Duration
    /// When the last burst was due: found by waiting, or predicted a whole number of epochs on.
    private var due: Duration?
    /// Bursts polled when due since the last one found by waiting (`burstStart`).
    private var polledSinceFound = 0
    /// Whether the next poll is one at a burst's due time.
    private var pollAtDue = false
    /// Whether the last burst found by waiting was found after an empty poll and where the learnt
    /// epoch put it: only then are the next epochs polled at their due time.
    private var locked = false

    /// The shortest wait between polls (SparkFun's u-blox library, Theory.md).
    package static let minimumWait: Duration = .milliseconds(25)
    /// Gaps between bursts shorter than this are not an epoch (u-blox navigates at up to 25 Hz).
    static let shortestEpoch: Duration = .milliseconds(40)

    package init(interval: Duration = .milliseconds(100), lead: Duration = .milliseconds(25),
                idleMaximum: Duration = .milliseconds(250), maximumEpoch: Duration = .milliseconds(1500),
                probeEvery: Int = 8, lag: Duration = .milliseconds(10)) {
        self.probeEvery = max(probeEvery, 1)
        self.lag = max(lag, .zero)
        self.interval = max(interval, Self.minimumWait)
        self.lead = max(lead, Self.minimumWait)
        self.idleMaximum = max(idleMaximum, self.interval)
        self.maximumEpoch = max(maximumEpoch, Self.shortestEpoch)
        idleWait = self.lead
        approachLead = self.lead
    }

    /// Forgets the epoch and the phase: after a failed transfer the receiver may have restarted, and
    /// the gap across an outage is no epoch.
    package mutating func reset() {
        self = DDCPollSchedule(interval: interval, lead: lead, idleMaximum: idleMaximum, maximumEpoch: maximumEpoch,
                               probeEvery: probeEvery, lag: lag)
    }

    /// The wait before the next poll, after a poll at `now` that read `bytes` stream bytes.
    package mutating func next(afterReading bytes: Int, at now: Duration) -> Duration {
        let wasFirstOfApproach = firstOfApproach
        let wasAtDue = pollAtDue
        firstOfApproach = false
        pollAtDue = false
        if bytes > 0 {
            if !inBurst {
                if wasAtDue, let known = epoch, let last = due, now - (last + known) < known / 2 {
                    // Found where it was due: the phase is the predicted one, and the poll's time
                    // (`lag` after) teaches nothing. A poll that came far later (a stalled host)
                    // is taken as a burst found by waiting for it, and the phase learnt from it.
                    due = last + known
                    polledSinceFound += 1
                } else {
                    learn(burstFoundAt: now, firstOfApproach: wasFirstOfApproach)
                }
                inBurst = true
            }
            idleWait = lead
            return interval
        }
        if wasFirstOfApproach { approachLead = lead }
        if inBurst {
            inBurst = false
            idleWait = lead
            if let epoch, let last = due {
                if locked, polledSinceFound + 1 < probeEvery {
                    let wait = last + epoch + lag - now
                    if wait > lead {
                        pollAtDue = true
                        return min(wait, maximumEpoch)
                    }
                }
                let wait = last + epoch - approachLead - now
                if wait > lead {
                    firstOfApproach = true
                    return min(wait, maximumEpoch)
                }
            }
            return idleWait
        }
        // Waiting for a burst that has not shown yet (after an approach's first poll, or a poll at a
        // due time that came before the burst).
        idleWait = min(max(idleWait * 3 / 2, lead), idleMaximum)
        return idleWait
    }

    /// A burst found by waiting for it (an approach, or a poll at its due time that came first): it
    /// sets the phase, and the gap since the last one found so teaches the epoch, as many epochs as
    /// were polled between.
    private mutating func learn(burstFoundAt now: Duration, firstOfApproach: Bool) {
        let epochs = polledSinceFound + 1
        var consistent = false
        if let start = burstStart, now - start >= Self.shortestEpoch * epochs, (now - start) / epochs <= maximumEpoch {
            let gap = (now - start) / epochs
            if let known = epoch {
                let off = now - start - known * epochs
                consistent = off < lead && off > .zero - lead
            }
            if let known = epoch, gap < known / 2 || gap > known * 3 / 2 {
                epoch = nil // a different rate, or a missed burst: learn again from the next gap
            } else {
                epoch = epoch.map { $0 + (gap - $0) / 4 } ?? gap
            }
        } else {
            epoch = nil
        }
        if let known = epoch {
            approachLead = firstOfApproach ? min(approachLead * 2, known / 2) : lead
        }
        // A burst already there at the first poll of an approach landed some time before: its time
        // is no measurement of the phase.
        locked = consistent && !firstOfApproach
        burstStart = now
        due = now
        polledSinceFound = 0
    }
}
