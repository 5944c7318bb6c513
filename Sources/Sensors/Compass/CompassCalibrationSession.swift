#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Collects magnetometer samples while the wearer turns on the spot, tells how far round they have
/// come, and fits the hard/soft-iron correction once the circle is closed.
///
/// Pure: fed raw fields (µT, chip axes); the caller owns the sensor, the clock and the belt.
/// Progress is how many 10° bins the samples cover around the centre of everything seen so far (the
/// midpoint of the x and y extremes, which is the hard-iron offset to first order), recomputed on
/// each sample because that centre moves during the first half turn; the wearer is told of each
/// further 30°. The fit gets at most `perBin` samples per 10° bin (binned around the final centre),
/// so lingering at one heading does not outweigh the rest of the circle.
package struct CompassCalibrationSession: Sendable {
    package struct Settings: Sendable, Equatable {
        /// Samples the fit needs, however complete the circle.
        package var minimumSamples = 36
        /// The extremes of x or y must differ by at least this much (µT) before the turn counts: a
        /// wearer standing still sees only noise (a few tenths of a µT on these parts).
        package var minimumSwing = 8.0
        /// Samples per 10° bin given to the fit.
        package var perBin = 6
        /// Samples held at most (a slow 20 Hz turn of two minutes is 2 400).
        package var capacity = 6000
        package init() {}
    }

    /// What the wearer is told, in order.
    package enum Event: Sendable, Equatable {
        /// The covered part of the circle passed another 30° (degrees, multiples of 30).
        case progress(degrees: Int)
        /// The circle is closed and enough samples are in: `finish` can fit.
        case complete
        /// A reading that cannot be a magnetic field (not finite, zero, or far from the others).
        case rejected(String)
    }

    package static let progressStep = 30
    package let settings: Settings
    package private(set) var received = 0
    package private(set) var rejected = 0
    package private(set) var coveredDegrees = 0
    package private(set) var isComplete = false
    private var accepted: [Vector3] = []
    private var low = Vector3(.infinity, .infinity, .infinity)
    private var high = Vector3(-.infinity, -.infinity, -.infinity)
    private var sortedMagnitudes: [Double] = []

    package init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Folds in one raw reading.
    package mutating func add(_ field: Vector3) -> [Event] {
        received += 1
        if let why = implausible(field) {
            rejected += 1
            return [.rejected(why)]
        }
        guard accepted.count < settings.capacity else { return [] }
        accepted.append(field)
        low = Vector3(min(low.x, field.x), min(low.y, field.y), min(low.z, field.z))
        high = Vector3(max(high.x, field.x), max(high.y, field.y), max(high.z, field.z))
        let m = field.length
        sortedMagnitudes.insert(m, at: sortedMagnitudes.firstIndex { $0 > m } ?? sortedMagnitudes.count)

        var events: [Event] = []
        let covered = coverage()
        if covered > coveredDegrees {
            let step = Self.progressStep
            if covered / step > coveredDegrees / step { events.append(.progress(degrees: covered / step * step)) }
            coveredDegrees = covered
        }
        if !isComplete, coveredDegrees >= 360, kept.count >= settings.minimumSamples {
            isComplete = true
            events.append(.complete)
        }
        return events
    }

    /// The samples the fit gets: at most `perBin` per 10° bin around the centre of all of them.
    package var kept: [Vector3] {
        var counts: [Int: Int] = [:]
        var result: [Vector3] = []
        for sample in accepted {
            let bin = hasSwung ? angle(sample).map { Int($0) / 10 } ?? -1 : -1
            if counts[bin, default: 0] < settings.perBin {
                counts[bin, default: 0] += 1
                result.append(sample)
            }
        }
        return result
    }

    /// The fitted correction, stamped with the sensor it belongs to. Throws, with what to do, when
    /// the circle is not closed or the samples cannot be fitted.
    package func finish(expectedFieldStrength: Double? = nil, chip: CompassChip? = nil, address: Int? = nil,
                       fittedAt: Double? = nil) throws(CompassCalibrationError) -> CompassCalibration {
        let samples = kept
        guard samples.count >= settings.minimumSamples else {
            throw .tooFewSamples(have: samples.count, need: settings.minimumSamples)
        }
        guard coveredDegrees >= 360 else { throw .incompleteTurn(degrees: coveredDegrees) }
        var result = try CompassCalibrationFit.fit(samples, expectedFieldStrength: expectedFieldStrength)
        result.chip = chip
        result.address = address
        result.fittedAt = fittedAt
        return result
    }

    /// Degrees of the circle covered, in 10° bins; 0 until the wearer has really turned. All 36 bins
    /// are needed for 360: soft iron warps raw angles by several degrees, so coarser sectors would
    /// call the circle closed after little more than 300° of real turning.
    func coverage() -> Int {
        guard hasSwung else { return 0 }
        var bins = Set<Int>()
        for sample in accepted {
            if let a = angle(sample), a.isFinite, abs(a) <= 360 { bins.insert(Int(a) / 10) }
        }
        return bins.count * 10
    }

    private var hasSwung: Bool {
        high.x - low.x >= settings.minimumSwing || high.y - low.y >= settings.minimumSwing
    }

    /// The horizontal angle of a sample around the centre of the extremes, in [0, 360).
    private func angle(_ v: Vector3) -> Double? {
        guard low.x.isFinite, high.x.isFinite else { return nil }
        let dx = v.x - (low.x + high.x) / 2, dy = v.y - (low.y + high.y) / 2
        guard dx != 0 || dy != 0 else { return nil }
        var degrees = atan2(dy, dx) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return min(degrees, 359.999)
    }

    private func implausible(_ v: Vector3) -> String? {
        guard v.x.isFinite, v.y.isFinite, v.z.isFinite else { return "a reading that is not a number" }
        let m = v.length
        guard m > 0 else { return "an all-zero reading (the sensor is not measuring)" }
        // Earth's field is 25–65 µT; iron in a belt may double it, not multiply it by four.
        if sortedMagnitudes.count >= 8 {
            let median = sortedMagnitudes[sortedMagnitudes.count / 2]
            if m > 4 * median || m < median / 4 {
                return CFormat.string("%.0f µT where the others are about %.0f µT (a magnet or a glitch)", m, median)
            }
        }
        return nil
    }
}
