/// The Motion characteristic (the SDK's `FTPenServiceClient.mm`): accelerometer x, y, z as int16 LE, and when the
/// value is at least 12 bytes a magnetometer triple after it. Units are unknown.
public struct PenMotion: Sendable, Hashable {
    public var acceleration: (x: Int16, y: Int16, z: Int16)
    public var magnetometer: (x: Int16, y: Int16, z: Int16)?

    public init(acceleration: (x: Int16, y: Int16, z: Int16), magnetometer: (x: Int16, y: Int16, z: Int16)? = nil) {
        self.acceleration = acceleration
        self.magnetometer = magnetometer
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.acceleration == b.acceleration && a.magnetometer?.x == b.magnetometer?.x
            && a.magnetometer?.y == b.magnetometer?.y && a.magnetometer?.z == b.magnetometer?.z
    }

    public func hash(into hasher: inout Hasher) {
        for v in [acceleration.x, acceleration.y, acceleration.z] { hasher.combine(v) }
        if let m = magnetometer { for v in [m.x, m.y, m.z] { hasher.combine(v) } }
    }
}
