import Clocks
import Logging
import Platform
import XCTest
@testable import BLE
@testable import BLESockets

/// The real GATT client against our GATT server, speaking ATT PDUs over a Unix SOCK_SEQPACKET
/// socketpair: every byte goes through the codec and the kernel, as on an L2CAP link.
final class GATTOverSocketpairTests: XCTestCase {
    static let control = BLEUUID(0xFE51)
    static let firmware = BLEUUID(0xFE01)
    static let keepAlive = BLEUUID(0xFE02)
    static let command = BLEUUID(0xFE03)
    static let battery = BLEUUID(0xFE09)
    static let vendor = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!
    static let longValue = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA101")!
    static let secret = BLEUUID(0xFE0A)

    static let database = GATTDatabase(services: [
        GATTServiceDefinition(uuid: BLEUUID(0x1800), characteristics: [
            GATTCharacteristicDefinition(uuid: BLEUUID(0x2A00), properties: [.read], value: Array("naviGuertelSim".utf8)),
        ]),
        GATTServiceDefinition(uuid: control, characteristics: [
            GATTCharacteristicDefinition(uuid: firmware, properties: [.read], value: [52, 0, 1]),
            GATTCharacteristicDefinition(uuid: keepAlive, properties: [.write, .notify]),
            GATTCharacteristicDefinition(uuid: command, properties: [.write, .writeWithoutResponse]),
            GATTCharacteristicDefinition(uuid: battery, properties: [.read, .notify], value: [0, 0, 0]),
        ]),
        GATTServiceDefinition(uuid: vendor, characteristics: [
            GATTCharacteristicDefinition(uuid: longValue, properties: [.read],
                                         value: (0..<300).map { UInt8($0 % 251) }, userDescription: "long"),
            GATTCharacteristicDefinition(uuid: secret, properties: [.write]),
        ]),
    ])

    actor Model: GATTServerDelegate {
        var writes: [(BLEUUID, [UInt8], Bool)] = []
        var subscriptions: [BLEUUID: Bool] = [:]
        var batteryPercent: UInt8 = 77
        var disconnectReason: String??

        func read(_ characteristic: BLEUUID) async -> [UInt8]? {
            characteristic == GATTOverSocketpairTests.battery ? [1, batteryPercent, 0] : nil
        }
        func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async {
            writes.append((characteristic, value, withResponse))
        }
        func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async {
            subscriptions[characteristic] = notify
        }
        func disconnected(reason: String?) async { disconnectReason = .some(reason) }
        func refused(_ why: String) async {}
        func setBattery(_ value: UInt8) { batteryPercent = value }
    }

    private var logger: Logger { Logger(label: "test") }

    private func connect(clock: SessionClock = .continuous()) throws -> (SocketGATTClient, GATTServerConnection, Model, Task<Void, Never>) {
        let (central, peripheral) = try PacketSocket.pair()
        let server = GATTServerConnection(socket: peripheral, database: Self.database, logger: logger)
        let model = Model()
        let task = Task { await server.run(delegate: model) }
        return (SocketGATTClient(socket: central, clock: clock, logger: logger), server, model, task)
    }

    func testDiscoveryFindsWantedServicesAndTheirCharacteristics() async throws {
        let (client, _, _, _) = try connect()
        let table = try await client.discover(services: [Self.control, Self.vendor, BLEUUID(0xFE53)])
        XCTAssertEqual(table[Self.control], [Self.firmware, Self.keepAlive, Self.command, Self.battery])
        XCTAssertEqual(table[Self.vendor], [Self.longValue, Self.secret])
        XCTAssertNil(table[BLEUUID(0xFE53)], "a service the peripheral lacks is absent")
        XCTAssertEqual(table.count, 2)
    }

    func testEveryDiscoveryProcedureAtTheDefaultMTU() async throws {
        let (client, _, _, _) = try connect()
        guard case .services(let all) = try await client.perform(.discoverPrimaryServices(nil)) else { return XCTFail() }
        XCTAssertEqual(all.map(\.uuid), [BLEUUID(0x1800), Self.control, Self.vendor])
        XCTAssertEqual(all.map(\.range), [ATTHandleRange(1, 3), ATTHandleRange(4, 14), ATTHandleRange(15, 20)])
        guard case .services(let byUUID) = try await client.perform(.discoverPrimaryServices(Self.vendor)) else { return XCTFail() }
        XCTAssertEqual(byUUID, [GATTService(uuid: Self.vendor, range: ATTHandleRange(15, 20))])
        guard case .characteristics(let chars) = try await client.perform(.discoverCharacteristics(all[1].range)) else { return XCTFail() }
        XCTAssertEqual(chars.map(\.valueHandle), [6, 8, 11, 13])
        XCTAssertEqual(chars.map(\.endHandle), [6, 9, 11, 14], "a characteristic ends where the next declaration begins")
        XCTAssertEqual(chars[1].properties, [.write, .notify])
        guard case .descriptors(let descriptors) = try await client.perform(.discoverDescriptors(chars[3].descriptorRange!)) else { return XCTFail() }
        XCTAssertEqual(descriptors, [ATTHandleUUID(handle: 14, uuid: .clientCharacteristicConfiguration)])
        guard case .characteristics(let vendorChars) = try await client.perform(.discoverCharacteristics(all[2].range)),
              case .descriptors(let userDescription) = try await client.perform(.discoverDescriptors(vendorChars[0].descriptorRange!))
        else { return XCTFail() }
        XCTAssertEqual(userDescription, [ATTHandleUUID(handle: 18, uuid: BLEUUID(0x2901))])
        XCTAssertNil(vendorChars[1].descriptorRange, "the last characteristic has no descriptors")
    }

    func testLongReadUsesReadBlobUntilTheValueEnds() async throws {
        let (client, _, _, _) = try connect()
        _ = try await client.discover(services: [Self.vendor])
        let expected = (0..<300).map { UInt8($0 % 251) }
        let atDefaultMTU = try await client.read(characteristic: Self.longValue)
        XCTAssertEqual(atDefaultMTU, expected, "22 bytes per PDU: one read and 13 blob reads")
        let mtu = try await client.exchangeMTU(100)
        XCTAssertEqual(mtu, 100)
        let atLargerMTU = try await client.read(characteristic: Self.longValue)
        XCTAssertEqual(atLargerMTU, expected)
    }

    func testReadsReturnTheModelsCurrentValue() async throws {
        let (client, _, model, _) = try connect()
        _ = try await client.discover(services: [Self.control])
        let first = try await client.read(characteristic: Self.battery)
        XCTAssertEqual(first, [1, 77, 0])
        await model.setBattery(12)
        let second = try await client.read(characteristic: Self.battery)
        XCTAssertEqual(second, [1, 12, 0])
        let firmware = try await client.read(characteristic: Self.firmware)
        XCTAssertEqual(firmware, [52, 0, 1])
    }

    func testWritesWithAndWithoutResponseReachTheModelInOrder() async throws {
        let (client, server, model, _) = try connect()
        _ = try await client.discover(services: [Self.control])
        try await client.write(characteristic: Self.command, value: [0x30, 0x01], withResponse: false)
        try await client.write(characteristic: Self.command, value: [0x20, 0x00], withResponse: true)
        let writes = await model.writes
        XCTAssertEqual(writes.map(\.0), [Self.command, Self.command])
        XCTAssertEqual(writes.map(\.1), [[0x30, 0x01], [0x20, 0x00]])
        XCTAssertEqual(writes.map(\.2), [false, true])
        let refusals = await server.refusals
        XCTAssertEqual(refusals, [])
    }

    func testErrorResponsesSurfaceAsTypedErrors() async throws {
        let (client, server, _, _) = try connect()
        _ = try await client.discover(services: [Self.control, Self.vendor])
        do {
            _ = try await client.read(characteristic: Self.secret)
            XCTFail("a write-only characteristic was read")
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .attribute(.readNotPermitted, handle: 0x14, request: 0x0A))
        }
        do {
            try await client.write(characteristic: Self.firmware, value: [1], withResponse: true)
            XCTFail("a read-only characteristic was written")
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .attribute(.writeNotPermitted, handle: 6, request: 0x12))
        }
        do {
            _ = try await client.perform(.read(handle: 0x0999))
            XCTFail()
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .attribute(.invalidHandle, handle: 0x0999, request: 0x0A))
        }
        do {
            try await client.write(characteristic: BLEUUID(0xFEEE), value: [1], withResponse: true)
            XCTFail()
        } catch let error as GATTError {
            XCTAssertEqual(error, .notFound("characteristic 0000FEEE-0000-1000-8000-00805F9B34FB (not discovered)"))
        }
        let refusals = await server.refusals
        XCTAssertEqual(refusals, ["readRequest on handle 0x14: read not permitted (0x02)",
                                  "writeRequest on handle 0x6: write not permitted (0x03)",
                                  "readRequest on handle 0x999: invalid handle (0x01)"])
        // The link survives every error.
        let firmware = try await client.read(characteristic: Self.firmware)
        XCTAssertEqual(firmware, [52, 0, 1])
    }

    func testSubscribedNotificationsArriveAndUnsubscribedOnesDoNot() async throws {
        let (client, server, model, _) = try connect()
        _ = try await client.discover(services: [Self.control])
        let unsubscribed = await server.notify(Self.keepAlive, value: [1, 3])
        XCTAssertFalse(unsubscribed)
        try await client.setNotifications(characteristic: Self.keepAlive, enabled: true)
        let subscriptions = await model.subscriptions
        XCTAssertEqual(subscriptions, [Self.keepAlive: true])
        let sent = await server.notify(Self.keepAlive, value: [1, 3])
        XCTAssertTrue(sent)
        var iterator = client.events.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event, .notification(characteristic: Self.keepAlive, value: [1, 3]))
        do {
            try await client.setNotifications(characteristic: Self.firmware, enabled: true)
            XCTFail("notifications on a characteristic without notify")
        } catch let error as GATTError {
            XCTAssertEqual(error, .notFound("notifications of \(Self.firmware.uuidString) (the characteristic does not notify)"))
        }
    }

    func testAPeerThatNeverAnswersTimesOutAfterThirtySecondsAndKillsTheLink() async throws {
        let (central, silent) = try PacketSocket.pair()
        let testClock = TestClock()
        let client = SocketGATTClient(socket: central, clock: SessionClock(testClock), logger: logger)
        let requests = silent.packets()
        let pending = Task { try await client.perform(.read(handle: 3)) }
        var iterator = requests.makeAsyncIterator()
        let request = try await iterator.next()
        XCTAssertEqual(request, [0x0A, 0x03, 0x00], "the request went out")
        await testClock.advance(by: .seconds(29))
        await Task.megaYield()
        let stillOpen = await client.isLinkOpen
        XCTAssertTrue(stillOpen, "29 s is within the ATT transaction timeout")
        await testClock.advance(by: .seconds(1))
        do {
            _ = try await pending.value
            XCTFail("a request without response completed")
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .timedOut)
        }
        var events: [GATTClientEvent] = []
        for await event in client.events { events.append(event) }
        XCTAssertEqual(events, [.disconnected(reason: "ATT transaction timed out (no response in 30 s)")])
        let next = try await iterator.next()
        XCTAssertNil(next, "the client closed the dead link")
        do {
            _ = try await client.perform(.read(handle: 3))
            XCTFail()
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .disconnected("ATT transaction timed out (no response in 30 s)"))
        }
    }

    func testAPeerThatDisconnectsMidRequestFailsItAndEndsTheEvents() async throws {
        let (central, peer) = try PacketSocket.pair()
        let client = SocketGATTClient(socket: central, clock: .continuous(), logger: logger)
        var requests = peer.packets().makeAsyncIterator()
        let first = Task { try await client.perform(.read(handle: 3)) }
        let queued = Task { try await client.perform(.write(handle: 4, value: [1])) }
        _ = try await requests.next()
        peer.close()
        for task in [first] {
            do {
                _ = try await task.value
                XCTFail("completed without an answer")
            } catch let failure as GATTClientFailure {
                XCTAssertEqual(failure, .disconnected("the peripheral closed the link"))
            }
        }
        do {
            _ = try await queued.value
            XCTFail()
        } catch let failure as GATTClientFailure {
            XCTAssertEqual(failure, .disconnected("the peripheral closed the link"))
        }
        var events: [GATTClientEvent] = []
        for await event in client.events { events.append(event) }
        XCTAssertEqual(events, [.disconnected(reason: "the peripheral closed the link")])
    }

    func testTheServerSeesTheCentralLeave() async throws {
        let (client, _, model, serverTask) = try connect()
        _ = try await client.discover(services: [Self.control])
        await client.disconnect()
        await serverTask.value
        let reason = await model.disconnectReason
        XCTAssertEqual(reason, .some("the central closed the link"))
    }
}
