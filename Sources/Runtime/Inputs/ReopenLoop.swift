import Logging
import Platform

/// The loop every device feed runs: open and read until the device is lost, log what happened, wait
/// with backoff, open again, until cancelled. A failure the same as the last one goes to debug, with a
/// reminder at notice at widening intervals (`RepeatedFailure`), so the journal's error priority shows a
/// device left unplugged (or gpsd left stopped) once, not every 30 s.
/// While the device cannot be opened it is on the status line's "waiting for:" list (`DeviceWaits`),
/// and comes off it once it opens.
enum ReopenLoop {
    /// `session` opens the device, calls `opened` once it is open (which re-arms the error log and clears
    /// the wait), reads until the device ends, and returns what to log at warning; it throws when it
    /// cannot open or read. `describe` words a failure for the log; `again` names the retry ("opening
    /// the GPS on /dev/ttyAMA0"); `waiting` is the device's place on the status line.
    static func run(clock: SessionClock, backoff initial: RestartBackoff, logger: Logger, again: String,
                    waiting: DeviceWaits.Entry? = nil,
                    describe: (any Error) -> String,
                    session: (_ opened: () -> Void) async throws -> String) async {
        var backoff = initial
        var failures = RepeatedFailure()
        defer { waiting?.ready() }  // a stopped feed waits for nothing
        while !Task.isCancelled {
            let started = clock.elapsed
            var repeated = false
            do {
                let ended = try await session {
                    failures.succeeded()
                    waiting?.ready()
                }
                if Task.isCancelled { return }
                logger.warning("\(ended)")
            } catch {
                if Task.isCancelled { return }
                let problem = describe(error)
                let verdict = failures.failed(problem, at: clock.elapsed)
                repeated = verdict != .first
                logger.log(verdict, level: .error, problem, still: "\(again) still fails")
                waiting?.waiting(DeviceWaits.brief(error))
            }
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            logger.log(level: repeated ? .debug : .info, "\(again) again in \(DurationFormat.text(delay))")
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }
}
