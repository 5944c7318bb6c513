#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Config
import Sensors

/// The magnetic field at the simulated compass: the Earth's field turned into the wearer's body
/// frame, then bent by what the wearer carries (hard and soft iron).
///
/// Frame: NED body axes, x forward, y right, z down (NXP AN4248), for a level sensor. The
/// Earth's field in magnetic north/east/down is (H, 0, Z) with H = F·cos I, Z = F·sin I; seen from a
/// body facing magnetic heading ψ it is (H·cos ψ, −H·sin ψ, Z), which `TiltCompensation` turns back
/// into ψ. Distortion follows the usual hard/soft-iron model: measured = S·true + b.
package struct SimulatedMagneticField: Sendable, Hashable {
    /// Inclination (dip), degrees, positive downward (northern hemisphere).
    package var inclination: Double
    /// Total intensity F, µT.
    package var intensity: Double
    package var hardIron: Vector3
    package var softIron: Matrix3

    /// Osnabrück in 2026 by WMM2025, rounded (the demo's town; the appliance passes the model's value).
    package static let osnabrueck = SimulatedMagneticField(inclination: 67.4, intensity: 49.6)

    package init(inclination: Double, intensity: Double, hardIron: Vector3 = .zero, softIron: Matrix3 = .identity) {
        self.inclination = inclination
        self.intensity = intensity
        self.hardIron = hardIron
        self.softIron = softIron
    }

    /// The same field with the distortion a `[simulation]` table configures.
    package func distorted(by configuration: SimulationConfiguration) -> SimulatedMagneticField {
        var copy = self
        let h = configuration.compassHardIron, s = configuration.compassSoftIron
        if h.count == 3 { copy.hardIron = Vector3(h[0], h[1], h[2]) }
        if s.count == 9 { copy.softIron = Matrix3(rows: [Array(s[0..<3]), Array(s[3..<6]), Array(s[6..<9])]) }
        return copy
    }

    /// The undistorted field in the body frame of a level wearer facing `magneticHeading` degrees.
    package func bodyField(magneticHeading: Double) -> Vector3 {
        let psi = magneticHeading * .pi / 180, dip = inclination * .pi / 180
        let h = intensity * cos(dip)
        return Vector3(h * cos(psi), -h * sin(psi), intensity * sin(dip))
    }

    /// What the sensor measures: the body field, distorted.
    package func atSensor(magneticHeading: Double) -> Vector3 {
        softIron * bodyField(magneticHeading: magneticHeading) + hardIron
    }
}
