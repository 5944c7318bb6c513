/// Eigenvalues and eigenvectors of a symmetric 3×3 matrix by cyclic Jacobi rotations.
///
/// Why Jacobi: for 3×3 it converges in a handful of sweeps, is unconditionally stable for
/// symmetric input, and needs no library. The calibration fit uses it for the symmetric square
/// root A^{1/2} (see `CompassCalibrationFit`) and to tell a planar (turn-only) sample set from a 3-D one.
struct SymmetricEigen {
    /// Ascending.
    var values: [Double]
    /// Column i is the unit eigenvector of `values[i]`.
    var vectors: Matrix3

    init(_ input: Matrix3) {
        var a = input
        var v = Matrix3.identity
        for _ in 0..<50 {
            let off = a[0, 1] * a[0, 1] + a[0, 2] * a[0, 2] + a[1, 2] * a[1, 2]
            if off < 1e-30 { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where a[p, q] != 0 {
                let theta = (a[q, q] - a[p, p]) / (2 * a[p, q])
                let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot()
                let s = t * c
                // A ← Jᵀ A J, V ← V J, with J the rotation in the (p, q) plane.
                for k in 0..<3 {
                    let akp = a[k, p], akq = a[k, q]
                    a[k, p] = c * akp - s * akq
                    a[k, q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let apk = a[p, k], aqk = a[q, k]
                    a[p, k] = c * apk - s * aqk
                    a[q, k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let vkp = v[k, p], vkq = v[k, q]
                    v[k, p] = c * vkp - s * vkq
                    v[k, q] = s * vkp + c * vkq
                }
            }
        }
        let order = [0, 1, 2].sorted { a[$0, $0] < a[$1, $1] }
        values = order.map { a[$0, $0] }
        var sorted = Matrix3.identity
        for (column, source) in order.enumerated() {
            for row in 0..<3 { sorted[row, column] = v[row, source] }
        }
        vectors = sorted
    }

    /// V · diag(f(λ)) · Vᵀ.
    func map(_ f: (Double) -> Double) -> Matrix3 {
        var d = Matrix3.identity
        for i in 0..<3 { d[i, i] = f(values[i]) }
        return vectors * d * vectors.transposed
    }
}
