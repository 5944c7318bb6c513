/// One (n, m) line of a WMM coefficient file: the Gauss coefficients of the main field at the
/// model's epoch and their secular variation.
public struct GaussCoefficient: Sendable, Equatable {
    /// Degree, 1…12 for the WMM.
    public var n: Int
    /// Order, 0…n.
    public var m: Int
    /// gₙᵐ at the epoch, nT.
    public var g: Double
    /// hₙᵐ at the epoch, nT (0 when m = 0).
    public var h: Double
    /// ġₙᵐ, nT per year.
    public var gRate: Double
    /// ḣₙᵐ, nT per year.
    public var hRate: Double

    public init(n: Int, m: Int, g: Double, h: Double, gRate: Double, hRate: Double) {
        self.n = n
        self.m = m
        self.g = g
        self.h = h
        self.gRate = gRate
        self.hRate = hRate
    }
}
