import BLESockets
import Belt
import Clocks
import Config
import Navigation
import Platform
import Sensors
import Simulation
import WayfinderTestKit
import XCTest

final class BeltPeripheralTests: XCTestCase {
    /// A value write; returns the notifications it produced.
    func write(_ p: inout BeltPeripheral, _ c: BeltCharacteristic, _ bytes: [UInt8], at t: Duration = .zero) -> [BeltWrite] {
        p.write(c, bytes, at: t)
    }

    func subscribe(_ p: inout BeltPeripheral, _ cs: [BeltCharacteristic], at t: Duration = .zero) {
        for c in cs { XCTAssertEqual(p.setNotifications(c, enabled: true, at: t), []) }
    }

    func advance(_ p: inout BeltPeripheral, to end: Duration, from start: Duration = .zero) -> [(Duration, BeltWrite)] {
        var out: [(Duration, BeltWrite)] = []
        var t = start
        while t < end {
            t += .milliseconds(250)
            out += p.advance(to: t, dt: 0.25).map { (t, $0) }
        }
        return out
    }

    func testTheRecommendedHandshakeGetsItsAnswers() {
        var p = BeltPeripheral()
        subscribe(&p, [.fe02, .fe06])
        XCTAssertEqual(write(&p, .fe05, [0x01, 0x01]), [BeltWrite(characteristic: .fe06, bytes: [0x01, 0x01, 0x01])], "mode: wait")
        XCTAssertEqual(write(&p, .fe05, [0x01, 0x02]), [BeltWrite(characteristic: .fe06, bytes: [0x01, 0x02, 50])])
        XCTAssertEqual(p.read(.fe01, at: .zero), [52, 0x00, 0x01])
        XCTAssertEqual(write(&p, .fe05, [0x01, 0x03]), [BeltWrite(characteristic: .fe06, bytes: [0x01, 0x03, 0x00, 0x00])])
        XCTAssertEqual(write(&p, .fe05, [0x10, 0x01, 0x03]), [BeltWrite(characteristic: .fe06, bytes: [0x10, 0x03, 0x03])])
        subscribe(&p, [.fe04, .fe09, .fe0c, .fe14])
        let battery = p.read(.fe09, at: .zero)
        XCTAssertEqual(battery?.count, 9)
        XCTAssertEqual(battery?.first, BeltPowerStatus.onBattery.rawValue)
        XCTAssertEqual(battery.map { Int($0[1]) | Int($0[2]) << 8 }, 96 * 256)
        XCTAssertEqual(p.violations, [])
        XCTAssertEqual(p.belt.violations, [])
        XCTAssertTrue(p.belt.orientationNotifications, "the FE0C CCCD is the orientation switch")
    }

    func testAnswersGoOnlyToSubscribedCharacteristics() {
        var p = BeltPeripheral()
        XCTAssertEqual(write(&p, .fe05, [0x01, 0x01]), [])
        XCTAssertEqual(p.violations, [])
    }

    func testMalformedWritesAreViolationsAndChangeNothing() {
        var p = BeltPeripheral()
        subscribe(&p, [.fe02, .fe06])
        let before = p.belt.records
        XCTAssertEqual(write(&p, .fe03, [0x20, 0x07], at: .seconds(1)), [])
        XCTAssertEqual(write(&p, .fe05, [0x01], at: .seconds(2)), [])
        XCTAssertEqual(write(&p, .fe06, [0x01, 0x01], at: .seconds(3)), [], "FE06 is notify-only")
        XCTAssertEqual(p.setNotifications(.fe03, enabled: true, at: .seconds(4)), [], "FE03 has no CCCD")
        XCTAssertNil(p.read(.fe03, at: .seconds(5)))
        XCTAssertEqual(p.violations.map(\.characteristic), ["fe03", "fe05", "fe06", "fe03", "fe03"])
        XCTAssertEqual(p.violations.map(\.hex).prefix(2), ["20 07", "01"])
        XCTAssertEqual(p.violations.first?.at, .seconds(1))
        XCTAssertFalse(p.violations.contains { $0.reason.isEmpty })
        XCTAssertEqual(p.belt.records, before)
        XCTAssertEqual(p.mode, .wait)
        XCTAssertEqual(p.activeChannels, [:])
    }

    func testAppModeAndAChannelConfigurationVibrateTowardTheRightMotor() {
        var p = BeltPeripheral()
        subscribe(&p, [.fe06])
        let toApp = BeltCommand.changeMode(.app).encoded()
        XCTAssertEqual(toApp.characteristic, .fe05)
        XCTAssertEqual(write(&p, .fe05, toApp.bytes), [BeltWrite(characteristic: .fe06, bytes: [0x01, 0x01, 0x03])])
        let east = BeltCommand.configureChannel(
            ChannelConfiguration(channel: 2, pattern: .continuous, intensity: 70, orientation: .magneticBearing(90),
                                 iterations: 0, periodMilliseconds: 500, clearOtherChannels: true)).encoded()
        XCTAssertEqual(east.characteristic, .fe03)
        XCTAssertEqual(write(&p, .fe03, east.bytes), [])
        XCTAssertEqual(p.belt.navigationMotor(compassHeading: 0), 4, "east while facing north: motor 4 of 16")
        XCTAssertEqual(p.activeChannels[2]?.configuration.intensity, 70)
        XCTAssertEqual(p.activeChannels[2]?.configuration.pattern, .continuous)
        XCTAssertEqual(p.activeChannels[2]?.configuration.orientation, .magneticBearing(90))
        XCTAssertEqual(write(&p, .fe03, [0x30, 0xFF]), [])
        XCTAssertNil(p.belt.navigationMotor(compassHeading: 0))
        XCTAssertEqual(p.violations, [])
        XCTAssertEqual(p.belt.violations, [])
    }

    func testKeepAliveEveryTwoSecondsOnlyWhileSubscribed() {
        var p = BeltPeripheral()
        XCTAssertTrue(advance(&p, to: .seconds(5)).isEmpty, "nothing before subscribing")
        subscribe(&p, [.fe02], at: .seconds(5))
        let pings = advance(&p, to: .seconds(11), from: .seconds(5))
        XCTAssertEqual(pings.map(\.0), [.seconds(7), .seconds(9), .seconds(11)])
        XCTAssertEqual(Set(pings.map(\.1)), [BeltWrite(characteristic: .fe02, bytes: [0x00, 0x01])], "byte 1 = wait mode")
        XCTAssertEqual(write(&p, .fe02, [0x01]), [], "the answer is accepted")
        XCTAssertEqual(p.keepAliveAnswers, 1)
        XCTAssertEqual(p.setNotifications(.fe02, enabled: false, at: .seconds(11)), [])
        XCTAssertTrue(advance(&p, to: .seconds(20), from: .seconds(11)).isEmpty)
        XCTAssertEqual(p.violations, [])
    }

    func testOrientationEvery500MillisecondsOnlyWhileSubscribed() {
        var p = BeltPeripheral()
        p.magneticHeading = 123.4
        XCTAssertTrue(advance(&p, to: .seconds(1)).isEmpty)
        subscribe(&p, [.fe0c], at: .seconds(1))
        let reports = advance(&p, to: .seconds(3), from: .seconds(1))
        XCTAssertEqual(reports.map(\.0), [.milliseconds(1500), .seconds(2), .milliseconds(2500), .seconds(3)])
        for (_, n) in reports {
            XCTAssertEqual(n.characteristic, .fe0c)
            XCTAssertEqual(n.bytes.count, 16)
            XCTAssertEqual(n.bytes[0], 0x02, "fusion sensor, the only source iOS accepts")
            XCTAssertEqual(Int(n.bytes[1]) | Int(n.bytes[2]) << 8, 123)
            XCTAssertEqual(n.bytes[15], 0, "accurate")
        }
        XCTAssertEqual(p.setNotifications(.fe0c, enabled: false, at: .seconds(3)), [])
        XCTAssertTrue(advance(&p, to: .seconds(6), from: .seconds(3)).isEmpty)
        XCTAssertEqual(p.violations, [])
    }

    func testBatteryIsNotifiedWhenThePercentageChanges() {
        var p = BeltPeripheral()
        subscribe(&p, [.fe09])
        // Idle drain is 0.0008 %/s: the first whole percent goes after about 20 minutes.
        let timed = advance(&p, to: .seconds(3000))
        let notes = timed.map(\.1)
        XCTAssertEqual(notes.count, 2, "96 → 95 → 94 in 50 minutes")
        XCTAssertTrue(notes.allSatisfy { $0.characteristic == .fe09 && $0.bytes.count == 9 })
        XCTAssertGreaterThan(timed.first?.0 ?? .zero, .seconds(1200))
        let first = notes.first.map { Double(Int($0.bytes[1]) | Int($0.bytes[2]) << 8) / 256 } ?? 0
        XCTAssertEqual(first, 95, accuracy: 0.01)
    }

    func testAScriptedButtonPressArrivesAsFE04Bytes() {
        let route = Route(kind: .waypoints, waypoints: [
            Waypoint(coordinate: Coordinate(latitude: 52.27, longitude: 8.04)),
            Waypoint(coordinate: Coordinate(latitude: 52.271, longitude: 8.04)),
        ])
        let configuration = SimulationConfiguration(events: [
            SimulationEvent(at: .seconds(1), action: .beltButton(.compass, .short)),
            SimulationEvent(at: .seconds(2), action: .beltButton(.compass, .long)),
        ])
        var world = SimulatedWorld(route: route, configuration: configuration, declination: 0)
        XCTAssertTrue(world.gattConnect())
        _ = world.withPeripheral { p, t in p.setNotifications(.fe04, enabled: true, at: t) }
        let fe04 = world.advance(to: .seconds(3)).beltNotifications.filter { $0.characteristic == .fe04 }
        XCTAssertEqual(fe04.map(\.bytes), [[0x03, 0x01, 0x00, 0x01, 0x02], [0x03, 0x03, 0x00, 0x02, 0x05]])
        XCTAssertEqual(world.peripheral.violations, [])
    }

    // MARK: Over the in-process GATT client

    func makeBoard(_ events: [SimulationEvent] = [], clock: SessionClock = .continuous()) -> SimulatedBoard {
        let route = Route(kind: .waypoints, waypoints: [
            Waypoint(coordinate: Coordinate(latitude: 52.27, longitude: 8.04)),
            Waypoint(coordinate: Coordinate(latitude: 52.271, longitude: 8.04)),
        ])
        let world = SimulatedWorld(route: route, configuration: SimulationConfiguration(events: events), declination: 0)
        return SimulatedBoard(world: world, clock: clock, logger: LogCapture().logger("sim"))
    }

    func testAModeRequestOverTheClientIsAnsweredAsANotification() async throws {
        let board = makeBoard()
        let client = try await SimulatedBeltGATTConnector(board: board).connect()
        let services = try await client.discover(services: BeltService.allCases.map(\.uuid))
        XCTAssertEqual(services[BeltService.control.uuid]?.contains(BeltCharacteristic.fe06.uuid), true)
        XCTAssertEqual(services.count, 3)
        try await client.setNotifications(characteristic: BeltCharacteristic.fe06.uuid, enabled: true)
        try await client.write(characteristic: BeltCharacteristic.fe05.uuid, value: [0x01, 0x01], withResponse: true)
        var iterator = client.events.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event, .notification(characteristic: BeltCharacteristic.fe06.uuid, value: [0x01, 0x01, 0x01]))
        await client.disconnect()
        let end = await iterator.next()
        XCTAssertEqual(end, .disconnected(reason: nil))
        let after = await iterator.next()
        XCTAssertNil(after)
        do {
            try await client.write(characteristic: BeltCharacteristic.fe05.uuid, value: [0x01, 0x01], withResponse: true)
            XCTFail("a closed link must refuse writes")
        } catch {}
        let world = await board.snapshot()
        XCTAssertEqual(world.peripheral.violations, [])
    }

    func testAScriptedDropEndsTheEventsAndRefusesTheNextConnection() async throws {
        let testClock = TestClock()
        let board = makeBoard([SimulationEvent(at: .milliseconds(200), action: .beltDisconnect(.seconds(600)))],
                              clock: SessionClock(testClock))
        let connector = SimulatedBeltGATTConnector(board: board)
        let client = try await connector.connect()
        // Session time past the scripted drop; the snapshot steps the world to it.
        await testClock.advance(by: .milliseconds(400))
        _ = await board.snapshot()
        var iterator = client.events.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event, .disconnected(reason: "the peripheral closed the link"))
        let after = await iterator.next()
        XCTAssertNil(after)
        do {
            _ = try await connector.connect()
            XCTFail("the belt is out of reach")
        } catch {}
    }

    func testACharacteristicTheBeltLacksCannotBeAddressedAndReachesNothing() async throws {
        let board = makeBoard()
        let client = try await SimulatedBeltGATTConnector(board: board).connect()
        _ = try await client.discover(services: BeltService.allCases.map(\.uuid))
        do {
            try await client.write(characteristic: BLEUUID(0xFE08), value: [0x01], withResponse: true)
            XCTFail("FE08 does not exist")
        } catch let error as GATTError {
            XCTAssertEqual(error, .notFound("characteristic 0000FE08-0000-1000-8000-00805F9B34FB (not discovered)"))
        }
        let world = await board.snapshot()
        XCTAssertEqual(world.belt.records, [])
    }

    func testAWriteTheBeltsTableForbidsIsRefusedAndRecordedAsAViolation() async throws {
        let board = makeBoard()
        let client = try await SimulatedBeltGATTConnector(board: board).connect()
        guard let socketClient = client as? SocketGATTClient else { return XCTFail("the simulated belt is reached over ATT") }
        // FE01 (firmware) is read-only; its value handle in the table is 6 (GAP 1–3, FE51 at 4, FE01 at 5/6).
        XCTAssertEqual(BeltPeripheral.gattDatabase.valueHandle(of: BLEUUID(0xFE01)), 6)
        do {
            _ = try await socketClient.perform(.write(handle: 6, value: [0x01]))
            XCTFail("FE01 is not writable")
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .attribute(.writeNotPermitted, handle: 6, request: 0x12))
        }
        let world = await board.snapshot()
        XCTAssertEqual(world.peripheral.violations.map(\.reason), ["writeRequest on handle 0x6: write not permitted (0x03)"])
    }
}
