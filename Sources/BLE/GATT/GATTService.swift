/// A primary service found by discovery: its UUID and handle range.
public struct GATTService: Sendable, Hashable {
    public var uuid: BLEUUID
    public var range: ATTHandleRange
    public init(uuid: BLEUUID, range: ATTHandleRange) {
        self.uuid = uuid
        self.range = range
    }
}
