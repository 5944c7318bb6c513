#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A quick straight stroke (UIKit's `UISwipeGestureRecognizer`), discrete, decided during the stroke as
/// UIKit and Fuffr do. The start point is the centroid once the required touches are down; on each frame
/// that moves them, the displacement is tested against the allowed directions (right, left, up, down in
/// that order): far enough, within `maximumAngleDeg` of the axis, fast enough on average. The stroke must
/// succeed within `maximumDurationMs` of the first touch-down.
package final class SwipeGestureRecognizer: GestureRecognizer {
    package typealias Direction = RecognizedGesture.Direction

    package var directions: Set<Direction>
    package var numberOfTouchesRequired: Int
    package var minimumDistance: Double
    package var maximumDurationMs: Double
    /// Average speed along the direction, u/s (0: off).
    package var minimumVelocity: Double
    package var maximumAngleDeg: Double

    @exclusivity(unchecked) private var start: TouchPoint?
    @exclusivity(unchecked) private var startMs = 0.0
    @exclusivity(unchecked) private var matched: Direction?

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), directions: Set<Direction> = [.right],
                numberOfTouchesRequired: Int = 1, minimumDistance: Double = 0.15, maximumDurationMs: Double = 500,
                minimumVelocity: Double = 0, maximumAngleDeg: Double = 30) {
        self.directions = directions
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.minimumDistance = minimumDistance
        self.maximumDurationMs = maximumDurationMs
        self.minimumVelocity = minimumVelocity
        self.maximumAngleDeg = maximumAngleDeg
        super.init(name: name, sides: sides)
    }

    /// The order they are checked in, with screen unit vectors (y grows downward).
    private static let order: [(Direction, Double, Double)] = [(.right, 1, 0), (.left, -1, 0), (.up, 0, -1), (.down, 0, 1)]

    override func update(now: Double) -> GestureProposal {
        if attempt.count == tracked.count && tracked.allSatisfy(\.isNew) {
            // First touch-down of the attempt.
            arm(at: now + maximumDurationMs)
        }
        if tracked.contains(where: \.cancelled) { return .fail }
        if attempt.count > numberOfTouchesRequired { return .fail }
        if let start, tracked.contains(where: { ($0.moved || $0.lifted) && !$0.isNew }),
           let current = startOfFrameCentroid {
            let d = current - start
            let tangent = tan(maximumAngleDeg * .pi / 180)
            let elapsed = (now - startMs) / 1000
            for (direction, ux, uy) in Self.order where directions.contains(direction) {
                let primary = d.x * ux + d.y * uy
                let secondary = abs(d.x * uy - d.y * ux)
                guard Tolerance.reaches(primary, minimumDistance), !Tolerance.exceeds(secondary, primary * tangent) else { continue }
                guard minimumVelocity <= 0 || Tolerance.reaches(elapsed > 0 ? primary / elapsed : .infinity, minimumVelocity) else { continue }
                matched = direction
                disarm()
                return .recognize
            }
        }
        if start == nil && remainingCount == numberOfTouchesRequired {
            start = endOfFrameCentroid
            startMs = now
        }
        if remainingCount == 0 { return .fail }
        return .none
    }

    override var values: GestureValues {
        var values = GestureValues()
        values.location = start
        values.direction = matched
        values.numberOfTouches = tracked.count
        return values
    }

    override func resetGesture() {
        start = nil
        startMs = 0
        matched = nil
    }
}
