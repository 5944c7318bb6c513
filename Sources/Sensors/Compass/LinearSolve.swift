/// Solves the small dense systems of the calibration fits (normal equations, at most 9×9).
enum LinearSolve {
    /// x with a·x = b by Gaussian elimination with partial pivoting, or nil if `a` is singular
    /// (relative to its largest entry), which for a fit means the samples do not pin it down.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a
        var rhs = b
        let scale = a.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > scale * 1e-13 else { return nil }
            m.swapAt(column, pivot)
            rhs.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = m[row][column] / m[column][column]
                guard factor != 0 else { continue }
                for k in column..<n { m[row][k] -= factor * m[column][k] }
                rhs[row] -= factor * rhs[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = rhs[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }

    /// The least-squares solution of rows·p ≈ targets, through the normal equations.
    static func leastSquares(rows: [[Double]], targets: [Double]) -> [Double]? {
        guard let width = rows.first?.count else { return nil }
        var ata = [[Double]](repeating: [Double](repeating: 0, count: width), count: width)
        var atb = [Double](repeating: 0, count: width)
        for (row, target) in zip(rows, targets) {
            for i in 0..<width {
                atb[i] += row[i] * target
                for j in i..<width { ata[i][j] += row[i] * row[j] }
            }
        }
        for i in 0..<width { for j in 0..<i { ata[i][j] = ata[j][i] } }
        return solve(ata, atb)
    }
}
