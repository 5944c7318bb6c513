#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Sensors

extension Geodesic {
    /// The shortest path from `start` to `end` (Karney 2013, §5).
    ///
    /// Azimuths are degrees clockwise from true north in (-180, 180]. Where the direction is
    /// not unique the result follows GeographicLib's conventions, so the two can be compared
    /// line by line:
    /// * coincident points: distance exactly 0 and azimuths of the meridian through them:
    ///   0° south of the equator, 180° on or north of it;
    /// * a pole: its azimuths are those in the limit of approaching it along the meridian of
    ///   its given longitude;
    /// * several equally short paths (exactly antipodal points, or points on the equator
    ///   nearly opposite each other): one of them is returned — the one over or nearer to the
    ///   north pole when the points lie on the equator. Its distance is exact; its azimuth is
    ///   one valid choice among several.
    ///
    /// Non-finite input or |latitude| > 90° gives NaN.
    package func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        guard isSupported,
              start.latitude.isFinite, abs(start.latitude) <= 90, start.longitude.isFinite,
              end.latitude.isFinite, abs(end.latitude) <= 90, end.longitude.isFinite
        else { return .undefined }

        // Canonical configuration (§5): λ₁₂ ∈ [0, 180°], |φ₁| ≥ |φ₂|, φ₁ ≤ 0. Every other
        // case is a reflection or a swap of this one, undone on the azimuths at the end.
        var lon12 = GeodesicMath.snapTiny(
            GeodesicMath.longitudeDifference(from: start.longitude, to: end.longitude))
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = abs(lon12)
        var lat1 = GeodesicMath.snapTiny(start.latitude)
        var lat2 = GeodesicMath.snapTiny(end.latitude)
        // Swapping the points reverses the direction of travel in longitude too; mirror
        // longitudes once more so that λ₁₂ stays ≥ 0.
        let swapped = abs(lat1) < abs(lat2)
        if swapped { swap(&lat1, &lat2); lonSign = -lonSign }
        // φ₁ = 0 is flipped too: with points on the equator this picks the northern of two
        // equally short routes (GeographicLib does the same).
        let latSign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        var (sbet1, cbet1) = reducedLatitude(lat1)
        let (sbet2, cbet2) = reducedLatitude(lat2)
        // A point 1 on the equator counts as just south of it (σ₁, ω₁ then take the right
        // quadrant; Karney's addenda to the paper).
        if sbet1 == 0 { sbet1 = -0.0 }
        let (slam12, clam12) = GeodesicMath.sinCos(degrees: lon12)
        let canonical = CanonicalPoints(sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                                        lon12: lon12, slam12: slam12, clam12: clam12)

        let path: CanonicalPath
        if lat1 == -90 || slam12 == 0, let meridian = meridionalPath(canonical, fromPole: lat1 == -90) {
            path = meridian
        } else if sbet1 == 0, lon12 <= 180 * (1 - flattening) {
            // Along the equator, which is shortest until λ₁₂ = (1 − f)·180° (then the
            // geodesic to the point past that leaves the equator).
            path = CanonicalPath(distance: equatorialRadius * lon12 * GeodesicMath.radiansPerDegree,
                                 salp1: 1, calp1: 0, salp2: 1, calp2: 0)
        } else {
            path = generalPath(canonical)
        }

        // Undo the canonical transformation: a swap reverses the path (azimuths exchanged and
        // turned by 180°), the latitude flip is α → 180° − α, a longitude mirror is α → −α.
        // (The swap's own mirror cancels the sine's sign change of the 180° turn.)
        var (s1, c1, s2, c2) = (path.salp1, path.calp1, path.salp2, path.calp2)
        if swapped { (s1, c1, s2, c2) = (s2, c2, s1, c1) }
        let reverse: Double = swapped ? -1 : 1
        s1 *= reverse * lonSign; s2 *= reverse * lonSign
        c1 *= reverse * latSign; c2 *= reverse * latSign
        return GeodesicInverse(
            distance: path.distance,
            initialAzimuth: GeodesicMath.normalizedSigned(GeodesicMath.atan2Degrees(s1, c1)),
            finalAzimuth: GeodesicMath.normalizedSigned(GeodesicMath.atan2Degrees(s2, c2)))
    }

    // MARK: Canonical problem

    /// Reduced latitudes and longitude difference of the canonical problem.
    private struct CanonicalPoints {
        var sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double
        var lon12: Double, slam12: Double, clam12: Double
        var lam12: Double { lon12 * GeodesicMath.radiansPerDegree }
    }

    /// A solved canonical problem: distance and the azimuths (as sine/cosine) at both ends.
    private struct CanonicalPath {
        var distance: Double
        var salp1: Double, calp1: Double, salp2: Double, calp2: Double
    }

    /// The path along the meridian (λ₁₂ = 0 or 180°, or point 1 at a pole), or nil when that
    /// meridian runs past a conjugate point and so is not the shortest path.
    private func meridionalPath(_ p: CanonicalPoints, fromPole: Bool) -> CanonicalPath? {
        // Leave point 1 towards the meridian of point 2, arrive heading north.
        let salp1 = p.slam12, calp1 = p.clam12
        let calp0 = hypot(calp1, salp1 * p.sbet1)
        var ssig1 = p.sbet1, csig1 = calp1 * p.cbet1
        var ssig2 = p.sbet2, csig2 = p.cbet2
        GeodesicMath.normalize(&ssig1, &csig1)
        GeodesicMath.normalize(&ssig2, &csig2)
        // σ₁₂ ∈ [0, π] here because β₁ + β₂ ≤ 0.
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let k2 = secondEccentricitySquared * calp0 * calp0
        let series = GeodesicSeries(epsilon: GeodesicSeries.epsilon(k2: k2),
                                    thirdFlattening: thirdFlattening)
        let (s12, m12) = lengths(series: series, k2: k2, sig12: sig12,
                                 ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2)
        // A negative reduced length means a conjugate point was passed. For σ₁₂ < 1 that can
        // only be round-off, and from a pole every path is a meridian anyway.
        guard fromPole || sig12 < 1 || m12 >= 0 else { return nil }
        return CanonicalPath(distance: max(0, s12) * polarRadius,
                             salp1: salp1, calp1: calp1, salp2: 0, calp2: 1)
    }

    /// One evaluation of the inverse problem's equation for a trial start azimuth α₁: follow
    /// the geodesic to where it first reaches latitude β₂ heading north and compare its
    /// longitude with the target.
    private struct Trial {
        /// λ₁₂(α₁) − λ₁₂ (radians): increasing in α₁ for the canonical problem.
        var residual: Double
        /// d(residual)/dα₁ = m₁₂ / (a cos α₂ cos β₂).
        var slope: Double
        var distance: Double
        var salp2: Double, calp2: Double
    }

    private func trial(_ p: CanonicalPoints, salp1: Double, calp1 inCalp1: Double) -> Trial {
        let f = flattening
        var calp1 = inCalp1
        // Due east from the equator is the equator itself; nudge off it so σ₁ has a quadrant.
        if p.sbet1 == 0, calp1 == 0 { calp1 = -GeodesicMath.tiny }
        let salp0 = salp1 * p.cbet1                       // Clairaut
        let calp0 = hypot(calp1, salp1 * p.sbet1)

        var ssig1 = p.sbet1, csig1 = calp1 * p.cbet1
        let somg1 = salp0 * p.sbet1, comg1 = csig1
        GeodesicMath.normalize(&ssig1, &csig1)

        // At β₂: sin α₂ cos β₂ = sin α₀, and cos α₂ ≥ 0 (first crossing, heading north):
        // cos²α₂ cos²β₂ = cos²α₁ cos²β₁ + (cos²β₂ − cos²β₁), the bracket written in whichever
        // of its two factorings is accurate for these latitudes.
        let salp2 = p.cbet2 != p.cbet1 ? salp0 / p.cbet2 : salp1
        let calp2: Double
        if p.cbet2 != p.cbet1 || abs(p.sbet2) != -p.sbet1 {
            let bracket = p.cbet1 < -p.sbet1
                ? (p.cbet2 - p.cbet1) * (p.cbet1 + p.cbet2)
                : (p.sbet1 - p.sbet2) * (p.sbet1 + p.sbet2)
            calp2 = max(0, GeodesicMath.square(calp1 * p.cbet1) + bracket).squareRoot() / p.cbet2
        } else {
            calp2 = abs(calp1)
        }
        var ssig2 = p.sbet2, csig2 = calp2 * p.cbet2
        let somg2 = salp0 * p.sbet2, comg2 = csig2
        GeodesicMath.normalize(&ssig2, &csig2)

        // σ₁ ∈ [−π, 0] and σ₂ ∈ [−π/2, π/2], so σ₁₂ ∈ [0, 3π/2]; likewise ω₁₂ (sin α₀ ≥ 0).
        let sigRough = atan2(ssig2, csig2) - atan2(ssig1, csig1)
        let sig12 = max(0, GeodesicMath.angleBetween(ssig1, csig1, ssig2, csig2, near: sigRough))
        let omgRough = atan2(somg2, comg2) - atan2(somg1, comg1)
        let omg12 = GeodesicMath.angleBetween(somg1, comg1, somg2, comg2, near: omgRough)
        // ω₁₂ − λ₁₂, precise near 0 where it matters.
        let somg12 = comg1 * somg2 - somg1 * comg2, comg12 = comg1 * comg2 + somg1 * somg2
        let eta = GeodesicMath.onBranch(
            atan2(somg12 * p.clam12 - comg12 * p.slam12, comg12 * p.clam12 + somg12 * p.slam12),
            near: omg12 - p.lam12)

        let k2 = secondEccentricitySquared * calp0 * calp0
        let series = GeodesicSeries(epsilon: GeodesicSeries.epsilon(k2: k2),
                                    thirdFlattening: thirdFlattening)
        let b312 = series.c3(sin: ssig2, cos: csig2) - series.c3(sin: ssig1, cos: csig1)
        let residual = eta - f * salp0 * series.a3 * (sig12 + b312)

        let (s12, m12) = lengths(series: series, k2: k2, sig12: sig12,
                                 ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2)
        let slope: Double
        if calp2 == 0 {
            // Point 2 at the geodesic's vertex (|β₂| = |β₁|, α₁ = 90°): m₁₂ and cos α₂
            // both vanish; the limit of their ratio (on a sphere, 2/|sin β₁|).
            let w1 = (1 + secondEccentricitySquared * p.sbet1 * p.sbet1).squareRoot()
            slope = -2 * (1 - f) * w1 / p.sbet1
        } else {
            slope = (1 - f) * m12 / (calp2 * p.cbet2)
        }
        return Trial(residual: residual, slope: slope, distance: max(0, s12) * polarRadius,
                     salp2: salp2, calp2: calp2)
    }

    /// The general case: solve residual(α₁) = 0 by Newton's method on α₁, kept inside a
    /// bracket that bisection shrinks whenever a Newton step would leave it. The residual is
    /// monotonic in α₁ ∈ (0, π) for the canonical problem, so this always converges.
    private func generalPath(_ p: CanonicalPoints) -> CanonicalPath {
        var (salp1, calp1) = startingAzimuth(p)
        // Bracket ends as (sin, cos): α₁ → 0⁺ (residual < 0) and α₁ → π⁻ (residual > 0).
        var low = (s: GeodesicMath.tiny, c: 1.0), high = (s: GeodesicMath.tiny, c: -1.0)
        for _ in 0..<Self.maxIterations {
            let t = trial(p, salp1: salp1, calp1: calp1)
            let v = t.residual
            if v == 0 || !v.isFinite { break }
            if v > 0 { high = (salp1, calp1) } else { low = (salp1, calp1) }
            // Once the residual is at round-off, one more Newton step squares the error
            // away; stopping on the step size instead would be fooled by steep residuals
            // (nearly equatorial points need α₁ to 1e-25 rad).
            let polishing = abs(v) <= Self.residualTolerance

            let step = t.slope > 0 ? -v / t.slope : .nan
            if abs(step) < Double.pi {                           // false for NaN
                let sd = sin(step), cd = cos(step)
                var ns = salp1 * cd + calp1 * sd, nc = calp1 * cd - salp1 * sd
                GeodesicMath.normalize(&ns, &nc)
                if polishing {
                    if abs(step) < Self.polishLimit { salp1 = ns; calp1 = nc }
                    break
                }
                if ns == salp1, nc == calp1 { break }            // cannot move any further
                let aboveLow = low.c * ns - low.s * nc > 0       // sin(α − α_low) > 0
                let belowHigh = nc * high.s - ns * high.c > 0    // sin(α_high − α) > 0
                if ns > 0, aboveLow, belowHigh {
                    salp1 = ns; calp1 = nc
                    continue
                }
            } else if polishing {
                break
            }
            // Newton failed or would leave the bracket: bisect it.
            var ms = low.s + high.s, mc = low.c + high.c
            GeodesicMath.normalize(&ms, &mc)
            if (ms == low.s && mc == low.c) || (ms == high.s && mc == high.c) { break }
            salp1 = ms; calp1 = mc
        }
        let t = trial(p, salp1: salp1, calp1: calp1)
        return CanonicalPath(distance: t.distance, salp1: salp1, calp1: calp1,
                             salp2: t.salp2, calp2: t.calp2)
    }

    /// Enough for bisection alone to resolve α₁ to far below 1e-30 rad.
    private static let maxIterations = 200
    /// |λ₁₂(α₁) − λ₁₂| (radians) that counts as round-off: 16 ulps of 1.
    private static let residualTolerance = 16 * Double.ulpOfOne
    /// A final Newton step larger than this (radians) means a nearly flat residual; skip it.
    private static let polishLimit = 1e-3

    /// First guess for α₁ (§5): the spherical solution with the longitude scaled by the mean
    /// w = √(1 − e² cos²β) (good for short and medium lines), or, for nearly antipodal
    /// points where every great circle is nearly right, the astroid approximation.
    private func startingAzimuth(_ p: CanonicalPoints) -> (sin: Double, cos: Double) {
        let f = flattening
        let sbet12 = p.sbet2 * p.cbet1 - p.cbet2 * p.sbet1    // sin(β₂ − β₁)
        let cbet12 = p.cbet2 * p.cbet1 + p.sbet2 * p.sbet1
        let sbet12a = p.sbet2 * p.cbet1 + p.cbet2 * p.sbet1   // sin(β₂ + β₁)

        var somg12 = p.slam12, comg12 = p.clam12
        if cbet12 >= 0, sbet12 < 0.5, p.cbet2 * p.lam12 < 0.5 {
            // Short line: on the auxiliary sphere ω advances λ/w, w at the mean latitude.
            let cosMean2 = GeodesicMath.square(p.cbet1 + p.cbet2)
                / (GeodesicMath.square(p.sbet1 + p.sbet2) + GeodesicMath.square(p.cbet1 + p.cbet2))
            let e2 = f * (2 - f)
            let omg12 = p.lam12 / (1 - e2 * cosMean2).squareRoot()
            somg12 = sin(omg12); comg12 = cos(omg12)
        }
        // Spherical azimuth: tan α₁ = cos β₂ sin ω / (cos β₁ sin β₂ − sin β₁ cos β₂ cos ω),
        // denominator rearranged to avoid cancellation.
        var salp1 = p.cbet2 * somg12
        var calp1 = comg12 >= 0
            ? sbet12 + p.cbet2 * p.sbet1 * GeodesicMath.square(somg12) / (1 + comg12)
            : sbet12a - p.cbet2 * p.sbet1 * GeodesicMath.square(somg12) / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = p.sbet1 * p.sbet2 + p.cbet1 * p.cbet2 * comg12

        if f > 0, csig12 < 0, ssig12 < Self.astroidRadius * f * Double.pi * p.cbet1 * p.cbet1 {
            (salp1, calp1) = astroidAzimuth(p, sbet12a: sbet12a)
        }
        GeodesicMath.normalize(&salp1, &calp1)
        if !(salp1 > 0) { (salp1, calp1) = (1, 0) }   // keep the guess inside (0, π)
        return (salp1, calp1)
    }

    /// Within this many astroid units (f π cos²β₁ on the auxiliary sphere) of the antipode,
    /// start from the astroid rather than the sphere.
    private static let astroidRadius = 3.0

    /// Starting azimuth for nearly antipodal points (§5). Near the antipode of point 1,
    /// geodesics leaving at α₁ close to 90° arrive along straight lines in the scaled plane
    /// x = (λ₁₂ − π)/(f π A₃ cos β₁), y = (β₁ + β₂)/(f π A₃ cos²β₁); their envelope is the
    /// astroid |x|^⅔ + |y|^⅔ = 1. The line through (x, y) has sin α₁ = −x/(1 + μ),
    /// cos α₁ = y/μ, where μ is the positive root of x²/(1 + μ)² + y²/μ² = 1.
    private func astroidAzimuth(_ p: CanonicalPoints, sbet12a: Double) -> (sin: Double, cos: Double) {
        let f = flattening
        // The geodesic leaving due east from β₁ has cos α₀ = |sin β₁|.
        let k2 = secondEccentricitySquared * p.sbet1 * p.sbet1
        let series = GeodesicSeries(epsilon: GeodesicSeries.epsilon(k2: k2),
                                    thirdFlattening: thirdFlattening)
        let lonScale = f * p.cbet1 * series.a3 * Double.pi
        let latScale = lonScale * p.cbet1
        let x = -((180 - p.lon12) * GeodesicMath.radiansPerDegree) / lonScale   // ≤ 0
        let y = sbet12a / latScale                                              // ≤ 0
        if y > -Self.astroidAxis {
            // On the axis the root μ → 0: take the limit of the formulas above.
            if x > -1 {
                let s = min(1, -x)
                return (s, -(1 - s * s).squareRoot())
            }
            return (1, 0)
        }
        let mu = Self.astroidRoot(x: x, y: y)
        return (-x / (1 + mu), y / mu)
    }

    /// |y| below which the astroid starting guess uses its y → 0 limit.
    private static let astroidAxis = 1e-12

    /// The positive root μ of x²/(1 + μ)² + y²/μ² = 1 (y ≠ 0). The left side falls
    /// monotonically and is convex in μ > 0, so Newton's method started below the root
    /// (at max(|y|, |x| − 1), where the left side is ≥ 1) climbs to it without overshooting.
    private static func astroidRoot(x: Double, y: Double) -> Double {
        let x2 = x * x, y2 = y * y
        var mu = max(abs(y), abs(x) - 1)
        for _ in 0..<60 {
            let p = 1 + mu
            let g = x2 / (p * p) + y2 / (mu * mu) - 1
            let dg = -2 * (x2 / (p * p * p) + y2 / (mu * mu * mu))
            let step = -g / dg
            guard step.isFinite, step > 0 else { break }
            mu += step
            if step <= 1e-15 * mu { break }
        }
        return mu
    }
}
