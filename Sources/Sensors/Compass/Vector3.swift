/// A 3-vector in the sensor's body frame: a magnetic field in µT or an acceleration in g.
///
/// Why a tiny type of our own: the compass math (tilt compensation, ellipsoid fit) needs only
/// a few operations, and a plain Codable value can be stored in the calibration file.
package struct Vector3: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double
    package var z: Double

    package init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    package static let zero = Vector3(0, 0, 0)

    package var length: Double { (x * x + y * y + z * z).squareRoot() }

    package func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    package static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    package static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    package static func * (k: Double, v: Vector3) -> Vector3 { Vector3(k * v.x, k * v.y, k * v.z) }

    subscript(index: Int) -> Double {
        switch index {
        case 0: return x
        case 1: return y
        default: return z
        }
    }
}
