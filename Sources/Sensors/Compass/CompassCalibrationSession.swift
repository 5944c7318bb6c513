import Foundation

/// Collects magnetometer samples while the wearer turns on the spot, tells how far round they have
/// come, and fits the hard/soft-iron correction once the circle is closed (issue 5 §2).
///
/// Pure: fed raw fields (µT, chip axes) with their time; the caller owns the sensor and the belt.
/// Progress is the number of 30° sectors the samples cover around the centre of what has been seen
/// so far (the midpoint of the x and y extremes, which is the hard-iron offset to first order), so a
/// heavily offset sensor still shows its progress honestly. Samples are kept at most
/// `perBin` per 10° bin, so standing still does not outweigh the rest of the circle in the fit.
public struct CompassCalibrationSession: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Samples needed before the fit is tried, however complete the circle.
        public var minimumSamples = 36
        /// The extremes of x and y must differ by at least this much (µT) before the turn counts: a
        /// wearer standing still sees only noise (QMC5883L noise is a few tenths of a µT).
        public var minimumSwing = 8.0
        /// Kept samples per 10° bin.
        public var perBin = 6
        public init() {}
    }

    /// What the wearer is told, in order.
    public enum Event: Sendable, Equatable {
        /// The covered part of the circle grew (degrees, multiples of 30).
        case progress(degrees: Int)
        /// The circle is closed and enough samples are in: `finish` can fit.
        case complete
        /// A reading that cannot be a magnetic field (not finite, zero, or far from the others).
        case rejected(String)
    }

    public static let sectorDegrees = 30
    public let settings: Settings
    public private(set) var kept: [Vector3] = []
    public private(set) var received = 0
    public private(set) var rejected = 0
    public private(set) var coveredDegrees = 0
    public private(set) var isComplete = false
    private var bins: [Int: Int] = [:]
    private var low = Vector3(.infinity, .infinity, .infinity)
    private var high = Vector3(-.infinity, -.infinity, -.infinity)
    private var magnitudes: [Double] = []

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Folds in one raw reading.
    public mutating func add(_ field: Vector3) -> [Event] {
        received += 1
        if let why = implausible(field) {
            rejected += 1
            return [.rejected(why)]
        }
        low = Vector3(min(low.x, field.x), min(low.y, field.y), min(low.z, field.z))
        high = Vector3(max(high.x, field.x), max(high.y, field.y), max(high.z, field.z))
        magnitudes.append(field.length)
        let bin = angle(field).map { Int($0 / 10) } ?? -1
        if bins[bin, default: 0] < settings.perBin {
            bins[bin, default: 0] += 1
            kept.append(field)
        }
        var events: [Event] = []
        let covered = coverage()
        if covered > coveredDegrees {
            coveredDegrees = covered
            events.append(.progress(degrees: covered))
        }
        if !isComplete, coveredDegrees >= 360, kept.count >= settings.minimumSamples {
            isComplete = true
            events.append(.complete)
        }
        return events
    }

    /// The fitted correction for the kept samples, stamped with the sensor it belongs to.
    /// Throws, with what to do, when the circle is not closed or the samples cannot be fitted.
    public func finish(expectedFieldStrength: Double? = nil, chip: CompassChip? = nil, address: Int? = nil,
                       fittedAt: Double? = nil) throws(CompassCalibrationError) -> CompassCalibration {
        guard kept.count >= settings.minimumSamples else {
            throw .tooFewSamples(have: kept.count, need: settings.minimumSamples)
        }
        guard coveredDegrees >= 360 else { throw .incompleteTurn(degrees: coveredDegrees) }
        var result = try CompassCalibrationFit.fit(kept, expectedFieldStrength: expectedFieldStrength)
        result.chip = chip
        result.address = address
        result.fittedAt = fittedAt
        return result
    }

    /// Degrees of the circle covered so far, in whole sectors; 0 until the wearer has really turned.
    func coverage() -> Int {
        guard high.x - low.x >= settings.minimumSwing || high.y - low.y >= settings.minimumSwing else { return 0 }
        var sectors = Set<Int>()
        for sample in kept {
            if let a = angle(sample) { sectors.insert(Int(a) / Self.sectorDegrees) }
        }
        return sectors.count * Self.sectorDegrees
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
        // Earth's field is 25–65 µT; distortion by a belt buckle may double it, not multiply it by 4.
        if magnitudes.count >= 8 {
            let median = magnitudes.sorted()[magnitudes.count / 2]
            if m > 4 * median || m < median / 4 {
                return String(format: "%.0f µT where the others are about %.0f µT (a magnet or a glitch)", m, median)
            }
        }
        return nil
    }
}
