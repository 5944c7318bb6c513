import Platform
import Sensors
import Synchronization

/// Gravity for tilt compensation from an accelerometer on the I2C bus: each reading turned into the
/// body frame (`[compass] accelerometer_axes`) and low-passed (`GravityFilter`), since walking adds
/// jerks of about ±0.3 g. The compass reader calls it at each heading.
package final class AccelerometerGravity: Sendable {
    package let driver: any AccelerometerDriver
    package let axes: AxisMapping
    private let filter = Mutex(GravityFilter())

    package init(driver: any AccelerometerDriver, axes: AxisMapping = .identity) {
        self.driver = driver
        self.axes = axes
    }

    /// The filtered gravity at `now`; the last one if the chip has no new reading.
    package func gravity(at now: Duration) throws(AccelerometerError) -> Vector3? {
        guard let reading = try driver.read() else { return filter.withLock { $0.gravity } }
        let body = axes.apply(reading)
        return filter.withLock { $0.add(body, at: now) }
    }
}
