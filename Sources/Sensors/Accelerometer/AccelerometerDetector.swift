import Vocabulary

/// Finds the configured accelerometer, or probes the known ones (`accelerometer = "auto"`).
package enum AccelerometerDetector {
    /// Probe order: each chip at each of its addresses.
    package static let probeOrder: [(chip: AccelerometerChip, address: UInt8)] =
        AccelerometerChip.allCases.flatMap { chip in chip.addresses.map { (chip, $0) } }

    package static func driver(for chip: AccelerometerChip, address: UInt8? = nil,
                              on transport: any I2CTransport) -> any AccelerometerDriver {
        switch chip {
        case .lsm303agr: LSM303AGRAccelerometer(transport: transport, address: address ?? chip.addresses[0])
        case .adxl345: ADXL345(transport: transport, address: address ?? chip.addresses[0])
        }
    }

    /// The first known accelerometer whose identity register answers correctly; the error lists
    /// every probe and what it found, so the wearer knows what to check.
    package static func detect(on transport: any I2CTransport) throws(AccelerometerError) -> any AccelerometerDriver {
        var probed: [String] = []
        for (chip, address) in probeOrder {
            let candidate = driver(for: chip, address: address, on: transport)
            do {
                try candidate.identify()
                return candidate
            } catch .bus {
                probed.append("\(chip) at \(CompassError.hex(address)): no answer")
            } catch .wrongIdentity(_, _, _, _, let found) {
                probed.append("\(chip) at \(CompassError.hex(address)): identity \(CompassError.hex(found))")
            } catch {
                probed.append("\(chip) at \(CompassError.hex(address)): \(error)")
            }
        }
        throw .notFound(bus: transport.bus, probed: probed)
    }
}
