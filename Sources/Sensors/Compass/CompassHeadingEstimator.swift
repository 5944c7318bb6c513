/// A compass driver's sample in, a magnetic `Heading` out: the stored hard/soft-iron calibration
/// applied (in the chip's axes, where it was fitted), the chip's axes turned into the body frame
/// (`axes`, the `[compass] axes` mounting), then tilt compensation when gravity is known
/// (`TiltCompensation`), else the level formula. A fused sensor (BNO055) already gives its heading,
/// which is passed on.
///
/// Pure, so the reader that polls the chip and the calibrate command compute headings alike.
package struct CompassHeadingEstimator: Sendable {
    package var calibration: CompassCalibration?
    package var axes: AxisMapping

    package init(calibration: CompassCalibration? = nil, axes: AxisMapping = .identity) {
        self.calibration = calibration
        self.axes = axes
    }

    /// The heading of `sample`, read at `now`, with `gravity` in the body frame; nil when the sample has no usable field (zero
    /// horizontal part after calibration, free fall).
    package func heading(from sample: CompassSample, gravity: Vector3? = nil, at now: Duration) -> Heading? {
        if let orientation = sample.orientation {
            guard orientation.heading.isFinite else { return nil }
            let wrapped = orientation.heading.truncatingRemainder(dividingBy: 360)
            return Heading(magneticDegrees: wrapped < 0 ? wrapped + 360 : wrapped, receivedAt: now)
        }
        guard let raw = sample.field else { return nil }
        let field = axes.apply(calibration?.apply(raw) ?? raw)
        let (xh, yh) = gravity.flatMap { TiltCompensation.horizontalComponents(field: field, gravity: $0) } ?? (field.x, field.y)
        let strength = (xh * xh + yh * yh).squareRoot()
        return TiltCompensation.horizontalHeading(xh: xh, yh: yh).map {
            Heading(magneticDegrees: $0, receivedAt: now, horizontalField: strength.isFinite ? strength : nil)
        }
    }
}
