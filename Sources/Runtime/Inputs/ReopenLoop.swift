import Logging
import Platform

/// The loop every device feed runs: open and read until the device is lost, log what happened, wait
/// with backoff, open again, until cancelled. A failure the same as the last one goes to debug, so the
/// journal's error priority shows a device left unplugged (or gpsd left stopped) once, not every 30 s.
enum ReopenLoop {
    /// `session` opens the device, calls `opened` once it is open (which re-arms the error log), reads
    /// until the device ends, and returns what to log at warning; it throws when it cannot open or read.
    /// `describe` words a failure; `again` names the retry ("opening the GPS on /dev/ttyAMA0").
    static func run(clock: SessionClock, backoff initial: RestartBackoff, logger: Logger, again: String,
                    describe: (any Error) -> String,
                    session: (_ opened: () -> Void) async throws -> String) async {
        var backoff = initial
        var lastProblem: String?
        while !Task.isCancelled {
            let started = clock.elapsed
            do {
                let ended = try await session { lastProblem = nil }
                if Task.isCancelled { return }
                logger.warning("\(ended)")
            } catch {
                if Task.isCancelled { return }
                let problem = describe(error)
                if problem == lastProblem { logger.debug("still: \(problem)") } else { logger.error("\(problem)") }
                lastProblem = problem
            }
            let delay = backoff.delayAfterFailure(runLength: clock.elapsed - started)
            logger.info("\(again) again in \(SupervisedService.format(delay))")
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }
}
