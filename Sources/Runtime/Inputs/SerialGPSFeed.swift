import Logging
import Platform
import Sensors

/// Fixes from a GPS on a serial device (the Pi's UART hat, or a USB receiver on /dev/ttyACM0): the
/// port read raw through termios, the bytes through `GPSReceiver`. When the device goes away (a USB
/// GPS pulled out) or cannot be opened, the feed logs the device path and opens it again with
/// backoff; a receiver that stays silent is the navigation's "no fix" warning, not the feed's.
package struct SerialGPSFeed: Sendable {
    package let device: String
    package let baud: Int
    package let fixes: AsyncStream<Fix>
    private let sink: AsyncStream<Fix>.Continuation
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff
    /// The GPS's place on the status line's "waiting for:" list while it cannot be opened.
    private let waiting: DeviceWaits.Entry?

    package init(device: String, baud: Int, clock: SessionClock, logger: Logger,
                backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30), healthyRun: .seconds(60)),
                waiting: DeviceWaits.Entry? = nil) {
        self.device = device
        self.baud = baud
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.waiting = waiting
        (fixes, sink) = AsyncStream<Fix>.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    package var feed: InputFeed { InputFeed(name: "GPS \(device)") { await run() } }

    /// Opens the device, delivers fixes, and reopens after every loss until cancelled.
    package func run() async {
        await ReopenLoop.run(clock: clock, backoff: backoff, logger: logger, again: "opening the GPS on \(device)", waiting: waiting,
                             describe: { "GPS: \($0)" }) { opened in
            let port = try SerialPort(path: device, baud: baud)
            defer { port.close() }
            logger.info("reading the GPS on \(device) at \(baud) baud")
            opened()
            // Ends when the port fails; GPSReceiver logs the failure with the device path.
            let fixes = GPSReceiver.fixes(from: port.bytes(), source: device, clock: clock, logger: logger)
            for await fix in fixes { sink.yield(fix) }
            return "lost the GPS on \(device)"
        }
    }
}
