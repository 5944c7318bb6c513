/// Schmidt semi-normalised associated Legendre functions Pₙᵐ(cos θ) and their derivatives
/// dPₙᵐ/dθ for n ≤ N, the angular part of the geomagnetic potential (step 3 of the WMM algorithm;
/// docs/navigation.md).
///
/// Built by the standard recursions in θ (colatitude), which stay stable to degree 12:
/// * Pₙⁿ = sin θ · √((2n − 1)/(2n)) · Pₙ₋₁ⁿ⁻¹ (n ≥ 2), P₁¹ = sin θ, P₀⁰ = 1;
/// * Pₙᵐ = ((2n − 1) cos θ Pₙ₋₁ᵐ − √((n − 1)² − m²) Pₙ₋₂ᵐ) / √(n² − m²) for n > m;
/// and their θ-derivatives by the product rule. No Condon–Shortley phase, as geomagnetism uses.
struct SchmidtLegendre {
    let maxDegree: Int
    /// Pₙᵐ and dPₙᵐ/dθ at index n(n + 1)/2 + m.
    private(set) var values: [Double]
    private(set) var derivatives: [Double]

    static func index(_ n: Int, _ m: Int) -> Int { n * (n + 1) / 2 + m }

    /// `x` = cos θ = sin φ′, `s` = sin θ = cos φ′ (geocentric latitude φ′).
    init(maxDegree: Int, x: Double, s: Double) {
        self.maxDegree = maxDegree
        let count = Self.index(maxDegree, maxDegree) + 1
        var p = [Double](repeating: 0, count: count)
        var dp = [Double](repeating: 0, count: count)
        p[0] = 1
        for n in stride(from: 1, through: maxDegree, by: 1) {
            // The diagonal from the previous diagonal.
            let diagonal = Self.index(n, n), previous = Self.index(n - 1, n - 1)
            let k = n == 1 ? 1 : (Double(2 * n - 1) / Double(2 * n)).squareRoot()
            p[diagonal] = k * s * p[previous]
            dp[diagonal] = k * (x * p[previous] + s * dp[previous])
            // The column m < n from the two degrees below.
            for m in 0..<n {
                let nd = Double(n), md = Double(m)
                let scale = 1 / (nd * nd - md * md).squareRoot()
                let a = Double(2 * n - 1)
                let b = n - 2 >= m ? ((nd - 1) * (nd - 1) - md * md).squareRoot() : 0
                let p1 = p[Self.index(n - 1, m)], dp1 = dp[Self.index(n - 1, m)]
                let p2 = n - 2 >= m ? p[Self.index(n - 2, m)] : 0
                let dp2 = n - 2 >= m ? dp[Self.index(n - 2, m)] : 0
                p[Self.index(n, m)] = (a * x * p1 - b * p2) * scale
                dp[Self.index(n, m)] = (a * (x * dp1 - s * p1) - b * dp2) * scale
            }
        }
        values = p
        derivatives = dp
    }

    func value(_ n: Int, _ m: Int) -> Double { values[Self.index(n, m)] }
    func derivative(_ n: Int, _ m: Int) -> Double { derivatives[Self.index(n, m)] }
}
