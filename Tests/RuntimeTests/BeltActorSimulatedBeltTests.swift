import BLE
import Belt
import Platform
@testable import Runtime
import Simulation
import Status
import Synchronization
import WayfinderTestKit
import XCTest

/// The belt actor against the simulated belt: our `GATTBeltLink` and the belt's GATT server exchanging
/// real ATT PDUs over a socketpair, both on one `TestEventLoop`. What the belt reports of itself
/// (firmware, battery, power, its compass accuracy signal, an intensity set on its buttons) reaches
/// the status and the log, and what the appliance asks of it reaches the belt's bytes.
final class BeltActorSimulatedBeltTests: XCTestCase {
    private final class Reports: Sendable {
        let all = Mutex<[BeltActor.Report]>([])
        var intensities: [Int] { all.withLock { $0.compactMap { if case .intensityChanged(let i) = $0 { i } else { nil } } } }
    }

    private struct Rig {
        let loop: TestEventLoop
        let host: BeltPeripheralHost
        let belt: BeltActor
        let reports: Reports
        let logs: LogCapture

        func on<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T { try loop.run(body) }

        var status: BeltStatus { get throws { try on { await belt.statusPart.status } } }

        func stop() {
            belt.mailbox.send(.shutdown)
            loop.drain()
        }
    }

    /// Starts the actor with `[devices.belt] compass_accuracy_signal` resolved to `compassSignal`, and
    /// drains until the belt is connected.
    private func connectedRig(compassSignal: Bool?) throws -> Rig {
        let loop = TestEventLoop()
        let logs = LogCapture()
        let host = BeltPeripheralHost(clock: loop.clock, logger: logs.logger("belt-sim"), executor: loop)
        let link = GATTBeltLink(connector: host.connector(clock: loop.clock, logger: logs.logger("gatt"), executor: loop),
                                clock: loop.clock, logger: logs.logger("belt-link"), executor: loop)
        let (requests, _) = AsyncStream<BeltRequest>.makeStream()
        let (reportStream, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60,
                             compassAccuracySignal: compassSignal, clock: loop.clock, logger: logs.logger("belt"),
                             health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: []), executor: loop)
        let reports = Reports()
        loop.spawn { _ = try? await belt.run() }
        loop.spawn { for await r in reportStream { reports.all.withLock { $0.append(r) } } }
        loop.drain()
        let rig = Rig(loop: loop, host: host, belt: belt, reports: reports, logs: logs)
        XCTAssertTrue(try rig.on { await belt.statusPart.connected }, "one drain connects the belt")
        return rig
    }

    /// With the signal wanted off (`heading_source = "external"` under "auto"), the connection writes
    /// `11 03 00 01` (app mode off, compass mode kept) to a belt that had both on, and status shows
    /// what the belt reported back, with its firmware and battery.
    func testTheConnectionSwitchesTheCompassSignalOffInAppModeAndStatusShowsTheBelt() throws {
        let rig = try connectedRig(compassSignal: false)
        defer { rig.stop() }
        XCTAssertEqual(try rig.on { await rig.host.peripheral.compassAccuracyState }, .inCompassMode,
                       "the app-mode bit cleared, the compass-mode bit as the belt had it")
        let records = try rig.on { await rig.host.records.map(\.command) }
        XCTAssertTrue(records.contains(.setAdvancedParameter(.compassAccuracySignal(.inCompassMode), persistent: false)), "\(records)")
        XCTAssertEqual(try rig.on { await rig.host.violations }, [])
        let status = try rig.status
        XCTAssertEqual(status.compassAccuracySignal, false, "read back from the belt's FE06 answer")
        XCTAssertEqual(status.firmwareRevision, "52 variant 1")
        XCTAssertEqual(status.power, "battery")
        XCTAssertEqual(status.batteryPercent, 96)
        let tte = try XCTUnwrap(status.timeToEmptySeconds)
        XCTAssertEqual(tte, 96 / 0.0008, accuracy: 6, "the simulated belt's idle drain, in the field's 5.625 s steps")
        XCTAssertNil(status.timeToFullSeconds)
        XCTAssertEqual(rig.logs.matching("belt firmware 52 variant 1").count, 1, "logged once per connection")
    }

    /// A belt that already plays the signal as wanted is not written to.
    func testABeltThatAgreesIsLeftAlone() throws {
        let rig = try connectedRig(compassSignal: true)
        defer { rig.stop() }
        let records = try rig.on { await rig.host.records.map(\.command) }
        XCTAssertFalse(records.contains { if case .setCompassAccuracySignal = $0 { true } else if case .setAdvancedParameter = $0 { true } else { false } },
                       "\(records)")
        XCTAssertEqual(try rig.status.compassAccuracySignal, true)
    }

    /// The wearer raises the intensity on the belt (pause, then home): the appliance follows, tells
    /// the navigation actor, logs it, and writes it back after a reconnection, not the configured 60.
    func testAnIntensityChangedOnTheBeltIsFollowedAndRestoredAfterALoss() throws {
        let rig = try connectedRig(compassSignal: nil)
        defer { rig.stop() }
        try rig.on {
            await rig.host.press(.pause, .short)
            await rig.host.press(.home, .short)
        }
        rig.loop.drain()
        XCTAssertEqual(try rig.on { await rig.host.defaultIntensity }, 70, "one press of home in pause mode")
        XCTAssertEqual(try rig.status.intensityPercent, 70)
        XCTAssertEqual(rig.reports.intensities, [70])
        XCTAssertEqual(rig.logs.matching("default intensity now 70% (changed on the belt)").count, 1, "\(rig.logs.all)")

        try rig.on { await rig.host.dropLink() }
        rig.loop.drain()
        // The belt forgets it (a reboot, say); the reconnection brings the wearer's choice back.
        try rig.on { await rig.host.setIntensityOnButtons(50) }
        rig.loop.advance(by: .seconds(1))
        XCTAssertTrue(try rig.on { await rig.belt.statusPart.connected })
        XCTAssertEqual(try rig.on { await rig.host.defaultIntensity }, 70)
        XCTAssertEqual(rig.reports.intensities, [70], "our own write's echo is not the wearer's change")
    }

    /// The belt is plugged in: the status shows it charging with its time to full.
    func testPluggingTheBeltInShowsChargingAndTheTimeToFull() throws {
        let rig = try connectedRig(compassSignal: nil)
        defer { rig.stop() }
        try rig.on { await rig.host.setPower(.charging) }
        rig.loop.drain()
        let status = try rig.status
        XCTAssertEqual(status.power, "charging")
        XCTAssertNil(status.timeToEmptySeconds)
        let ttf = try XCTUnwrap(status.timeToFullSeconds)
        XCTAssertEqual(ttf, 4 / SimulatedBelt.chargePerSecond, accuracy: 6)
    }
}
