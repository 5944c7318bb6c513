import Navigation
import Sensors
import Vocabulary

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A person walking where the belt points.
///
/// The walker turns toward the direction it feels (at a human turn rate) and walks at a steady pace;
/// with nothing to follow it stands still. Its body does not face exactly where it walks: the torso
/// sways with the gait and drifts slowly, which is what a body-worn compass measures.
package struct Walker: Sendable {
    package private(set) var position: Coordinate
    /// Where the feet go, degrees from true north.
    package private(set) var walkingDirection: Double
    package var speed: Double
    /// Amplitude of the torso's turn away from the walking direction, degrees.
    package var sway: Double
    package private(set) var isWalking = false
    private var drift = 0.0
    private var gaitPhase = 0.0
    /// Metres walked so far.
    package private(set) var distanceWalked = 0.0

    /// People turn on the spot at roughly this rate; a number, not a measurement.
    package static let turnRate = 120.0
    /// One gait cycle (two steps) takes about this long.
    package static let gaitPeriod = 1.1

    package init(position: Coordinate, facing: Double, speed: Double, sway: Double) {
        self.position = position
        self.walkingDirection = Bearing.normalized(facing)
        self.speed = speed
        self.sway = sway
    }

    /// Which way the torso faces now, degrees from true north.
    package var bodyHeading: Double {
        Bearing.normalized(walkingDirection + drift + (isWalking ? 0.5 * sway * sin(2 * Double.pi * gaitPhase) : 0))
    }

    /// Advances `dt` seconds following `direction` (true degrees), or standing still when nil.
    package mutating func advance(by dt: Double, following direction: Double?, random: inout SeededRandom) {
        guard dt > 0 else { return }
        // The torso drifts within about half the sway amplitude (an Ornstein–Uhlenbeck walk).
        let tau = 8.0
        drift += -drift * min(1, dt / tau) + 0.5 * sway * (2 * dt / tau).squareRoot() * random.gaussian()
        guard let direction else {
            isWalking = false
            return
        }
        isWalking = true
        let error = Bearing.difference(from: walkingDirection, to: direction)
        let maxTurn = Self.turnRate * dt
        walkingDirection = Bearing.normalized(walkingDirection + max(-maxTurn, min(maxTurn, error)))
        // Slow down while turning sharply, as people do.
        let pace = abs(error) > 60 ? speed * 0.4 : speed
        let step = pace * dt
        position = Geodesic.wgs84.direct(from: position, azimuth: walkingDirection, distance: step).destination
        distanceWalked += step
        gaitPhase = (gaitPhase + dt / Self.gaitPeriod).truncatingRemainder(dividingBy: 1)
    }
}
