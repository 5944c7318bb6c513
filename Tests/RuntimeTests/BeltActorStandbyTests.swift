import BLE
import Belt
import Platform
@testable import Runtime
import Simulation
import Status
import Synchronization
import WayfinderTestKit
import XCTest

/// The wearer switches the belt off with its power button and on again, against the simulated belt
/// over a socketpair (our `GATTBeltLink` and the belt's GATT server on one `TestEventLoop`): no
/// warning and no connection attempt while it is off, and the walk back on the belt once it is on.
final class BeltActorStandbyTests: XCTestCase {
    private final class Reports: Sendable {
        let all = Mutex<[BeltActor.Report]>([])
    }

    private struct Rig {
        let loop: TestEventLoop
        let host: BeltPeripheralHost
        let link: GATTBeltLink
        let belt: BeltActor
        let requests: AsyncStream<BeltRequest>.Continuation
        let reports: Reports
        let logs: LogCapture

        func on<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T { try loop.run(body) }

        var status: BeltStatus { get throws { try on { await belt.statusPart.status } } }
        var links: Int { get throws { try on { await host.linksServed } } }
        /// Journal priorities 0–4: emergency to warning.
        var warnings: [String] { logs.all.filter { ["<0>", "<1>", "<2>", "<3>", "<4>"].contains(String($0.prefix(3))) } }

        /// The bearing the belt's navigation channel points to, nil when it is silent.
        func navigationBearing() throws -> Int? {
            let channels = try on { await host.channels }
            guard case .magneticBearing(let b)? = channels[ChannelConfiguration.navigationChannel]?.configuration.orientation
            else { return nil }
            return Int(b)
        }

        func stop() {
            belt.mailbox.send(.shutdown)
            loop.drain()
        }
    }

    /// The actor on a kept link (the appliance's policy) that listens through the host, navigating
    /// east at 70 %.
    private func navigatingRig() throws -> Rig {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let host = BeltPeripheralHost(clock: loop.clock, logger: logs.logger("belt-sim"), executor: loop)
        let link = GATTBeltLink(connector: host.connector(clock: loop.clock, logger: logs.logger("gatt"), executor: loop),
                                clock: loop.clock, listener: host.listener(clock: loop.clock),
                                logger: logs.logger("belt-link"), executor: loop)
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (reportStream, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 70,
                             clock: loop.clock, logger: logs.logger("belt"),
                             health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: []), executor: loop)
        let reports = Reports()
        loop.spawn { _ = try? await belt.run() }
        loop.spawn { for await r in reportStream { reports.all.withLock { $0.append(r) } } }
        loop.drain()
        requestSink.yield(.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation))
        loop.advance(by: .seconds(1))
        let rig = Rig(loop: loop, host: host, link: link, belt: belt, requests: requestSink, reports: reports, logs: logs)
        XCTAssertEqual(try rig.on { await host.mode }, .app)
        XCTAssertEqual(try rig.navigationBearing(), 90)
        return rig
    }

    func testSwitchedOffIsToldAtNoticeWithoutWarningOrAttemptsAndSwitchedOnResumesTheWalk() throws {
        let rig = try navigatingRig()
        defer { rig.stop() }
        XCTAssertEqual(try rig.links, 1)

        try rig.on { await rig.host.press(.power, .long) }
        rig.loop.drain()
        XCTAssertEqual(try rig.status.link, .standby)
        XCTAssertTrue(rig.reports.all.withLock { $0.contains(.standby) })
        XCTAssertEqual(rig.logs.matching("<5>belt: the wearer switched the belt off").count, 1, "\(rig.logs.all)")
        XCTAssertTrue(try rig.on { await rig.link.isListeningForTheBelt })

        // Two minutes off: listening windows of 3 s at t+5, +18, +41, +74 and +107 s (pauses 5, 10,
        // 20, 30, 30 s), and not one connection attempt.
        rig.loop.advance(by: .seconds(120))
        XCTAssertEqual(try rig.links, 1, "no connection while the belt is off")
        XCTAssertEqual(try rig.on { await rig.host.listeningWindows }, 5)
        XCTAssertTrue(rig.logs.matching("connection attempt").isEmpty, "\(rig.logs.all)")
        XCTAssertEqual(try rig.status.link, .standby)
        XCTAssertEqual(rig.warnings, [], "switching the belt off is no problem")

        // Switched on: heard in the next window (t+140 s at the latest), connected, back to the walk.
        try rig.on { await rig.host.press(.power, .long) }
        XCTAssertEqual(try rig.on { await rig.host.mode }, .wait)
        rig.loop.advance(by: .seconds(34))
        XCTAssertEqual(try rig.links, 2)
        XCTAssertEqual(try rig.status.link, .connected)
        XCTAssertEqual(try rig.on { await rig.host.mode }, .app, "the walk's mode restored")
        XCTAssertEqual(try rig.navigationBearing(), 90, "the walk's direction restored")
        XCTAssertEqual(try rig.on { await rig.host.defaultIntensity }, 70)
        XCTAssertTrue(rig.reports.all.withLock { $0.contains(.resumed) })
        XCTAssertEqual(rig.logs.matching("<5>belt: belt connected: the wearer switched it on again").count, 1, "\(rig.logs.all)")
        XCTAssertFalse(try rig.on { await rig.link.isListeningForTheBelt })
        XCTAssertEqual(rig.warnings, [])
        XCTAssertEqual(try rig.on { await rig.host.violations }, [])
    }

    /// The same belt walking out of range (no standby before the loss) is still a loss: a warning,
    /// and connection attempts right away, not listening.
    func testALossWithoutStandbyStillWarnsAndReconnects() throws {
        let rig = try navigatingRig()
        defer { rig.stop() }
        try rig.on { await rig.host.dropLink() }
        rig.loop.drain()
        XCTAssertEqual(rig.logs.matching("<4>belt: belt connection lost; reconnecting").count, 1, "\(rig.logs.all)")
        XCTAssertFalse(try rig.on { await rig.link.isListeningForTheBelt })
        XCTAssertNotEqual(try rig.status.link, .standby)
        rig.loop.advance(by: .seconds(1))
        XCTAssertEqual(try rig.links, 2, "reconnected after the first backoff step, 0.5 s")
        XCTAssertEqual(try rig.on { await rig.host.listeningWindows }, 0)
    }
}
