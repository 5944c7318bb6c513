/// Where a vibration points (FSLib-iOS `FSOrientationType`). Angles and bearings are whole degrees, as on the wire.
package enum BeltOrientation: Sendable, Hashable, CustomStringConvertible {
    /// One bit per motor; bit 0 is the front motor.
    case binaryMask(UInt16)
    /// Motor index 0–15, 0 at the front, clockwise.
    case motorIndex(UInt8)
    /// Degrees clockwise from the belt's front (the wearer's body).
    case angle(Int)
    /// Degrees clockwise from magnetic north; the belt's own compass keeps it pointing there as the wearer turns.
    case magneticBearing(Int)

    /// The wire value of the orientation type (0 mask, 1 motor, 2 angle, 3 bearing).
    package var typeCode: UInt8 {
        switch self {
        case .binaryMask: 0
        case .motorIndex: 1
        case .angle: 2
        case .magneticBearing: 3
        }
    }

    package var description: String {
        switch self {
        case .binaryMask(let m): "mask 0x\(String(m, radix: 16))"
        case .motorIndex(let i): "motor \(i)"
        case .angle(let a): "\(a)° from front"
        case .magneticBearing(let b): "\(b)° magnetic"
        }
    }
}
