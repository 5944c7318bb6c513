/// Raw sensor coordinates ↔ screen-aligned normalized coordinates, per side (FuffrLib's
/// `FFRCaseHandler.m`, `normalizePoint:onSide:`): both raw axes run 0…32767; the long sides swap the
/// axes, left and top also mirror them, so x grows left → right and y top → bottom on every side.
///
/// | side   | x            | y            |
/// |--------|--------------|--------------|
/// | right  | ry/R         | rx/R         |
/// | left   | 1 − ry/R     | 1 − rx/R     |
/// | bottom | rx/R         | ry/R         |
/// | top    | 1 − rx/R     | 1 − ry/R     |
package enum TouchNormalization {
    /// R, the raw full scale of firmware since 2014-04-28 (a comment in `FFRCaseHandler.m`).
    package static let rawMaximum: UInt16 = 32767

    /// FuffrLib's normalized location; unclamped, so raw values above 32767 give more than 1.
    package static func normalized(rawX: UInt16, rawY: UInt16, side: CaseSide) -> (x: Double, y: Double) {
        let r = Double(rawMaximum)
        let (nx, ny) = (Double(rawX) / r, Double(rawY) / r)
        switch side {
        case .right: return (ny, nx)
        case .left: return (1 - ny, 1 - nx)
        case .bottom: return (nx, ny)
        case .top: return (1 - nx, 1 - ny)
        }
    }

    /// The raw values that normalize to (x, y) on `side`, rounded; x and y are clamped to [0, 1]
    /// (non-finite values become 0). For the simulator, whose scripts are written in screen terms.
    package static func raw(x: Double, y: Double, side: CaseSide) -> (rawX: UInt16, rawY: UInt16) {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let (x, y) = (unit(x), unit(y))
        let (nx, ny): (Double, Double) = switch side {
        case .right: (y, x)
        case .left: (1 - y, 1 - x)
        case .bottom: (x, y)
        case .top: (1 - x, 1 - y)
        }
        let r = Double(rawMaximum)
        return (UInt16((nx * r).rounded()), UInt16((ny * r).rounded()))
    }
}
