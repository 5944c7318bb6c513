/// What the classifier remembers of one touch.
struct TrackedTouch: Sendable {
    let serial: Int
    let inputID: Int
    let began: Duration
    var ended: Duration?
    var cancelled = false
    var lastSample: Duration
    var start: (x: Double, y: Double)
    var last: (x: Double, y: Double)
    /// Arc length in points.
    var travel = 0.0
    var maxRadius: Double?
    var classification: TouchClassification
    /// The touch that ended last before this one began, and when, for the isolation rules.
    var previousEnd: Duration?
    var previousSerial: Int?
    /// Another touch was live at some point of this one's life.
    var hadConcurrent = false

    func duration(now: Duration) -> Duration { (ended ?? now) - began }
    func isLive(at t: Duration) -> Bool { began <= t && (ended.map { t < $0 } ?? true) }
}
