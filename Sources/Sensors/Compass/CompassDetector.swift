import Vocabulary

/// Finds the compass on the bus for `compass = "auto"`, by identity registers and reads only.
///
/// Probe order (first match wins):
/// 1. BNO055 at 0x28, 0x29 — fused and tilt-compensated, the best heading if fitted;
/// 2. LIS3MDL at 0x1C, 0x1E;
/// 3. HMC5883L at 0x1E;
/// 4. QMC5883L at 0x0D.
/// 0x1E is shared by the LIS3MDL (SA1 high), the HMC5883L and the LSM303AGR's magnetometer;
/// their identity registers differ (0x0F → 0x3D; 0x0A–0x0C → "H43"; 0x4F → 0x40), so reading
/// them tells the parts apart without writing to a device we have not identified.
package enum CompassDetector {
    package static let probeOrder: [(chip: CompassChip, address: UInt8)] = [
        (.bno055, 0x28), (.bno055, 0x29),
        (.lis3mdl, 0x1C), (.lis3mdl, 0x1E),
        (.hmc5883l, 0x1E),
        (.qmc5883l, 0x0D),
    ]

    /// The driver for `chip` at `address` (its default address when nil).
    package static func driver(for chip: CompassChip, address: UInt8? = nil, on transport: any I2CTransport) -> any CompassDriver {
        let address = address ?? chip.addresses[0]
        switch chip {
        case .qmc5883l: return QMC5883L(transport: transport, address: address)
        case .hmc5883l: return HMC5883L(transport: transport, address: address)
        case .lis3mdl: return LIS3MDL(transport: transport, address: address)
        case .bno055: return BNO055(transport: transport, address: address)
        }
    }

    /// The first identified compass in `probeOrder`, or `.notFound` listing every probe.
    package static func detect(on transport: any I2CTransport) throws(CompassError) -> any CompassDriver {
        var probes: [CompassProbe] = []
        for (chip, address) in probeOrder {
            let candidate = driver(for: chip, address: address, on: transport)
            do {
                try candidate.identify()
                return candidate
            } catch let error {
                probes.append(CompassProbe(chip: chip, address: address, outcome: outcome(of: error)))
            }
        }
        throw .notFound(bus: transport.bus, probed: probes)
    }

    private static func outcome(of error: CompassError) -> CompassProbe.Outcome {
        switch error {
        case .bus(.deviceAbsent): return .noAnswer
        case let .wrongIdentity(_, _, _, _, found): return .otherDevice(found: found)
        default: return .failed(error.description)
        }
    }
}
