import TouchCase

/// A scripted touch session for the simulated case: timed strokes per side, each a finger held
/// from `start` for `duration`, moving in a straight line between two screen-aligned normalized
/// points (the coordinates `TouchEvent` reports, after FuffrLib's `normalizePoint:onSide:`).
public struct FuffrTouchTrace: Sendable, Hashable {
    public struct Stroke: Sendable, Hashable {
        public var side: CaseSide
        /// Which finger on that side (0-based): its slot, and so its id.
        public var finger: Int
        /// Session time the finger lands.
        public var start: Duration
        public var duration: Duration
        public var fromX: Double, fromY: Double
        public var toX: Double, toY: Double
        /// False: the finger vanishes without a release record (a lost packet); a central then ends
        /// it by the 200 ms silence rule (FuffrLib `FFRTrackingHandler.m`).
        public var sendsRelease: Bool

        public init(side: CaseSide, finger: Int = 0, start: Duration, duration: Duration,
                    from: (x: Double, y: Double), to: (x: Double, y: Double)? = nil, sendsRelease: Bool = true) {
            self.side = side
            self.finger = finger
            self.start = start
            self.duration = duration
            (fromX, fromY) = from
            (toX, toY) = to ?? from
            self.sendsRelease = sendsRelease
        }

        public var end: Duration { start + duration }

        /// Where the finger is at `time` (linear between the two points), nil when it is not down.
        public func position(at time: Duration) -> (x: Double, y: Double)? {
            guard time >= start, time < end else { return nil }
            let f = duration > .zero ? (time - start) / duration : 0
            return (fromX + (toX - fromX) * f, fromY + (toY - fromY) * f)
        }
    }

    public var strokes: [Stroke]

    public init(_ strokes: [Stroke] = []) {
        self.strokes = strokes
    }
}
