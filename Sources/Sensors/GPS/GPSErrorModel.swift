import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A receiver's position error: first-order Gauss–Markov in east and north, so the error wanders slowly
/// (as multipath and atmosphere make it) instead of jumping independently every second.
package struct GPSErrorModel: Sendable {
    /// 1σ of each component, metres.
    package var sigma: Double
    /// How long the error takes to decorrelate.
    package var correlationTime: Double
    package private(set) var east = 0.0
    package private(set) var north = 0.0

    package init(sigma: Double, correlationTime: Double = 30, random: inout SeededRandom) {
        self.sigma = sigma
        self.correlationTime = correlationTime
        east = sigma * random.gaussian()
        north = sigma * random.gaussian()
    }

    package mutating func advance(by dt: Double, random: inout SeededRandom) {
        guard sigma > 0, dt > 0 else { return }
        let decay = exp(-dt / correlationTime)
        let drive = sigma * (1 - decay * decay).squareRoot()
        east = decay * east + drive * random.gaussian()
        north = decay * north + drive * random.gaussian()
    }
}
