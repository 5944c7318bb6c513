import BLE
import Belt
import Logging
import Pencil
import Platform
import Synchronization
@testable import Simulation
import WayfinderTestKit
import XCTest

/// The one GATT-server shell of the simulated belt, case and pen: real ATT PDUs over a socketpair,
/// the link's generations, outputs the model asks for, and a timer only while something is due. The
/// device, our GATT client and the socketpair between them run on one test loop.
final class GATTPeripheralHostTests: XCTestCase {
    let logger = Logger(label: "peripheral-host-test")

    /// A client's events, as they arrived.
    private final class Events: Sendable {
        private let events = Mutex<[GATTClientEvent]>([])
        func append(_ event: GATTClientEvent) { events.withLock { $0.append(event) } }
        var all: [GATTClientEvent] { events.withLock { $0 } }
        func notifications(_ characteristic: BLEUUID) -> [[UInt8]] {
            all.compactMap { if case .notification(characteristic, let value) = $0 { value } else { nil } }
        }
        var disconnections: [String?] { all.compactMap { if case .disconnected(let reason) = $0 { .some(reason) } else { nil } } }
    }

    /// Connects and discovers every service of the device's table, as a central does before using it,
    /// and collects the client's events.
    private func connect<M>(_ host: GATTPeripheralHost<M>, on loop: TestEventLoop) throws -> (any GATTClient, Events) {
        let logger = self.logger
        let services = M.gattDatabase.attributes.compactMap { attribute -> BLEUUID? in
            guard case .serviceDeclaration = attribute.kind else { return nil }
            return BLEUUID(littleEndian: attribute.value)
        }
        let client = try loop.run { () async throws -> any GATTClient in
            let client = try await host.connector(clock: loop.clock, logger: logger, executor: loop).connect()
            _ = try await client.discover(services: services)
            return client
        }
        let events = Events()
        loop.spawn { for await event in client.events { events.append(event) } }
        loop.drain()
        return (client, events)
    }

    func testThePenRepeatsItsBatteryLevelOnItsOwnDueTimeAndSleepsOtherwise() throws {
        let loop = TestEventLoop()
        let pen = PencilPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        let (client, events) = try connect(pen, on: loop)
        XCTAssertFalse(try loop.run { await pen.isTimerArmed }, "nothing is due before a subscription: no timer")
        let battery = PenCharacteristic.batteryLevel.uuid
        try loop.run { try await client.setNotifications(characteristic: battery, enabled: true) }
        XCTAssertTrue(try loop.run { await pen.isTimerArmed }, "the repeated battery level is due \(PencilPeripheral.batteryRepeat) later")
        XCTAssertEqual(events.notifications(battery), [[80]], "the first level, at once")
        loop.advance(by: PencilPeripheral.batteryRepeat - .milliseconds(1))
        XCTAssertEqual(events.notifications(battery), [[80]], "not before it falls due")
        loop.advance(by: .milliseconds(1))
        XCTAssertEqual(events.notifications(battery), [[80], [80]], "the repeat, when it fell due")
        XCTAssertFalse(try loop.run { await pen.isTimerArmed }, "nothing more is due: the timer ends")
        try loop.run { await client.disconnect() }
    }

    func testAnOutputThatDropsTheLinkEndsItFromTheDevicesSide() throws {
        let loop = TestEventLoop()
        let pen = PencilPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        let (client, events) = try connect(pen, on: loop)
        // The pen drops the link as it takes the write, so its answer may never come.
        try loop.run { try? await client.write(characteristic: PenCharacteristic.shouldPowerOff.uuid, value: [0x01], withResponse: true) }
        XCTAssertEqual(events.disconnections.count, 1, "ShouldPowerOff ends the link")
        XCTAssertNotEqual(events.disconnections.first, .some(nil), "ended by the pen, not by us")
        XCTAssertFalse(try loop.run { await pen.isConnected })
        XCTAssertFalse(try loop.run { await pen.peripheral.isAdvertising }, "a powered-off pen does not advertise")
    }

    func testANewCentralSupersedesALinkThatLooksAlive() throws {
        let loop = TestEventLoop()
        let belt = BeltPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        let (first, firstEvents) = try connect(belt, on: loop)
        let (second, _) = try connect(belt, on: loop)
        _ = first
        XCTAssertEqual(firstEvents.disconnections.count, 1, "the first link is closed when the second arrives")
        XCTAssertNotEqual(firstEvents.disconnections.first, .some(nil), "closed by the belt, not by us")
        XCTAssertEqual(try loop.run { await belt.linksServed }, 2)
        XCTAssertTrue(try loop.run { await belt.isConnected })
        let firmware = try loop.run { try await second.read(characteristic: BeltCharacteristic.fe01.uuid) }
        XCTAssertEqual(firmware, BeltNotification.firmwareInfo(BeltPeripheral.firmware).encoded().bytes, "the second link is served")
        try loop.run { await second.disconnect() }
    }

    func testABeltWrittenToEvery50MillisecondsStillKeepsItsOwnTime() throws {
        let loop = TestEventLoop()
        let belt = BeltPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        let (client, events) = try connect(belt, on: loop)
        let keepAlive = BeltCharacteristic.fe02.uuid
        try loop.run { try await client.setNotifications(characteristic: keepAlive, enabled: true) }
        let subscribed = loop.now
        // Requests faster than the belt's 100 ms grid: each one must not put its next move off.
        let clock = loop.clock
        let chatter = loop.spawn {
            var on = true
            while !Task.isCancelled {
                try? await client.setNotifications(characteristic: BeltCharacteristic.fe09.uuid, enabled: on)
                on.toggle()
                do { try await clock.sleep(for: .milliseconds(50)) } catch { return }
            }
        }
        defer { chatter.cancel(); loop.drain() }
        loop.advance(to: subscribed + BeltPeripheral.keepAliveInterval - .milliseconds(1))
        XCTAssertEqual(events.notifications(keepAlive).count, 0, "not before it falls due")
        loop.advance(to: subscribed + BeltPeripheral.keepAliveInterval)
        XCTAssertEqual(events.notifications(keepAlive).count, 1,
                       "the keep-alive falls due \(BeltPeripheral.keepAliveInterval) after the subscription, chatter or not")
        chatter.cancel()
        try loop.run { await client.disconnect() }
    }

    func testAnIdleCaseSleepsUntilItsNextStroke() throws {
        let loop = TestEventLoop()
        let touchCase = FuffrPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        let (client, _) = try connect(touchCase, on: loop)
        XCTAssertFalse(try loop.run { await touchCase.isTimerArmed }, "no stroke scripted: the case's host does not wake")
        let start = loop.now + .seconds(60)
        try loop.run {
            await touchCase.play(FuffrTouchTrace([.init(side: .right, start: start, duration: .milliseconds(100), from: (0.5, 0.5))]))
        }
        XCTAssertTrue(try loop.run { await touchCase.isTimerArmed }, "a stroke is scripted: the host sleeps toward its start")
        try loop.run { await client.disconnect() }
    }
}
