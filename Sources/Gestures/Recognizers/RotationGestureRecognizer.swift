#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Two-finger rotation (UIKit's `UIRotationGestureRecognizer`): the angle of the vector from the earlier
/// to the later touch, accumulated frame by frame with each step wrapped into (−π, π], so the value is
/// continuous and may exceed π. Radians, clockwise positive on the screen (y grows downward), as UIKit.
package final class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    package var rotationThresholdRad: Double

    @exclusivity(unchecked) private var previousAngle = 0.0
    @exclusivity(unchecked) private var rotation = 0.0

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), rotationThresholdRad: Double = 0.05) {
        self.rotationThresholdRad = rotationThresholdRad
        super.init(name: name, sides: sides)
    }

    override var identity: Double { 0 }
    override var threshold: Double { rotationThresholdRad }
    override var value: Double { rotation }

    override func formPair(_ first: TouchPoint, _ second: TouchPoint) -> Bool {
        previousAngle = atan2(second.y - first.y, second.x - first.x)
        rotation = 0
        return true
    }

    override func measure(_ first: TouchPoint, _ second: TouchPoint) {
        let angle = atan2(second.y - first.y, second.x - first.x)
        var step = angle - previousAngle
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        rotation += step
        previousAngle = angle
    }

    override func clearMeasure() {
        previousAngle = 0
        rotation = 0
    }

    override var values: GestureValues {
        var values = super.values
        values.rotation = rotation
        return values
    }
}
