import Gestures
import Logging
import Platform
import TouchCase

/// Runs a `wayfinder record` session: touches from the touch case actor through `GestureRecorder`
/// into a recording file, which it owns. Touches that arrive together with one time (one
/// notification) are fed as one batch, when a touch with another time arrives or `batchHold` has
/// passed; a tick every `tickInterval` fires the pipeline's timers, ends quiet samples and keeps the
/// sync cadence. Lines are written as soon as the recorder returns them,
/// one write(2) per batch, so a `kill -9` loses at most the batch being written.
package actor GestureRecordingActor {
    /// What the operator is told: a new prompt, a finished sample, the file failing.
    package enum Notice: Sendable {
        case prompt(sample: Int, label: String)
        case sampleFinished(number: Int, gestures: [String])
        case writeFailed(String)
    }

    package static let tickInterval: Duration = .milliseconds(20)
    /// How long a tick leaves touches of one time waiting for the rest of their notification. The
    /// touch stream hands them over one by one, and a tick between two of them would split one frame
    /// into two (a pinch would see one finger move, then the other).
    package static let batchHold: Duration = .milliseconds(50)

    private var recorder: GestureRecorder
    private let file: AppendOnlyFile
    private let touches: AsyncStream<TouchEvent>
    private let clock: SessionClock
    private let logger: Logger
    private let notify: @Sendable (Notice) -> Void
    private var pending: [TouchEvent] = []
    private var pendingSince: Duration = .zero
    private var finished = false
    private var failed = false
    package private(set) var touchesRecorded = 0
    package var samplesFinished: Int { recorder.samplesFinished }
    /// A write or sync failed (a full or removed card); the file holds what came before.
    package var hasFailed: Bool { failed }

    package init(recorder: GestureRecorder, file: AppendOnlyFile, touches: AsyncStream<TouchEvent>,
                clock: SessionClock, logger: Logger, notify: @escaping @Sendable (Notice) -> Void = { _ in }) {
        self.recorder = recorder
        self.file = file
        self.touches = touches
        self.clock = clock
        self.logger = logger
        self.notify = notify
    }

    /// Writes the header (unless the file was created holding it), then records until `finish` or
    /// cancellation.
    package func run(header: RecordingHeader, fileHoldsHeader: Bool = false) async {
        var first = recorder.start(header, atMs: clock.elapsed.inMilliseconds)
        if fileHoldsHeader { first.lines.removeAll { if case .header = $0 { true } else { false } } }
        emit(first)
        let touches = self.touches
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in touches { await self.received(event) }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: Self.tickInterval) } catch { return }
                    if await self.tick() { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Ends the session: pending touches, due timers, the open sample, the end line, a sync, close.
    package func finish(reason: String) {
        guard !finished else { return }
        flush()
        emit(recorder.finish(atMs: clock.elapsed.inMilliseconds, reason: reason))
        finished = true
        do { try file.close() } catch { report(error) }
    }

    private func received(_ event: TouchEvent) {
        guard !finished else { return }
        if let last = pending.last, last.time != event.time { flush() }
        if pending.isEmpty { pendingSince = clock.elapsed }
        pending.append(event)
    }

    /// True once the session is over.
    private func tick() -> Bool {
        guard !finished else { return true }
        let elapsed = clock.elapsed
        if !pending.isEmpty, elapsed - pendingSince >= Self.batchHold { flush() }
        // While touches wait, time advances only to theirs: timers due before them fire first, as
        // they would had the frame been fed at once.
        let now = elapsed.inMilliseconds
        emit(recorder.tick(atMs: pending.first.map { min(now, $0.time.inMilliseconds) } ?? now))
        return false
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        touchesRecorded += pending.count
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        emit(recorder.touches(batch))
    }

    private func emit(_ output: GestureRecorder.Output) {
        if !output.lines.isEmpty, !failed {
            var bytes: [UInt8] = []
            for line in output.lines {
                bytes += Array(RecordingLineCodec.encode(line).utf8)
                bytes.append(0x0A)
            }
            do {
                try file.append(bytes)
                if output.sync { try file.sync() }
            } catch {
                report(error)
            }
        }
        if let sample = output.finishedSample { notify(.sampleFinished(number: sample.number, gestures: sample.gestures)) }
        if let prompt = output.prompt { notify(.prompt(sample: prompt.sample, label: prompt.label)) }
    }

    private func report(_ error: some Error) {
        guard !failed else { return }
        failed = true
        logger.error("recording: \(error); nothing more is written")
        notify(.writeFailed("\(error)"))
    }
}
