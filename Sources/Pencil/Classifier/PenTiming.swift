#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The timing model that ties switch events to touches (FiftyThree SDK, `Classification/PenEvents.cpp`,
/// `Classifier.h`). Times are in seconds. The code counts in 60 Hz "cycles"; the 133 ms
/// limits are 8 cycles (133.3 ms), and the peaks 1.5 and 1 cycles.
package enum PenTiming {
    package static let cycle = 1.0 / 60
    /// λ of the exponential likelihoods, per second.
    package static let lambda = 3.0
    /// A switch-down more than this before the touch began cannot be the touch's (8 cycles).
    package static let earliestDown = -8 * cycle
    /// A switch-up more than this after the touch ended cannot be the touch's (8 cycles).
    package static let latestUp = 8 * cycle
    /// The stale interval S: windows reach this far past a touch.
    package static let stale = 0.275
    /// The maximum pen delay D.
    package static let maxDelay = 1.0
    /// Constant of the duration check (4 cycles ≈ 66.7 ms).
    package static let durationConstant = 4 * cycle
    /// Switch-on time and touch duration may differ this much before the check penalises.
    package static let durationTolerance = 0.1

    /// Likelihood of a switch-down `dt` seconds after the touch began: peaks 1.5 cycles after it.
    package static func downLikelihood(_ dt: Double) -> Double {
        dt < earliestDown ? 0 : lambda * exp(-lambda * abs(dt - 1.5 * cycle))
    }

    /// Likelihood of a switch-up `dt` seconds after the touch ended: peaks 1 cycle before it.
    package static func upLikelihood(_ dt: Double) -> Double {
        dt > latestUp ? 0 : lambda * exp(-lambda * abs(dt + cycle))
    }

    /// `interior` of a touch that has lasted `duration`: min(D, duration + S).
    package static func interior(duration: Double) -> Double { min(maxDelay, duration + stale) }

    /// How well the switch-on time matches the touch's duration (1 = fully).
    package static func durationFactor(switchOn: Double, touch: Double) -> Double {
        let error = max(0, abs(switchOn - touch) - durationTolerance)
        let base = durationConstant + touch
        guard base > 0 else { return 1 }
        return (max(0, base - error) / base).squareRoot()
    }

    /// A touch's odds of being the pen from its score `p`: 0.5·(1 + p) / (0.0001 + (1 − p)).
    package static func odds(_ p: Double) -> Double { 0.5 * (1 + p) / (0.0001 + (1 - p)) }
}
