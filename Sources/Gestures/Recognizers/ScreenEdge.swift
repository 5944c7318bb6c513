/// An edge of the screen-aligned unit square where a screen-edge pan may start (not a case side:
/// a side is which strip, an edge is where in the square).
package enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    case top, bottom, left, right

    /// Whether `point` lies within `margin` of this edge.
    func contains(_ point: TouchPoint, margin: Double) -> Bool {
        switch self {
        case .left: !Tolerance.exceeds(point.x, margin)
        case .right: Tolerance.reaches(point.x, 1 - margin)
        case .top: !Tolerance.exceeds(point.y, margin)
        case .bottom: Tolerance.reaches(point.y, 1 - margin)
        }
    }
}
