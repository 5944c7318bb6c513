/// One (n, m) line of a WMM coefficient file: the Gauss coefficients of the main field at the
/// model's epoch and their secular variation.
package struct GaussCoefficient: Sendable, Equatable {
    /// Degree, 1…12 for the WMM.
    package var n: Int
    /// Order, 0…n.
    package var m: Int
    /// gₙᵐ at the epoch, nT.
    package var g: Double
    /// hₙᵐ at the epoch, nT (0 when m = 0).
    package var h: Double
    /// ġₙᵐ, nT per year.
    package var gRate: Double
    /// ḣₙᵐ, nT per year.
    package var hRate: Double

    package init(n: Int, m: Int, g: Double, h: Double, gRate: Double, hRate: Double) {
        self.n = n
        self.m = m
        self.g = g
        self.h = h
        self.gRate = gRate
        self.hRate = hRate
    }
}
