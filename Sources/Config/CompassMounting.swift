import Sensors

/// How the compass (and its accelerometer) sit on the wearer: the `[compass]` keys beyond the source.
public struct CompassMounting: Sendable, Hashable {
    /// The magnetometer's chip axes as body forward, right, down (`axes`).
    public var axes: AxisMapping = .identity
    public var accelerometer: AccelerometerSource = .none
    /// The accelerometer's chip axes as body forward, right, down (`accelerometer_axes`); a level,
    /// still sensor must then read about +1 g on body z (the NED frame of `TiltCompensation`).
    public var accelerometerAxes: AxisMapping = .identity

    public init() {}
}
