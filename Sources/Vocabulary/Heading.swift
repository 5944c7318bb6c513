/// Which way the wearer's body faces, from a compass (degrees clockwise from magnetic north).
package struct Heading: Sendable, Hashable {
    package var magneticDegrees: Double
    /// Estimated error in degrees, if the sensor reports one.
    package var accuracy: Double?
    package var receivedAt: Duration
    /// The strength of the horizontal field the heading was computed from, µT, after calibration;
    /// nil for a fused sensor's own heading. Compared with the Earth's field where the wearer is, it
    /// shows a disturbance (`MagneticFieldCheck`).
    package var horizontalField: Double?

    package init(magneticDegrees: Double, accuracy: Double? = nil, receivedAt: Duration, horizontalField: Double? = nil) {
        self.magneticDegrees = magneticDegrees
        self.accuracy = accuracy
        self.receivedAt = receivedAt
        self.horizontalField = horizontalField
    }
}
