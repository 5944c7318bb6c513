import TouchCase

/// A scripted touch session for the simulated case: timed strokes per side, each a finger held
/// from `start` for `duration`, moving in a straight line between two screen-aligned normalized
/// points (the coordinates `TouchEvent` reports, after FuffrLib's `normalizePoint:onSide:`).
package struct FuffrTouchTrace: Sendable, Hashable {
    package struct Stroke: Sendable, Hashable {
        package var side: CaseSide
        /// Which finger on that side (0-based): its slot, and so its id.
        package var finger: Int
        /// Session time the finger lands.
        package var start: Duration
        package var duration: Duration
        package var fromX: Double, fromY: Double
        package var toX: Double, toY: Double
        /// False: the finger vanishes without a release record (a lost packet); a central then ends
        /// it by the 200 ms silence rule (FuffrLib `FFRTrackingHandler.m`).
        package var sendsRelease: Bool

        package init(side: CaseSide, finger: Int = 0, start: Duration, duration: Duration,
                    from: (x: Double, y: Double), to: (x: Double, y: Double)? = nil, sendsRelease: Bool = true) {
            self.side = side
            self.finger = finger
            self.start = start
            self.duration = duration
            (fromX, fromY) = from
            (toX, toY) = to ?? from
            self.sendsRelease = sendsRelease
        }

        package var end: Duration { start + duration }

        /// Where the finger is at `time` (linear between the two points), nil when it is not down.
        package func position(at time: Duration) -> (x: Double, y: Double)? {
            guard time >= start, time < end else { return nil }
            let f = duration > .zero ? (time - start) / duration : 0
            return (fromX + (toX - fromX) * f, fromY + (toY - fromY) * f)
        }
    }

    package var strokes: [Stroke]

    package init(_ strokes: [Stroke] = []) {
        self.strokes = strokes
    }
}
