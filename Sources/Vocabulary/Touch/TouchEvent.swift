/// One change of one touch on the case: what the case's driver delivers, the gesture pipeline
/// consumes and a recording keeps.
///
/// - `id` is the firmware's touch id (1…20). It is unique among live touches on all sides and may
///   be reused once the touch has ended or been cancelled.
/// - `x`, `y` are screen-aligned normalized coordinates (FuffrLib's `normalizePoint:onSide:`): x grows
///   left → right, y top → bottom, on every side. The case's driver clamps them into [0, 1]; the
///   gesture pipeline sanitises whatever else reaches it (a scenario's or a recording's numbers).
/// - `time` is session time, the `Duration` since the session started that every core uses: when
///   the record arrived, or for a touch ended by silence, the moment its 200 ms ran out.
/// - `rawX`, `rawY` are the sensor values the position came from (FuffrLib's `rawPoint`), when the
///   event came from a case; a recording keeps them so a sample can be re-normalized later.
/// - `touchClass` is the classifier's verdict on what touched (the pipeline reads it when the touch
///   begins); `unknown` until something classified it.
/// - An `ended` touch keeps its last tracked position, as FuffrLib does (the release record's
///   coordinates are not used, `FFRTrackingHandler.m`).
package struct TouchEvent: Sendable, Hashable, CustomStringConvertible {
    package var side: CaseSide
    package var id: Int
    package var phase: TouchPhase
    package var x: Double
    package var y: Double
    package var time: Duration
    package var rawX: UInt16?
    package var rawY: UInt16?
    package var touchClass: TouchClass

    package init(side: CaseSide, id: Int, phase: TouchPhase, x: Double, y: Double, time: Duration,
                rawX: UInt16? = nil, rawY: UInt16? = nil, touchClass: TouchClass = .unknown) {
        self.side = side
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
        self.time = time
        self.rawX = rawX
        self.rawY = rawY
        self.touchClass = touchClass
    }

    package var description: String {
        func f(_ v: Double) -> String { String(Double((v * 1000).rounded()) / 1000) }
        return "\(side) #\(id) \(phase) (\(f(x)), \(f(y))) at \(time)"
    }
}
