/// The Motion characteristic (the SDK's `FTPenServiceClient.mm`): accelerometer x, y, z as int16 LE, and when the
/// value is at least 12 bytes a magnetometer triple after it. Units are unknown.
package struct PenMotion: Sendable, Hashable {
    package var acceleration: (x: Int16, y: Int16, z: Int16)
    package var magnetometer: (x: Int16, y: Int16, z: Int16)?

    package init(acceleration: (x: Int16, y: Int16, z: Int16), magnetometer: (x: Int16, y: Int16, z: Int16)? = nil) {
        self.acceleration = acceleration
        self.magnetometer = magnetometer
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.acceleration == b.acceleration && a.magnetometer?.x == b.magnetometer?.x
            && a.magnetometer?.y == b.magnetometer?.y && a.magnetometer?.z == b.magnetometer?.z
    }

    package func hash(into hasher: inout Hasher) {
        for v in [acceleration.x, acceleration.y, acceleration.z] { hasher.combine(v) }
        if let m = magnetometer { for v in [m.x, m.y, m.z] { hasher.combine(v) } }
    }
}
