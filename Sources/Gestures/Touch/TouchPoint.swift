/// A point in the screen-aligned unit square every side maps into (x left→right, y top→bottom).
/// Distances in this square are the pipeline's unit, "u".
package struct TouchPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = TouchPoint(x: 0, y: 0)

    static func + (a: TouchPoint, b: TouchPoint) -> TouchPoint { TouchPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: TouchPoint, b: TouchPoint) -> TouchPoint { TouchPoint(x: a.x - b.x, y: a.y - b.y) }

    /// Euclidean length of the vector from the origin.
    var length: Double { (x * x + y * y).squareRoot() }

    func distance(to other: TouchPoint) -> Double { (self - other).length }
}
