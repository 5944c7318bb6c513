/// The magnetometers Wayfinder drives, named as in the configuration (`[compass] source`).
package enum CompassChip: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case qmc5883l
    case hmc5883l
    case lis3mdl
    case bno055

    package var description: String {
        switch self {
        case .qmc5883l: return "QMC5883L"
        case .hmc5883l: return "HMC5883L"
        case .lis3mdl: return "LIS3MDL"
        case .bno055: return "BNO055"
        }
    }

    /// The 7-bit addresses the part can have, default first (from each chip's datasheet): QMC5883L
    /// 0x0D; HMC5883L 0x1E; LIS3MDL 0x1C (SA1 low) or 0x1E (SA1 high); BNO055 0x28 (COM3 low) or 0x29.
    package var addresses: [UInt8] {
        switch self {
        case .qmc5883l: return [0x0D]
        case .hmc5883l: return [0x1E]
        case .lis3mdl: return [0x1C, 0x1E]
        case .bno055: return [0x28, 0x29]
        }
    }

    /// True for the BNO055, whose heading is already fused and tilt-compensated on the chip.
    package var isFused: Bool { self == .bno055 }
}
