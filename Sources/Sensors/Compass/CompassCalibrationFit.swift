#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fits a hard/soft-iron correction to field samples taken while the wearer turns.
///
/// Ellipsoid: least squares of the 9-parameter quadric Ax²+By²+Cz²+2Dxy+2Exz+2Fyz+2Gx+2Hy+2Iz = 1
/// (the algebraic fit of Li & Griffiths 2004, without their ellipsoid-specific constraint; a
/// non-ellipsoid result is rejected instead); centre c = −M⁻¹v; A = M / (1 + cᵀMc); W = r·A^{1/2}.
/// Ellipse: the same in x–y (Ax²+Bxy+Cy²+Dx+Ey = 1), for samples from turning on the spot,
/// which cannot pin the z axis down. Samples are normalised (mean removed, RMS radius 1) before
/// the fit, so the normal equations stay well conditioned for any offset.
package enum CompassCalibrationFit {
    package static let minimumEllipsoidSamples = 12
    package static let minimumEllipseSamples = 8
    /// Below this ratio of the smallest to the largest spread (standard deviations along the
    /// principal axes) the samples are treated as planar, i.e. a turn on the spot.
    package static let planarRatio = 0.25

    /// Ellipsoid if the samples span three dimensions, otherwise an ellipse in x–y.
    /// `expectedFieldStrength` (µT; e.g. from WMM) scales the result; nil keeps the volume (area).
    package static func fit(_ samples: [Vector3], expectedFieldStrength: Double? = nil) throws(CompassCalibrationError) -> CompassCalibration {
        guard samples.count >= minimumEllipseSamples else {
            throw .tooFewSamples(have: samples.count, need: minimumEllipseSamples)
        }
        let (mean, _) = normalisation(samples)
        var covariance = Matrix3(rows: [[0, 0, 0], [0, 0, 0], [0, 0, 0]])
        for s in samples {
            let d = s - mean
            for r in 0..<3 { for c in 0..<3 { covariance[r, c] += d[r] * d[c] / Double(samples.count) } }
        }
        let spread = SymmetricEigen(covariance).values.map { max($0, 0).squareRoot() }
        let planar = spread[2] == 0 || spread[0] / spread[2] < planarRatio
        return planar || samples.count < minimumEllipsoidSamples
            ? try fitEllipse(samples, expectedFieldStrength: expectedFieldStrength)
            : try fitEllipsoid(samples, expectedFieldStrength: expectedFieldStrength)
    }

    package static func fitEllipsoid(_ samples: [Vector3], expectedFieldStrength: Double? = nil) throws(CompassCalibrationError) -> CompassCalibration {
        guard samples.count >= minimumEllipsoidSamples else {
            throw .tooFewSamples(have: samples.count, need: minimumEllipsoidSamples)
        }
        let (mean, scale) = normalisation(samples)
        let u = samples.map { (1 / scale) * ($0 - mean) }
        let rows = u.map { [$0.x * $0.x, $0.y * $0.y, $0.z * $0.z, 2 * $0.x * $0.y, 2 * $0.x * $0.z, 2 * $0.y * $0.z,
                            2 * $0.x, 2 * $0.y, 2 * $0.z] }
        guard let p = LinearSolve.leastSquares(rows: rows, targets: Array(repeating: 1, count: u.count)) else {
            throw .degenerate("the samples do not span an ellipsoid")
        }
        let m = Matrix3(rows: [[p[0], p[3], p[4]], [p[3], p[1], p[5]], [p[4], p[5], p[2]]])
        guard let centre = LinearSolve.solve(m.rows, [-p[6], -p[7], -p[8]]) else {
            throw .degenerate("the fitted quadric has no centre")
        }
        let c = Vector3(centre[0], centre[1], centre[2])
        let k = 1 + c.dot(m * c)
        let shape = SymmetricEigen((1 / k) * m)
        guard k > 0, shape.values.allSatisfy({ $0 > 0 }) else {
            throw .degenerate("the fitted surface is not an ellipsoid")
        }
        // Back to sensor units: x = mean + scale·u, so A_x = A_u / scale².
        let rootA = (1 / scale) * shape.map { $0.squareRoot() }
        let volumeRadius = scale * pow(shape.values.reduce(1, *), -1.0 / 6)
        let strength = expectedFieldStrength ?? volumeRadius
        let offset = mean + scale * c
        let softIron = strength * rootA
        let corrected = samples.map { softIron * ($0 - offset) }
        return CompassCalibration(model: .ellipsoid, offset: offset, softIron: softIron, fieldStrength: strength,
                                  quality: quality(corrected, horizontal: false))
    }

    package static func fitEllipse(_ samples: [Vector3], expectedFieldStrength: Double? = nil) throws(CompassCalibrationError) -> CompassCalibration {
        guard samples.count >= minimumEllipseSamples else {
            throw .tooFewSamples(have: samples.count, need: minimumEllipseSamples)
        }
        let flat = samples.map { Vector3($0.x, $0.y, 0) }
        let (mean, scale) = normalisation(flat)
        let u = flat.map { (1 / scale) * ($0 - mean) }
        let rows = u.map { [$0.x * $0.x, 2 * $0.x * $0.y, $0.y * $0.y, 2 * $0.x, 2 * $0.y] }
        guard let p = LinearSolve.leastSquares(rows: rows, targets: Array(repeating: 1, count: u.count)),
              let centre = LinearSolve.solve([[p[0], p[1]], [p[1], p[2]]], [-p[3], -p[4]]) else {
            throw .degenerate("the samples do not span an ellipse")
        }
        let cx = centre[0], cy = centre[1]
        let k = 1 + p[0] * cx * cx + 2 * p[1] * cx * cy + p[2] * cy * cy
        // Embedded in 3×3 with a unit z so one eigen-solver serves both fits.
        let shape = SymmetricEigen(Matrix3(rows: [[p[0] / k, p[1] / k, 0], [p[1] / k, p[2] / k, 0], [0, 0, 1]]))
        guard k > 0, shape.values.allSatisfy({ $0 > 0 }) else {
            throw .degenerate("the fitted curve is not an ellipse")
        }
        let areaRadius = scale * pow(shape.values.reduce(1, *), -1.0 / 4)
        let strength = expectedFieldStrength ?? areaRadius
        var softIron = (strength / scale) * shape.map { $0.squareRoot() }
        softIron[2, 2] = 1
        let offset = Vector3(mean.x + scale * cx, mean.y + scale * cy, 0)
        let corrected = samples.map { softIron * ($0 - offset) }
        return CompassCalibration(model: .ellipse, offset: offset, softIron: softIron, fieldStrength: strength,
                                  quality: quality(corrected, horizontal: true))
    }

    /// The mean and the RMS distance from it (1 if all samples coincide).
    static func normalisation(_ samples: [Vector3]) -> (mean: Vector3, scale: Double) {
        let n = Double(samples.count)
        let mean = (1 / n) * samples.reduce(Vector3.zero, +)
        let rms = (samples.reduce(0) { $0 + ($1 - mean).dot($1 - mean) } / n).squareRoot()
        return (mean, rms > 0 ? rms : 1)
    }

    static func quality(_ corrected: [Vector3], horizontal: Bool) -> CompassFitQuality {
        let magnitudes = corrected.map { horizontal ? ($0.x * $0.x + $0.y * $0.y).squareRoot() : $0.length }
        let n = Double(magnitudes.count)
        let mean = magnitudes.reduce(0, +) / n
        let variance = magnitudes.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        var bins = Set<Int>()
        for v in corrected {
            var degrees = atan2(v.y, v.x) * 180 / .pi
            if degrees < 0 { degrees += 360 }
            bins.insert(min(Int(degrees / 10), 35))
        }
        return CompassFitQuality(samples: corrected.count, relativeSpread: mean > 0 ? variance.squareRoot() / mean : .infinity,
                                 coverageDegrees: Double(bins.count * 10))
    }
}
