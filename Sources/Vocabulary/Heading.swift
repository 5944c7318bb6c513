/// Which way the wearer's body faces, from a compass (degrees clockwise from magnetic north).
public struct Heading: Sendable, Hashable {
    public var magneticDegrees: Double
    /// Estimated error in degrees, if the sensor reports one.
    public var accuracy: Double?
    public var receivedAt: Duration

    public init(magneticDegrees: Double, accuracy: Double? = nil, receivedAt: Duration) {
        self.magneticDegrees = magneticDegrees
        self.accuracy = accuracy
        self.receivedAt = receivedAt
    }
}
