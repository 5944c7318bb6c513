/// Two-finger pinch (UIKit's `UIPinchGestureRecognizer`): `scale` = current distance / distance when the
/// pair formed, absolute like UIKit's; `velocity` in scale per second. Begins when |scale − 1| >
/// `scaleThreshold`.
package final class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    package var scaleThreshold: Double

    @exclusivity(unchecked) private var initialDistance = 0.0
    @exclusivity(unchecked) private var scale = 1.0

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), scaleThreshold: Double = 0.05) {
        self.scaleThreshold = scaleThreshold
        super.init(name: name, sides: sides)
    }

    override var identity: Double { 1 }
    override var threshold: Double { scaleThreshold }
    override var value: Double { scale }

    override func formPair(_ first: TouchPoint, _ second: TouchPoint) -> Bool {
        let distance = first.distance(to: second)
        // Two touches on one point give no reference distance; wait until they separate.
        guard distance > 1e-9 else { return false }
        initialDistance = distance
        scale = 1
        return true
    }

    override func measure(_ first: TouchPoint, _ second: TouchPoint) {
        guard initialDistance > 0 else { return }
        scale = first.distance(to: second) / initialDistance
    }

    override func clearMeasure() {
        initialDistance = 0
        scale = 1
    }

    override var values: GestureValues {
        var values = super.values
        values.scale = scale
        return values
    }
}
