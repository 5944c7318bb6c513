import Logging
import Platform
import Sensors

/// Polls a u-blox receiver over I2C (DDC) and hands the bytes it read to the decoder in the polling
/// task itself (`poll`, as `GPSReceiver.fixes(polling:)` uses it), with no stream in between.
///
/// The end of each burst is marked with an empty chunk: the first poll that finds the receiver's
/// buffer empty after data, so the epoch is complete then, without a quiet timer.
///
/// The same code reads an `I2CBus` on a Pi and the simulated board's bus. A failed transfer (a NACK
/// when the receiver browns out or a wire comes loose) does not end the polling: it is logged once
/// with what to check, polling pauses with `RestartBackoff`, and the recovery is logged too. The
/// fixes then simply stop, and the navigation's own GPS timeout warns the wearer.
///
/// While `demand` says nobody steers by the fixes (no walk under way), the poller drains the receiver
/// every few seconds instead of at every epoch (`DDCIdlePolls`); a walk that starts wakes it at once,
/// and the epoch schedule takes over again from the next poll.
///
/// `executor` is where the polls run: the global executor (nil) for a bus whose transfers block the
/// thread, as a Pi's `/dev/i2c-N` ioctls do (a 1 KB burst is about 25 ms at 400 kHz), which must stay
/// off the event loop; the simulated board's in-memory bus passes the event loop.
package enum DDCPoller {
    /// Polls until the calling task is cancelled, handing `deliver` each poll's bytes and an empty
    /// chunk at each burst's end, in the calling task: a consumer that decodes there
    /// (`GPSReceiver.fixes(polling:)`) takes the bytes without a stream and a task switch per poll.
    nonisolated(nonsending)
    package static func poll(driver: UBloxDDCDriver, clock: SessionClock, logger: Logger,
                            schedule: DDCPollSchedule = DDCPollSchedule(),
                            idle: DDCIdlePolls = DDCIdlePolls(), demand: FixDemand? = nil,
                            backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30)),
                            deliver: ([UInt8]) -> Void) async {
        var driver = driver
        var schedule = schedule
        var idle = idle
        var backoff = backoff
        var failingSince: Duration?
        var healthySince = clock.elapsed
        let place = "u-blox receiver at \(hex(driver.address)) on bus \(driver.transport.bus)"
        while !Task.isCancelled {
            let wait: Duration
            do {
                let bytes = try driver.poll()
                if let since = failingSince {
                    logger.notice("\(place) answers again after \((clock.elapsed - since).clockString)")
                    failingSince = nil
                    healthySince = clock.elapsed
                }
                if !bytes.isEmpty {
                    deliver(bytes)
                } else if schedule.inBurst {
                    deliver([])
                }
                let now = clock.elapsed
                let scheduled = schedule.next(afterReading: bytes.count, at: now)
                let idleWait = idle.next(afterReading: bytes.count, scheduled: scheduled, at: now)
                wait = demand?.isWanted == false ? idleWait : scheduled
            } catch {
                let now = clock.elapsed
                if schedule.inBurst { deliver([]) }
                schedule.reset()
                idle.reset()
                wait = backoff.delayAfterFailure(runLength: now - healthySince)
                if failingSince == nil {
                    failingSince = now
                    logger.error("\(place) stopped answering: \(error); retrying every \(wait) and longer, fixes stop until it is back")
                }
                healthySince = now
            }
            do {
                if let demand, !demand.isWanted, !schedule.inBurst {
                    try await demand.sleep(for: wait, tolerance: idle.leeway, clock: clock)
                } else {
                    try await clock.sleep(for: wait)
                }
            } catch { break }
        }
    }

    package static func hex(_ address: UInt8) -> String {
        let digits = String(address, radix: 16)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
