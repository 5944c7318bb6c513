import BLE
import Belt
import Logging
import Platform
import Simulation

/// BlueZ's `btgatt-client` against our belt simulator running as a real peripheral (an L2CAP ATT
/// listening socket on the peripheral controller, advertising as a belt): it discovers the belt's
/// services and characteristics, reads the firmware value and receives keep-alive notifications.
enum BlueZClientAgainstBeltSimulator {
    static let check = HILCheck(name: "BlueZ btgatt-client against our belt simulator") { env in
        let logger = Logger(label: "hil.belt-peripheral")
        try await Kernel.waitForNoLinks(env)
        let listener = try L2CAPSocket.listen(local: env.peripheralAddress)
        let advertising = try await Advertising.start(on: env.peripheralAdapter, advertising: BeltPeripheral.advertising,
                                                      scanResponse: BeltPeripheral.scanResponse)
        let host = BeltPeripheralHost(clock: .continuous(), logger: logger)
        let serving = Task {
            let (socket, _) = try await listener.accept()
            await host.serve(socket)
        }
        defer { serving.cancel() }

        let client = try ToolProcess("btgatt-client", ["-i", env.centralAdapter, "-d", env.peripheralAddress.description, "-t", "public"])
        do {
            try await client.waitFor("GATT discovery procedures complete", timeout: .seconds(30))
            // The listing follows that line and ends with a prompt (a first prompt came right after
            // connecting, so only one after the listing counts).
            try await waitUntil(.seconds(5), "btgatt-client listing the services") {
                client.transcript.components(separatedBy: "GATT discovery procedures complete").last?.contains("[GATT client]#") == true
            }
            let listing = (client.transcript.components(separatedBy: "GATT discovery procedures complete").last ?? "").lowercased()
            for service in BeltService.allCases {
                try expect(listing.contains("type: primary, uuid: \(service.uuidString.lowercased())"),
                           "service \(service.uuidString) not listed")
            }
            for characteristic in BeltCharacteristic.allCases {
                try expect(listing.contains("uuid: \(characteristic.uuidString.lowercased())"),
                           "characteristic \(characteristic.rawValue) not listed")
            }
            let firmware = BeltPeripheral.gattDatabase.valueHandle(of: BLEUUID(0xFE01))!
            client.send("read-value 0x\(hex4(firmware))")
            try await client.waitFor("Read value (3 bytes): 34 00 01", timeout: .seconds(10))
            let keepAlive = BeltPeripheral.gattDatabase.valueHandle(of: BLEUUID(0xFE02))!
            client.send("register-notify 0x\(hex4(keepAlive))")
            try await client.waitFor("Handle Value Not/Ind: 0x\(hex4(keepAlive))", timeout: .seconds(10))
            client.closeInput()
            await client.finish(within: .seconds(5))
            await advertising.stop()
            let violations = await host.violations
            try expect(violations.isEmpty, "violations: \(violations)")
        } catch {
            await client.finish(within: .zero)
            await advertising.stop()
            throw HILFailure("\(error); btgatt-client said: \(client.transcript.suffix(800))")
        }
    }

    static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
