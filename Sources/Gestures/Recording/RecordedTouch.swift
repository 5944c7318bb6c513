/// A touch as recorded: the event the pipeline was fed (its `timeMs` is the frame's stamp) and, when
/// the case reported them, the raw sensor values (0…32767) it was normalized from (`TouchNormalization`),
/// kept so samples can be re-normalized later.
public struct RecordedTouch: Sendable, Hashable {
    public var event: TouchEvent
    public var rawX: Int?
    public var rawY: Int?

    public init(_ event: TouchEvent, rawX: Int? = nil, rawY: Int? = nil) {
        self.event = event
        self.rawX = rawX
        self.rawY = rawY
    }
}
