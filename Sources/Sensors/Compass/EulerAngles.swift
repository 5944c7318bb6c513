/// Orientation as heading (magnetic, degrees clockwise from north, 0..<360), roll and pitch (degrees).
public struct EulerAngles: Sendable, Equatable {
    public var heading: Double
    public var roll: Double
    public var pitch: Double

    public init(heading: Double, roll: Double, pitch: Double) {
        self.heading = heading
        self.roll = roll
        self.pitch = pitch
    }
}
