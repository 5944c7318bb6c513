/// Gravity from a walking wearer's accelerometer: a first-order low-pass in event time.
///
/// Why: each step jerks the sensor by about ±0.3 g, which tilts the computed
/// attitude by up to ~17° and swings a tilt-compensated heading with it; the attitude of a torso
/// changes far more slowly than that. `timeConstant` trades lag against that jitter.
package struct GravityFilter: Sendable {
    package let timeConstant: Duration
    package private(set) var gravity: Vector3?
    private var lastAt: Duration?

    package static let walking: Duration = .milliseconds(500)

    package init(timeConstant: Duration = GravityFilter.walking) {
        self.timeConstant = timeConstant
    }

    /// Folds in a reading taken at `at`; returns the filtered gravity. A gap of more than five time
    /// constants (or time going backwards) restarts from the reading.
    @discardableResult
    package mutating func add(_ reading: Vector3, at: Duration) -> Vector3 {
        defer { lastAt = at }
        guard let previous = gravity, let last = lastAt, at >= last else {
            gravity = reading
            return reading
        }
        let dt = Self.seconds(at - last)
        let tau = Self.seconds(timeConstant)
        guard tau > 0, dt < 5 * tau else {
            gravity = reading
            return reading
        }
        let alpha = dt / (tau + dt)
        let next = previous + alpha * (reading - previous)
        gravity = next
        return next
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
