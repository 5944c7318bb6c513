import BLE
import Belt
import Logging
import Pencil
import Platform
@testable import Simulation
import WayfinderTestKit
import XCTest

/// The one GATT-server shell of the simulated belt, case and pen: real ATT PDUs over a socketpair,
/// the link's generations, outputs the model asks for, and a timer only while something is due.
final class GATTPeripheralHostTests: XCTestCase {
    let logger = Logger(label: "peripheral-host-test")

    /// Connects and discovers every service of the device's table, as a central does before using it.
    private func connect<M>(_ host: GATTPeripheralHost<M>, clock: SessionClock) async throws -> any GATTClient {
        let client = try await host.connector(clock: clock, logger: logger).connect()
        let services = M.gattDatabase.attributes.compactMap { attribute -> BLEUUID? in
            guard case .serviceDeclaration = attribute.kind else { return nil }
            return BLEUUID(littleEndian: attribute.value)
        }
        _ = try await client.discover(services: services)
        return client
    }

    /// Waits for the next event of `client` that `match` accepts, up to `limit` of real time: the
    /// simulated device answers over a kernel socketpair, which no test loop drains.
    private func next<T: Sendable>(_ client: any GATTClient, within limit: Duration = .seconds(5),
                                   _ match: @escaping @Sendable (GATTClientEvent) -> T?) async -> T? {
        let found = try? await withDeadline(limit, timeout: { DeadlineExceeded("the next matching event", limit: limit) }) {
            for await event in client.events { if let found = match(event) { return Optional(found) } }
            return nil
        }
        return found ?? nil
    }

    func testThePenRepeatsItsBatteryLevelOnItsOwnDueTimeAndSleepsOtherwise() async throws {
        let clock = SessionClock.accelerated(by: 40)
        let pen = PencilPeripheralHost(clock: clock, logger: logger)
        let client = try await connect(pen, clock: clock)
        let idle = await pen.isTimerArmed
        XCTAssertFalse(idle, "nothing is due before a subscription: no timer")
        try await client.setNotifications(characteristic: PenCharacteristic.batteryLevel.uuid, enabled: true)
        let armed = await pen.isTimerArmed
        XCTAssertTrue(armed, "the repeated battery level is due \(PencilPeripheral.batteryRepeat) later")
        let levels = await next(client) { event -> [UInt8]? in
            guard case .notification(PenCharacteristic.batteryLevel.uuid, let value) = event else { return nil }
            return value
        }
        XCTAssertEqual(levels, [80], "the first level, at once")
        let repeated = await next(client) { event -> [UInt8]? in
            guard case .notification(PenCharacteristic.batteryLevel.uuid, let value) = event else { return nil }
            return value
        }
        XCTAssertEqual(repeated, [80], "the repeat, when it fell due")
        // The timer task ends just after it sent the repeat, which may reach us first: its host runs
        // on the peripherals' loop, which no test loop drains, so this is polled, bounded.
        do {
            try await eventually("the pen's timer to end", timeout: .seconds(5), every: .milliseconds(2)) { !(await pen.isTimerArmed) }
        } catch is DeadlineExceeded {}
        let after = await pen.isTimerArmed
        XCTAssertFalse(after, "nothing more is due: the timer ends")
        await client.disconnect()
    }

    func testAnOutputThatDropsTheLinkEndsItFromTheDevicesSide() async throws {
        let clock = SessionClock.continuous()
        let pen = PencilPeripheralHost(clock: clock, logger: logger)
        let client = try await connect(pen, clock: clock)
        // The pen drops the link as it takes the write, so its answer may never come.
        try? await client.write(characteristic: PenCharacteristic.shouldPowerOff.uuid, value: [0x01], withResponse: true)
        let reason = await next(client) { event -> String? in
            guard case .disconnected(let reason) = event else { return nil }
            return reason ?? "closed by us"
        }
        XCTAssertNotNil(reason, "ShouldPowerOff ends the link")
        XCTAssertNotEqual(reason, "closed by us")
        let (connected, advertising) = (await pen.isConnected, await pen.peripheral.isAdvertising)
        XCTAssertFalse(connected)
        XCTAssertFalse(advertising, "a powered-off pen does not advertise")
    }

    func testANewCentralSupersedesALinkThatLooksAlive() async throws {
        let clock = SessionClock.continuous()
        let belt = BeltPeripheralHost(clock: clock, logger: logger)
        let first = try await connect(belt, clock: clock)
        let second = try await connect(belt, clock: clock)
        let reason = await next(first) { event -> String? in
            guard case .disconnected(let reason) = event else { return nil }
            return reason ?? "closed by us"
        }
        XCTAssertNotNil(reason, "the first link is closed when the second arrives")
        let (served, connected) = (await belt.linksServed, await belt.isConnected)
        XCTAssertEqual(served, 2)
        XCTAssertTrue(connected)
        let firmware = try await second.read(characteristic: BeltCharacteristic.fe01.uuid)
        XCTAssertEqual(firmware, BeltNotification.firmwareInfo(BeltPeripheral.firmware).encoded().bytes, "the second link is served")
        await second.disconnect()
    }

    func testABeltWrittenToEvery50MillisecondsStillKeepsItsOwnTime() async throws {
        let clock = SessionClock.accelerated(by: 10)
        let belt = BeltPeripheralHost(clock: clock, logger: logger)
        let client = try await connect(belt, clock: clock)
        try await client.setNotifications(characteristic: BeltCharacteristic.fe02.uuid, enabled: true)
        // Requests faster than the belt's 100 ms grid: each one must not put its next move off.
        let chatter = Task {
            var on = true
            while !Task.isCancelled {
                try? await client.setNotifications(characteristic: BeltCharacteristic.fe09.uuid, enabled: on)
                on.toggle()
                try? await clock.sleep(for: .milliseconds(50))
            }
        }
        defer { chatter.cancel() }
        let keepAlive = await next(client) { event -> Bool? in
            guard case .notification(BeltCharacteristic.fe02.uuid, _) = event else { return nil }
            return true
        }
        XCTAssertEqual(keepAlive, true, "the keep-alive falls due \(BeltPeripheral.keepAliveInterval) after the subscription")
        chatter.cancel()
        await client.disconnect()
    }

    func testAnIdleCaseSleepsUntilItsNextStroke() async throws {
        let clock = SessionClock.continuous()
        let touchCase = FuffrPeripheralHost(clock: clock, logger: logger)
        let client = try await connect(touchCase, clock: clock)
        let idle = await touchCase.isTimerArmed
        XCTAssertFalse(idle, "no stroke scripted: the case's host does not wake")
        await touchCase.play(FuffrTouchTrace([
            .init(side: .right, start: clock.elapsed + .seconds(60), duration: .milliseconds(100), from: (0.5, 0.5)),
        ]))
        let waiting = await touchCase.isTimerArmed
        XCTAssertTrue(waiting, "a stroke is scripted: the host sleeps toward its start")
        await client.disconnect()
    }
}
