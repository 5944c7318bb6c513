/// A touch that is down: its identity, strip, serial key and last known position. The sanitizer
/// keeps one per live id; `lastEventMs` drives the optional stale-touch timeout.
struct LiveTouch {
    var key: UInt64
    var id: Int
    var side: CaseSide
    var position: TouchPoint
    var lastEventMs: Double
}
