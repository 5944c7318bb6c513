/// A compass driver's sample in, a magnetic `Heading` out: the stored hard/soft-iron calibration
/// applied, then tilt compensation when gravity is known (platform.md §5.1–5.2), else the level
/// formula. A fused sensor (BNO055) already gives its heading, which is passed on.
///
/// Pure, so the reader that polls the chip and the calibrate command compute headings alike.
public struct CompassHeadingEstimator: Sendable {
    public var calibration: CompassCalibration?

    public init(calibration: CompassCalibration? = nil) {
        self.calibration = calibration
    }

    /// The heading of `sample`, read at `now`; nil when the sample has no usable field (zero
    /// horizontal part after calibration, free fall).
    public func heading(from sample: CompassSample, gravity: Vector3? = nil, at now: Duration) -> Heading? {
        if let orientation = sample.orientation {
            guard orientation.heading.isFinite else { return nil }
            let wrapped = orientation.heading.truncatingRemainder(dividingBy: 360)
            return Heading(magneticDegrees: wrapped < 0 ? wrapped + 360 : wrapped, receivedAt: now)
        }
        guard let raw = sample.field else { return nil }
        let field = calibration?.apply(raw) ?? raw
        let degrees = gravity.flatMap { TiltCompensation.heading(field: field, gravity: $0) }
            ?? TiltCompensation.levelHeading(field: field)
        return degrees.map { Heading(magneticDegrees: $0, receivedAt: now) }
    }
}
