/// The orientation types of FE03 commands (FSLib-iOS `FSOrientationType`); raw values are the wire values.
/// `BeltOrientation` carries the value with the type; this names the type alone (the command line's
/// `orientationType`).
package enum BeltOrientationType: UInt8, Sendable, Hashable, CaseIterable {
    case binaryMask = 0
    /// FSLib-iOS `vibromotorIndex`.
    case motorIndex = 1
    case angle = 2
    case magneticBearing = 3
}

extension BeltOrientation {
    package var type: BeltOrientationType {
        switch self {
        case .binaryMask: .binaryMask
        case .motorIndex: .motorIndex
        case .angle: .angle
        case .magneticBearing: .magneticBearing
        }
    }

    /// The uint16 the wire carries: angles and bearings modulo 360 (so −90
    /// becomes 270, as every library does), motor indices modulo 16 (FSLib-iOS; pybelt's `% 16`),
    /// masks as they are.
    package var wireValue: UInt16 {
        switch self {
        case .binaryMask(let mask): mask
        case .motorIndex(let index): UInt16(index % 16)
        case .angle(let degrees), .magneticBearing(let degrees): UInt16(((degrees % 360) + 360) % 360)
        }
    }

    /// The orientation a decoded (type, value) pair stands for; nil when the value is out of range
    /// for its type (a motor ≥ 16, an angle ≥ 360).
    package init?(type: BeltOrientationType, wireValue: UInt16) {
        switch type {
        case .binaryMask: self = .binaryMask(wireValue)
        case .motorIndex:
            guard wireValue < 16 else { return nil }
            self = .motorIndex(UInt8(wireValue))
        case .angle:
            guard wireValue < 360 else { return nil }
            self = .angle(Int(wireValue))
        case .magneticBearing:
            guard wireValue < 360 else { return nil }
            self = .magneticBearing(Int(wireValue))
        }
    }
}
