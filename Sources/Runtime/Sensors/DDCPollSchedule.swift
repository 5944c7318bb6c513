/// When to poll a u-blox receiver's DDC port next, from what the polls found: paced by the receiver's
/// own rate once it is learnt.
///
/// u-blox's I2C port is polled by the host (the receiver cannot interrupt it); SparkFun's library
/// waits at least 25 ms between polls (its Theory.md). A receiver writes one burst per navigation
/// epoch (1 s by default, `CFG-RATE`) and nothing between, so polling at a fixed rate either wastes
/// wake-ups or delays fixes. This schedule:
/// - after a poll with data polls again at `interval` (100 ms), to collect the rest of a burst that
///   straddled the poll; the first empty poll after data ends the burst;
/// - learns the epoch from the gaps between the starts of bursts (a running average, each gap
///   weighing a quarter), and after a burst sleeps until `lead` (20 ms) before the next one is due;
/// - then polls every `lead` until the burst shows, backing off by half up to `idleMaximum` (250 ms)
///   when it does not (a receiver restarting, a longer epoch being learnt).
/// Starting each approach `lead` early keeps the polls locked to the receiver's phase: a poll that
/// finds the burst already there pulls the next approach earlier. A 1 Hz receiver costs about three
/// polls a second, and a fix waits at most `lead` for its poll.
public struct DDCPollSchedule: Sendable, Hashable {
    public var interval: Duration
    public var lead: Duration
    public var idleMaximum: Duration
    /// The learnt time between bursts; nil until two bursts were seen.
    public private(set) var epoch: Duration?
    private var burstStart: Duration?
    private var inBurst = false
    private var idleWait: Duration

    /// Gaps between bursts outside these are not an epoch (a receiver that restarted or stalled).
    static let plausibleEpochs: ClosedRange<Duration> = .milliseconds(40) ... .seconds(30)

    public init(interval: Duration = .milliseconds(100), lead: Duration = .milliseconds(20),
                idleMaximum: Duration = .milliseconds(250)) {
        self.interval = interval
        self.lead = max(lead, .milliseconds(1))
        self.idleMaximum = max(idleMaximum, interval)
        idleWait = self.lead
    }

    /// The wait before the next poll, after a poll at `now` that read `bytes` stream bytes.
    public mutating func next(afterReading bytes: Int, at now: Duration) -> Duration {
        if bytes > 0 {
            if !inBurst {
                if let start = burstStart, Self.plausibleEpochs.contains(now - start) {
                    let gap = now - start
                    epoch = epoch.map { $0 + (gap - $0) / 4 } ?? gap
                }
                burstStart = now
                inBurst = true
            }
            idleWait = lead
            return interval
        }
        if inBurst {
            inBurst = false
            idleWait = lead
            if let epoch, let start = burstStart {
                let wait = start + epoch - lead - now
                if wait > lead { return min(wait, Self.plausibleEpochs.upperBound) }
            }
            return idleWait
        }
        // Waiting for a burst that has not shown yet.
        idleWait = min(max(idleWait * 3 / 2, lead), idleMaximum)
        return idleWait
    }
}
