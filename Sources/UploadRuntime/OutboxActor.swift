import Logging
import Platform
import Upload
import UploadTransport

/// Runs the outbox: performs what `OutboxMachine` asks — the scans, the hashes, the record files, the
/// deletions and the requests — and feeds it the answers, one effect at a time (docs/upload.md).
///
/// Every blocking step (libcurl's transfers, reading and hashing files, the atomic record writes) runs
/// on a thread of its own (`BlockingThread`), never on the event loop or the cooperative pool; the actor
/// itself only holds the machine and waits. Time is the injected session clock: the machine's retry
/// times are on it, and its sleeps are its sleeps. Requests are signed with the wall clock's UTC
/// (`wallClock`), which SigV4 needs.
package actor OutboxActor {
    package static let name = "upload"

    private var machine: OutboxMachine
    private let files: OutboxFiles
    private let sender: OutboxSender
    private let clock: SessionClock
    private let wallClock: @Sendable () -> Int64
    private let logger: Logger
    private let thread: BlockingThread<S3Transport>
    /// The transfer under way, cancelled when the actor's task is.
    private let cancellation = TransferCancellation()
    private var wakeAt: Duration?
    /// The walk's state as last told: with `when = "idle"` not even the start's cleanup is sent during
    /// a walk.
    private var walk: WalkActivity
    private var consecutiveNetworkFailures = 0
    package private(set) var status = OutboxStatus()

    /// Why the outbox cannot start: no thread.
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads the records in `<state directory>/outbox/` (a damaged one is logged and left out) and
    /// starts the thread with its transport, whose requests end within `bounds` (libcurl is loaded at
    /// the first request, `S3Transport`).
    package init(settings: OutboxSettings, sender: OutboxSender, walk: WalkActivity = .idle, clock: SessionClock,
                 wallClock: @escaping @Sendable () -> Int64, logger: Logger,
                 bounds: TransportBounds = .standard) throws(StartFailure) {
        files = sender.files
        self.sender = sender
        self.clock = clock
        self.wallClock = wallClock
        self.logger = logger
        let (records, problems) = sender.files.records()
        for problem in problems { logger.warning("\(problem)") }
        machine = OutboxMachine(settings: settings, records: records, walk: walk)
        self.walk = walk
        do {
            thread = try BlockingThread(name: "wf-upload") { S3Transport(bounds: bounds) }
        } catch {
            throw StartFailure(description: error.description)
        }
    }

    /// The status and the clock's time now, for a status that says how long ago.
    package func statusNow() -> (OutboxStatus, Duration) {
        (status, clock.elapsed)
    }

    /// How many records say *stored*: the objects on the server that this outbox put there.
    package var storedObjects: Int { machine.records.values.filter { $0.state == .stored }.count }

    /// What a `drain` ended with.
    package enum Outcome: Sendable, Equatable {
        /// Nothing is left to send (conflicts and refused files aside, which the status names).
        case done
        /// The server refused the credentials (403, its error code), with the status's words.
        case refused(code: String, reason: String)
        /// Records cannot be written (a full or read-only state directory): the status's words.
        case stopped(String)
        /// The server could not be reached this many times in a row; the last reason.
        case unreachable(String)
    }

    /// Uploads what a scan finds now and returns once nothing is left, the outbox stops, or the server
    /// could not be reached `networkAttempts` times in a row (the waits between are the machine's).
    package func drain(networkAttempts: Int = 3) async -> Outcome {
        await abortOrphanedUploads()
        await feed(.scanned(await thread.run { [files] _ in files.scan() }))
        while !Task.isCancelled {
            if let stopped = status.stopped {
                return status.refusedCode.map { .refused(code: $0, reason: stopped) } ?? .stopped(stopped)
            }
            if consecutiveNetworkFailures >= max(1, networkAttempts) {
                return .unreachable(status.lastError ?? "the server cannot be reached")
            }
            if machine.isIdle, wakeAt == nil { return .done }
            guard await sleepUntilWake() else { break }
            await feed(.tick)
        }
        return .unreachable("cancelled")
    }

    /// Runs until its task is cancelled: a scan now and every `rescan`, what the machine asks between,
    /// the retries at the machine's times. Its sleeps are at most `slice` long, so a walk that ends
    /// brings the next scan forward (`walkChanged`) without waiting out a whole `rescan`.
    package func run(rescan: Duration = .seconds(60), slice: Duration = .seconds(5)) async {
        while !Task.isCancelled {
            await abortOrphanedUploadsIfAllowed()
            await feed(.scanned(await thread.run { [files] _ in files.scan() }))
            nextScan = clock.elapsed + rescan
            while !Task.isCancelled {
                let now = clock.elapsed
                if now >= nextScan { break }
                if let at = wakeAt, at <= now {
                    wakeAt = nil
                    await feed(.tick)
                    continue
                }
                let until = min(nextScan, wakeAt ?? nextScan, now + slice)
                do { try await clock.sleep(for: until - now) } catch { break }
            }
        }
        finish()
    }

    /// Aborts the multipart uploads under the unit's keys that no record names (`OrphanedUploads`),
    /// once, before anything else is sent (in `run`, at the first scan `when` allows). A listing that fails is logged and costs only the cleanup:
    /// the next start tries again.
    private func abortOrphanedUploads() async {
        guard !orphansChecked else { return }
        orphansChecked = true
        let sender = self.sender, cancellation = self.cancellation, signingTime = wallClock()
        let settings = machine.settings, records = Array(machine.records.values)
        let lines: [(Bool, String)] = await thread.run { transport in
            guard let transport else { return [] }
            let prefix = OrphanedUploads.keyPrefix(settings)
            switch sender.multipartUploads(prefix: prefix, transport: transport, signingTime: signingTime,
                                           cancellation: cancellation) {
            case .failure(let reason):
                return [(false, "cannot list the multipart uploads under \(prefix) (\(reason)); uploads a crash left open are aborted at the next start")]
            case .success(let listed):
                return OrphanedUploads.orphans(listed, records: records, settings: settings).map { upload in
                    let answer = sender.send(OrphanedUploads.abortRequest(upload), transport: transport,
                                             signingTime: signingTime, cancellation: cancellation)
                    if case .response(let response) = answer, (200..<300).contains(response.status) || response.status == 404 {
                        return (true, "aborted the multipart upload \(upload.uploadID) of \(upload.key), which no record names (a crash before its record was written)")
                    }
                    return (false, "cannot abort the multipart upload \(upload.uploadID) of \(upload.key) (\(answer)); it is tried again at the next start")
                }
            }
        }
        for (done, line) in lines {
            if done { logger.notice("\(line)") } else { logger.warning("\(line)") }
        }
    }

    private var orphansChecked = false

    /// The cleanup, unless `when = "idle"` holds the outbox during a walk.
    private func abortOrphanedUploadsIfAllowed() async {
        guard !(machine.settings.onlyWhenIdle && walk == .inProgress) else { return }
        await abortOrphanedUploads()
    }

    /// When the running outbox scans next (`run`).
    private var nextScan: Duration = .zero
    /// How soon after a walk ends its files are looked for: the manifest is written a moment after
    /// the stop, once the report is.
    static let scanAfterWalk: Duration = .seconds(5)

    /// Whether a walk is in progress (`when = "idle"` holds the upload then). A walk that ends brings
    /// the next scan forward, to take its files soon after its manifest is written.
    package func walkChanged(_ activity: WalkActivity) async {
        walk = activity
        if activity == .idle {
            nextScan = min(nextScan, clock.elapsed + Self.scanAfterWalk)
            // Before the walk's end lets the machine send: the records it is about to write must
            // not be missing from the cleanup's view.
            await abortOrphanedUploadsIfAllowed()
        }
        await feed(.walk(activity))
    }

    /// The credentials or the configuration changed: a stop for 403 is lifted.
    package func credentialsChanged() async {
        await feed(.credentialsChanged)
    }

    /// Ends the thread (once the step under way is done); the actor is not used after.
    package func finish() {
        cancellation.cancel()
        thread.stop()
    }

    /// Sleeps until the machine's wake time; false when cancelled.
    private func sleepUntilWake() async -> Bool {
        guard let at = wakeAt else { return !Task.isCancelled }
        wakeAt = nil
        let now = clock.elapsed
        if at > now {
            do { try await clock.sleep(for: at - now) } catch { return false }
        }
        return !Task.isCancelled
    }

    /// Feeds `first` and every answer that follows from it, performing each effect asked.
    private func feed(_ first: OutboxEvent) async {
        var events = [first]
        while !events.isEmpty {
            let event = events.removeFirst()
            switch event {
            case .networkFailed: consecutiveNetworkFailures += 1
            case .response: consecutiveNetworkFailures = 0
            default: break
            }
            for action in machine.handle(event, now: clock.elapsed) {
                switch action {
                case .report(let report):
                    status = report.status
                    switch report.level {
                    case .info: logger.info("\(report.line)")
                    case .warning: logger.warning("\(report.line)")
                    case .error: logger.error("\(report.line)")
                    }
                case .wakeAt(let at):
                    wakeAt = min(wakeAt ?? at, at)
                default:
                    if Task.isCancelled { return }
                    events.append(await perform(action))
                }
            }
            status = machine.status
        }
    }

    /// One effect on the thread, and the event that answers it.
    private func perform(_ action: OutboxAction) async -> OutboxEvent {
        let files = self.files, sender = self.sender, cancellation = self.cancellation
        let signingTime = wallClock()
        switch action {
        case .hash(let path):
            return await thread.run { _ in files.hash(path) }
        case .writeRecord(let record):
            return await thread.run { _ in
                files.write(record).map { OutboxEvent.recordFailed(key: record.key, $0) } ?? .recordWritten(key: record.key)
            }
        case .deleteRecord(let key):
            return await thread.run { _ in
                files.deleteRecord(key: key).map { OutboxEvent.recordDeleteFailed(key: key, reason: $0) } ?? .recordDeleted(key: key)
            }
        case .deleteFile(let path):
            return await thread.run { _ in
                files.deleteFile(path).map { OutboxEvent.fileDeleteFailed(path: path, reason: $0) } ?? .fileDeleted(path: path)
            }
        case .send(let request):
            return await withTaskCancellationHandler {
                await thread.run { transport in
                    guard let transport else {
                        return OutboxEvent.networkFailed(reason: "the upload's thread has stopped: the upload cannot send")
                    }
                    return sender.send(request, transport: transport, signingTime: signingTime, cancellation: cancellation)
                }
            } onCancel: {
                cancellation.cancel()
            }
        case .report, .wakeAt:
            return .tick
        }
    }
}
