/// The pure core of `wayfinder record` (FingerBlade's labelling sessions on the touch case): live
/// touches in, recording lines out, with when to force them to the card. The host feeds touch
/// batches and periodic ticks with session time; it writes the lines and syncs when told.
///
/// - Frames: a batch splits into runs of equal time (docs/gestures.md, "Frames"). Each run's stamp is raised
///   to the pipeline clock (what the pipeline would do anyway) and, when it equals the previous
///   frame's stamp, nudged one nanosecond later — so the recorded times alone regroup into the very
///   frames the live pipeline saw, and a replay reproduces its transitions exactly (a time written as
///   `t_ms` reads back as the same nanosecond, `Duration.inMilliseconds`).
/// - Samples: a sample starts with a touch and ends once every touch is up and nothing touched the
///   case for `sampleGapMs` (longer than any recognizer timer, so its gestures are in). Each end is a
///   `sample_end` line and a sync; with prompts, every `repeats` samples the next prompt follows.
/// - Sync cadence: at each sample end, and at most `syncIntervalMs` after an unsynced line.
package struct GestureRecorder {
    package struct Settings: Sendable, Hashable {
        /// Labels asked for in turn, cycling (empty: no prompts).
        package var prompts: [String]
        /// Samples per prompt before the next one (FingerBlade's iterations per cut).
        package var repeats: Int
        package var sampleGapMs: Double
        package var syncIntervalMs: Double

        package init(prompts: [String] = [], repeats: Int = 1, sampleGapMs: Double = 1000, syncIntervalMs: Double = 1000) {
            self.prompts = prompts
            self.repeats = max(1, repeats)
            self.sampleGapMs = sampleGapMs
            self.syncIntervalMs = syncIntervalMs
        }
    }

    package struct Output {
        package var lines: [RecordingLine] = []
        /// Force everything written so far to the card (fsync) after writing `lines`.
        package var sync = false
        /// The prompt now to perform, when it changed: (first sample it labels, label).
        package var prompt: (sample: Int, label: String)?
        /// A sample that just ended, with the gestures recognized in it ("swipe right", "tap").
        package var finishedSample: (number: Int, gestures: [String])?
    }

    package let settings: Settings
    package let recognizers: RecognizerSet
    /// Owns the pipeline and its recognizers' delegates.
    private let scenario: GestureScenario
    private var lastFrameStamp: Duration?
    private var down: Set<Int> = []
    private var sample = 1
    private var sampleOpen = false
    private var lastTouchMs = 0.0
    private var sampleGestures: [String] = []
    private var promptIndex = 0
    private var samplesUnderPrompt = 0
    private var lastSyncMs = 0.0
    private var unsynced = false
    package private(set) var samplesFinished = 0

    package init(recognizers: RecognizerSet, settings: Settings = Settings()) {
        scenario = recognizers.scenario(name: "recording")
        self.recognizers = recognizers
        self.settings = settings
    }

    private var pipeline: GesturePipeline { scenario.pipeline }

    /// The header (and the first prompt); synced at once, so even an empty session is a readable file.
    /// The header's recognizer set is always the one this recorder runs, so a replay rebuilds it.
    package mutating func start(_ header: RecordingHeader, atMs now: Double) -> Output {
        var out = Output()
        var header = header
        header.recognizers = recognizers.document
        out.lines.append(.header(header))
        if let label = settings.prompts.first {
            out.lines.append(.prompt(timeMs: now, sample: 1, label: label))
            out.prompt = (1, label)
        }
        out.sync = true
        lastSyncMs = now
        return out
    }

    /// One batch of touches as the case delivered them (one notification, or several).
    package mutating func touches(_ batch: [TouchEvent]) -> Output {
        var out = Output()
        var index = 0
        var now = lastFrameStamp?.inMilliseconds ?? 0
        while index < batch.count {
            let first = batch[index].time
            var end = index + 1
            while end < batch.count, batch[end].time == first { end += 1 }
            var stamp = first
            if let clock = pipeline.clockMs, stamp.inMilliseconds < clock, var raised = Duration(milliseconds: clock) {
                // Rounded to the nanosecond, the clock may fall just below itself: a frame stamped
                // before the clock would replay after timers the live pipeline had already fired.
                if raised.inMilliseconds < clock { raised += .nanoseconds(1) }
                stamp = raised
            }
            if let last = lastFrameStamp, stamp <= last { stamp = last + .nanoseconds(1) }
            var frame: [GestureInput] = []
            for var touch in batch[index..<end] {
                touch.time = stamp
                out.lines.append(.touch(touch))
                frame.append(.touch(touch))
                switch touch.phase {
                case .began, .moved: down.insert(touch.id)
                case .ended, .cancelled: down.remove(touch.id)
                }
            }
            pipeline.process(frame: frame)
            collect(into: &out)
            let stampMs = stamp.inMilliseconds
            lastFrameStamp = stamp
            lastTouchMs = stampMs
            sampleOpen = true
            now = stampMs
            index = end
        }
        settle(&out, at: now, closeSample: false)
        return out
    }

    /// Time passes without touches: due timers fire, a quiet sample ends, the cadence syncs.
    package mutating func tick(atMs now: Double) -> Output {
        var out = Output()
        pipeline.advance(toMs: now)
        collect(into: &out)
        settle(&out, at: now, closeSample: sampleOpen && down.isEmpty && now - lastTouchMs >= settings.sampleGapMs)
        return out
    }

    /// The session stops: timers due by `now` fire, an open sample ends, the end line, a sync.
    package mutating func finish(atMs now: Double, reason: String) -> Output {
        var out = Output()
        pipeline.advance(toMs: now)
        collect(into: &out)
        settle(&out, at: now, closeSample: sampleOpen)
        out.lines.append(.end(timeMs: now, reason: reason))
        out.sync = true
        return out
    }

    private mutating func collect(into out: inout Output) {
        for transition in pipeline.output.transitions where transition.state != .failed {
            out.lines.append(.gesture(transition))
            if transition.state == .recognized || transition.state == .ended {
                sampleGestures.append(RecordingComparison.key(transition))
            }
        }
        pipeline.clearOutput()
    }

    private mutating func settle(_ out: inout Output, at now: Double, closeSample: Bool) {
        if closeSample {
            out.lines.append(.sampleEnd(timeMs: now, sample: sample))
            out.finishedSample = (sample, sampleGestures)
            out.sync = true
            samplesFinished += 1
            sample += 1
            sampleOpen = false
            sampleGestures.removeAll()
            samplesUnderPrompt += 1
            if !settings.prompts.isEmpty, samplesUnderPrompt >= settings.repeats {
                samplesUnderPrompt = 0
                promptIndex = (promptIndex + 1) % settings.prompts.count
                let label = settings.prompts[promptIndex]
                out.lines.append(.prompt(timeMs: now, sample: sample, label: label))
                out.prompt = (sample, label)
            }
        }
        if !out.lines.isEmpty { unsynced = true }
        if unsynced, out.sync || now - lastSyncMs >= settings.syncIntervalMs {
            out.sync = true
            unsynced = false
            lastSyncMs = now
        }
    }
}
