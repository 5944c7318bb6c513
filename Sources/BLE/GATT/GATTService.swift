/// A primary service found by discovery: its UUID and handle range.
package struct GATTService: Sendable, Hashable {
    package var uuid: BLEUUID
    package var range: ATTHandleRange
    package init(uuid: BLEUUID, range: ATTHandleRange) {
        self.uuid = uuid
        self.range = range
    }
}
