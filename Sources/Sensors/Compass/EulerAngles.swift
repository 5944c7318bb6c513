/// Orientation as heading (magnetic, degrees clockwise from north, 0..<360), roll and pitch (degrees).
package struct EulerAngles: Sendable, Equatable {
    package var heading: Double
    package var roll: Double
    package var pitch: Double

    package init(heading: Double, roll: Double, pitch: Double) {
        self.heading = heading
        self.roll = roll
        self.pitch = pitch
    }
}
