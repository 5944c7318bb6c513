/// One change of one touch on the case: what the gesture pipeline consumes.
///
/// - `id` is the firmware's touch id (1…20). It is unique among live touches on all sides and may
///   be reused once the touch has ended or been cancelled.
/// - `x`, `y` are screen-aligned normalized coordinates (FuffrLib's `normalizePoint:onSide:`): x grows left →
///   right, y top → bottom, on every side. Always within [0, 1]: raw values beyond full scale are
///   clamped (and counted by the session).
/// - `time` is session time (the `Duration` since session start that every core uses): when the
///   record arrived, or for a touch ended by silence, the moment its 200 ms ran out.
/// - An `ended` touch keeps its last tracked position, as FuffrLib does (the release record's
///   coordinates are not used, `FFRTrackingHandler.m`).
public struct TouchEvent: Sendable, Hashable, CustomStringConvertible {
    public var side: CaseSide
    public var id: Int
    public var phase: TouchPhase
    public var x: Double
    public var y: Double
    /// The raw sensor values the position came from (FuffrLib's `rawPoint`).
    public var rawX: UInt16
    public var rawY: UInt16
    public var time: Duration

    public init(side: CaseSide, id: Int, phase: TouchPhase, x: Double, y: Double,
                rawX: UInt16 = 0, rawY: UInt16 = 0, time: Duration) {
        self.side = side
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
        self.rawX = rawX
        self.rawY = rawY
        self.time = time
    }

    public var description: String {
        func f(_ v: Double) -> String { String(Double((v * 1000).rounded()) / 1000) }
        return "\(side) #\(id) \(phase) (\(f(x)), \(f(y))) at \(time)"
    }
}
