#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Platform
import Sensors
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fixes from gpsd over TCP: the pure `GPSDClientCore` fed by a `TCPConnection`. When gpsd is not
/// there (not installed, not started, restarted by its package) the feed logs why and connects again
/// with backoff, so the appliance picks the GPS up as soon as gpsd is back.
package struct GPSDFeed: Sendable {
    package let host: String
    package let port: Int
    package let fixes: AsyncStream<Fix>
    private let sink: AsyncStream<Fix>.Continuation
    private let clock: SessionClock
    private let logger: Logger
    private let backoff: RestartBackoff
    /// The GPS's place on the status line's "waiting for:" list while it cannot be opened.
    private let waiting: DeviceWaits.Entry?
    private let connectTimeout: Duration
    /// Where Debian's gpsd package puts the daemon; its absence turns "connection refused" into "install it".
    private let daemonPath: String

    package init(host: String, port: Int, clock: SessionClock, logger: Logger,
                backoff: RestartBackoff = RestartBackoff(initial: .seconds(1), maximum: .seconds(30), healthyRun: .seconds(60)),
                connectTimeout: Duration = .seconds(5), daemonPath: String = "/usr/sbin/gpsd", waiting: DeviceWaits.Entry? = nil) {
        self.host = host
        self.port = port
        self.clock = clock
        self.logger = logger
        self.backoff = backoff
        self.waiting = waiting
        self.connectTimeout = connectTimeout
        self.daemonPath = daemonPath
        (fixes, sink) = AsyncStream<Fix>.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    package var feed: InputFeed { InputFeed(name: "gpsd \(host):\(port)") { await run() } }

    /// Connects, delivers fixes, and reconnects after every loss until cancelled.
    package func run() async {
        await ReopenLoop.run(clock: clock, backoff: backoff, logger: logger, again: "connecting to gpsd at \(host):\(port)", waiting: waiting,
                             describe: { "GPS from gpsd at \(host):\(port): \(explain($0))" }) { connected in
            let fixes = try await session(connected: connected)
            return "gpsd at \(host):\(port) closed the connection after \(fixes) fixes"
        }
    }

    /// One connection: returns the number of fixes delivered when gpsd closes it, throws when it fails.
    private func session(connected: () -> Void) async throws -> Int {
        let socket = try await TCPConnection.connect(host: host, port: port, timeout: connectTimeout)
        defer { socket.close() }
        connected()
        logger.info("connected to gpsd at \(host):\(port)")
        var core = GPSDClientCore()
        var delivered = 0
        var announcedNoFix = false
        for try await chunk in socket.packets() {
            for output in core.receive(chunk, now: clock.elapsed) {
                switch output {
                case .send(let line):
                    try socket.send(Array(line.utf8))
                case .version(let release, let major) where major != GPSDClientCore.protocolMajor:
                    // Not asked to WATCH, it sends nothing: say why rather than wait silently.
                    let supported = GPSDClientCore.protocolMajor
                    logger.error("gpsd \(release) at \(host):\(port) speaks JSON protocol \(major), this build \(supported): no fixes from it; install gpsd 3.x or use [gps] source = \"uart\"")
                case .version(let release, let major):
                    logger.info("gpsd \(release) (JSON protocol \(major)) at \(host):\(port)")
                case .fix(let fix):
                    guard fix.isUsable else { continue }
                    delivered += 1
                    announcedNoFix = false
                    sink.yield(fix)
                case .noFix(let mode):
                    if !announcedNoFix {
                        logger.info("gpsd reports no position fix yet (TPV mode \(mode))")
                        announcedNoFix = true
                    }
                case .rejected(let why):
                    logger.debug("gpsd line dropped (\(core.rejectedLines) so far): \(why)")
                }
            }
        }
        return delivered
    }

    /// The error with what to do about it: whether gpsd is installed, and whether it listens there.
    func explain(_ error: any Error) -> String {
        Self.explain(error, host: host, port: port, daemonPath: daemonPath)
    }

    /// Also what `wayfinder board check` prints for a gpsd that does not answer.
    package static func explain(_ error: any Error, host: String, port: Int, daemonPath: String = "/usr/sbin/gpsd") -> String {
        guard let socketError = error as? SocketError else { return "\(error)" }
        switch socketError.code {
        case ECONNREFUSED:
            if !FileManager.default.fileExists(atPath: daemonPath) {
                return "connection refused, and gpsd is not installed (no \(daemonPath)): `sudo apt install gpsd`, "
                    + "point it at the receiver in /etc/default/gpsd, or use [gps] source = \"uart\""
            }
            return "connection refused: gpsd is installed but nothing listens on \(host):\(port); "
                + "start it (`sudo systemctl enable --now gpsd.socket`) and check [gps] host and port"
        case ETIMEDOUT, EHOSTUNREACH, ENETUNREACH:
            return "\(socketError); check [gps] host and port"
        default:
            return "\(socketError)"
        }
    }
}
