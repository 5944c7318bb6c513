/// One sanitized, mirrored touch event inside a frame, tagged with the touch's serial key.
struct FrameChange {
    var key: UInt64
    var event: TouchEvent

    var position: TouchPoint { TouchPoint(x: event.x, y: event.y) }
}
