import BLESockets
import Logging
import Simulation

/// Our mgmt scanner on the central controller sees the belt simulator's advertising on the other
/// controller: address and type, FE51 from the advertisement, the name from the scan response, and
/// the RSSI btvirt reports — 127, "not available" (BlueZ 5.66 emulator/btdev.c sets every report's
/// RSSI to 127), which must come out as no RSSI rather than a number.
enum ScannerSeesAdvertisedBelt {
    static let check = HILCheck(name: "our scanner sees a belt advertised on the other controller") { env in
        let devices = try await Advertising.during(on: env.peripheralAdapter, advertising: BeltPeripheral.advertising,
                                                   scanResponse: BeltPeripheral.scanResponse) {
            try await BLEScanner.scan(adapter: env.centralAdapter, for: .seconds(6), power: true,
                                      logger: Logger(label: "hil.scan"))
        }
        guard let belt = devices.first(where: { $0.address == env.peripheralAddress }) else {
            throw HILFailure("\(env.peripheralAddress) not seen; saw \(devices.map { "\($0.address)" })")
        }
        try expect(belt.addressType == .lePublic, "address type \(belt.addressType)")
        try expect(belt.name == BeltPeripheral.name, "name \(belt.name ?? "none")")
        try expect(belt.serviceUUIDs.contains(BLEUUID(0xFE51)), "services \(belt.serviceUUIDs)")
        try expect(belt.rssi == nil, "RSSI \(belt.rssi.map(String.init) ?? "none"), expected none (btvirt reports 127)")
        try expect(DeviceClassifier.standard.kind(of: belt) == .belt, "classified as \(DeviceClassifier.standard.kind(of: belt))")
    }
}
