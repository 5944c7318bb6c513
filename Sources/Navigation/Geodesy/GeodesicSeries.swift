/// The series coefficients of one geodesic: everything that depends on its equatorial
/// azimuth α₀ (through ε) and on the ellipsoid (through the third flattening n).
///
/// Karney (2013) writes the three integrals of a geodesic as a secular term plus a Fourier
/// sine series in the arc length σ on the auxiliary sphere:
///
/// * distance, Eq. (7): s/b = I₁(σ) = A₁ (σ + Σ C₁ₗ sin 2lσ), and its reversion,
///   Eqs. (20)–(21): σ = τ + Σ C′₁ₗ sin 2lτ with τ = s/(b A₁);
/// * reduced length: I₂(σ) = A₂ (σ + Σ C₂ₗ sin 2lσ);
/// * longitude: λ = ω − f sin α₀ I₃(σ), I₃(σ) = A₃ (σ + Σ C₃ₗ sin 2lσ).
///
/// Here k² = e′² cos² α₀ and ε = (√(1+k²) − 1)/(√(1+k²) + 1). The coefficients below are
/// the paper's, to sixth order (A₃ and C₃ to fifth, since I₃ is multiplied by f). They were
/// re-derived for this file by expanding the integrands symbolically (sympy, with
/// √(1 + k² sin²σ) = |1 − ε e^{2iσ}| / (1 − ε)) and checked by quadrature: the truncation
/// error falls as ε⁷ (as order 6 in n, ε for I₃), as it should.
struct GeodesicSeries: Sendable {
    /// A₁ − 1 (kept apart from 1 so that small distances keep their relative precision).
    let a1Minus1: Double
    let c1: SineSeries
    let c1Prime: SineSeries
    /// A₂ − 1.
    let a2Minus1: Double
    let c2: SineSeries
    let a3: Double
    let c3: SineSeries

    /// ε for a given k² = e′² cos² α₀, written so that it stays accurate for small k².
    static func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    init(epsilon e: Double, thirdFlattening n: Double) {
        let e2 = e * e, e3 = e2 * e, e4 = e2 * e2, e5 = e4 * e, e6 = e3 * e3

        // A₁ = (1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 − ε)
        let t1 = e2 / 4 + e4 / 64 + e6 / 256
        a1Minus1 = (t1 + e) / (1 - e)
        c1 = SineSeries(
            c1: -e / 2 + 3 * e3 / 16 - e5 / 32,
            c2: -e2 / 16 + e4 / 32 - 9 * e6 / 2048,
            c3: -e3 / 48 + 3 * e5 / 256,
            c4: -5 * e4 / 512 + 3 * e6 / 512,
            c5: -7 * e5 / 1280,
            c6: -7 * e6 / 2048)
        c1Prime = SineSeries(
            c1: e / 2 - 9 * e3 / 32 + 205 * e5 / 1536,
            c2: 5 * e2 / 16 - 37 * e4 / 96 + 1335 * e6 / 4096,
            c3: 29 * e3 / 96 - 75 * e5 / 128,
            c4: 539 * e4 / 1536 - 2391 * e6 / 2560,
            c5: 3467 * e5 / 7680,
            c6: 38081 * e6 / 61440)

        // A₂ = (1 − ε)(1 + ε²/4 + 9ε⁴/64 + 25ε⁶/256)
        let t2 = e2 / 4 + 9 * e4 / 64 + 25 * e6 / 256
        a2Minus1 = t2 - e * (1 + t2)
        c2 = SineSeries(
            c1: e / 2 + e3 / 16 + e5 / 32,
            c2: 3 * e2 / 16 + e4 / 32 + 35 * e6 / 2048,
            c3: 5 * e3 / 48 + 5 * e5 / 256,
            c4: 35 * e4 / 512 + 7 * e6 / 512,
            c5: 63 * e5 / 1280,
            c6: 77 * e6 / 2048)

        let n2 = n * n
        a3 = 1
            + e * (n - 1) / 2
            + e2 * (3 * n2 - n - 2) / 8
            - e3 * (n2 + 3 * n + 1) / 16
            - e4 * (2 * n + 3) / 64
            - e5 * 3 / 128
        c3 = SineSeries(
            c1: e * (1 - n) / 4 + e2 * (1 - n2) / 8 + e3 * (3 + 3 * n - n2) / 64
                + e4 * (5 + 2 * n) / 128 + e5 * 3 / 128,
            c2: e2 * (2 - 3 * n + n2) / 32 + e3 * (3 - 2 * n - 3 * n2) / 64
                + e4 * (3 + n) / 128 + e5 * 5 / 256,
            c3: e3 * (5 - 9 * n + 5 * n2) / 192 + e4 * (9 - 10 * n) / 384 + e5 * 7 / 512,
            c4: e4 * (7 - 14 * n) / 512 + e5 * 7 / 512,
            c5: e5 * 21 / 2560,
            c6: 0)
    }
}
