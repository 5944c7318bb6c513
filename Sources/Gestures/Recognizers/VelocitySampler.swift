/// Velocity: the change of a value between the current and the previous
/// frame that contained a tracked `moved`, per second. A Δt ≤ 0 keeps the previous velocity and does
/// not advance the reference, so the result is never infinite or NaN. Scalars use `x` only.
struct VelocitySampler {
    private var lastMs = 0.0
    private var lastValue = TouchPoint.zero

    /// The reference: the attempt start (or the frame a pair formed) with its initial value.
    mutating func start(at now: Double, value: TouchPoint = .zero) {
        lastMs = now
        lastValue = value
    }

    mutating func restart(at now: Double, value: TouchPoint) {
        start(at: now, value: value)
    }

    /// The new velocity (units per second), or nil when no time has passed since the reference.
    mutating func sample(_ value: TouchPoint, at now: Double) -> TouchPoint? {
        let dt = (now - lastMs) / 1000
        guard dt > 0 else { return nil }
        let velocity = TouchPoint(x: (value.x - lastValue.x) / dt, y: (value.y - lastValue.y) / dt)
        lastMs = now
        lastValue = value
        return velocity
    }
}
