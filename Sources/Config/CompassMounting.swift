import Sensors

/// How the compass (and its accelerometer) sit on the wearer: the `[compass]` keys beyond the source.
package struct CompassMounting: Sendable, Hashable {
    /// The magnetometer's chip axes as body forward, right, down (`axes`).
    package var axes: AxisMapping = .identity
    package var accelerometer: AccelerometerSource = .none
    /// The accelerometer's chip axes as body forward, right, down (`accelerometer_axes`); a level,
    /// still sensor must then read about +1 g on body z (the NED frame of `TiltCompensation`).
    package var accelerometerAxes: AxisMapping = .identity

    package init() {}
}
