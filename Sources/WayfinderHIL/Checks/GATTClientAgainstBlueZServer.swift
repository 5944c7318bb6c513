import BLESockets
import Logging
import Platform

/// Our GATT client against BlueZ's own `btgatt-server` (an independent implementation), over a real
/// LE connection between the rig's two virtual controllers: discover every service, read a value
/// longer than one PDU, write (accepted and refused), subscribe and receive notifications.
enum GATTClientAgainstBlueZServer {
    /// btgatt-server's GAP device name (BlueZ 5.66 tools/btgatt-server.c), served with its C string
    /// terminator (`name_len = strlen + 1`): 78 bytes, a long read at any MTU below 79.
    static let deviceName = "Very Long Test Device Name For Testing ATT Protocol Operations On GATT Server"
    static let heartRate = BLEUUID(0x180D)
    static let heartRateMeasurement = BLEUUID(0x2A37)
    static let heartRateControlPoint = BLEUUID(0x2A39)

    static let check = HILCheck(name: "our GATT client against BlueZ btgatt-server") { env in
        let logger = Logger(label: "hil.gatt-client")
        try await Kernel.waitForNoLinks(env)
        let advertising = try await Advertising.start(on: env.peripheralAdapter, name: "hil-btgatt-server", services: [heartRate])
        let server = try ToolProcess("btgatt-server", ["-i", env.peripheralAdapter, "-t", "public", "-r"])
        do {
            // btgatt-server's stdout is a pipe, so block-buffered: its "Started listening" line comes
            // late. The kernel's own table says when the ATT channel is listening.
            try await waitUntil(.seconds(15), "btgatt-server listening on the ATT channel") {
                Kernel.attListening(on: env.peripheralAddress) || !server.isRunning
            }
            try expect(server.isRunning, "btgatt-server exited")
            logger.info("btgatt-server listening; connecting")
            let socket = try await L2CAPSocket.connect(local: env.centralAddress, peer: env.peripheralAddress,
                                                       type: .lePublic, timeout: .seconds(30))
            let client = SocketGATTClient(socket: socket, clock: .continuous(), logger: logger)
            logger.info("connected; exchanging the MTU")
            let mtu = try await client.exchangeMTU()
            logger.info("MTU \(mtu)")
            try expect(mtu >= 23, "MTU \(mtu)")

            guard case .services(let services) = try await client.perform(.discoverPrimaryServices(nil)) else {
                throw HILFailure("no service list")
            }
            let uuids = Set(services.map(\.uuid))
            try expect(uuids.isSuperset(of: [BLEUUID(0x1800), BLEUUID(0x1801), heartRate]),
                       "services found: \(services.map(\.uuid.description))")

            guard let gap = services.first(where: { $0.uuid == BLEUUID(0x1800) }),
                  case .characteristics(let gapCharacteristics) = try await client.perform(.discoverCharacteristics(gap.range)),
                  let name = gapCharacteristics.first(where: { $0.uuid == BLEUUID(0x2A00) }) else {
                throw HILFailure("no Device Name characteristic")
            }
            guard case .value(let value) = try await client.perform(.read(handle: name.valueHandle)) else {
                throw HILFailure("no value")
            }
            try expect(value == Array(deviceName.utf8) + [0],
                       "long read gave \(value.count) bytes: \(String(decoding: value, as: UTF8.self))")

            logger.info("long read done")
            let table = try await client.discover(services: [heartRate])
            try expect(table[heartRate]?.contains(heartRateMeasurement) == true, "heart rate table \(table)")
            try await client.write(characteristic: heartRateControlPoint, value: [0x01], withResponse: true)
            try await server.waitFor("Energy Expended value reset", timeout: .seconds(5))
            do {
                try await client.write(characteristic: heartRateControlPoint, value: [0x01, 0x02], withResponse: true)
                throw HILFailure("a 2-byte control point write was accepted")
            } catch GATTClientFailure.attribute(let code, _, let request) {
                try expect(code == .invalidAttributeValueLength && request == 0x12, "error \(code) for request \(request)")
            }

            logger.info("writes done; subscribing")
            try await client.setNotifications(characteristic: heartRateMeasurement, enabled: true)
            let received = try await within(.seconds(10), "heart rate notifications") {
                var count = 0
                for await event in client.events {
                    if case .notification(let c, let v) = event, c == heartRateMeasurement, !v.isEmpty { count += 1 }
                    if count == 2 { break }
                }
                return count
            }
            try expect(received == 2, "\(received) notifications")
            logger.info("notifications received; disconnecting")
            await client.disconnect()
            await server.finish(within: .seconds(5))
            await advertising.stop()
        } catch {
            await server.finish(within: .zero)
            await advertising.stop()
            throw HILFailure("\(error); btgatt-server said: \(server.transcript.suffix(600))")
        }
    }
}
