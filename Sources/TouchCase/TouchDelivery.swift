/// One callback of FuffrLib's observer model (`FFRTrackingHandler.m`, `FFRTouchManager.m`): a began or ended set
/// holds the one touch that began or ended; a moved set holds every touch tracked at that moment,
/// on all sides, not only the one that moved. Observers then see it filtered by their sides.
package struct TouchDelivery: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case began, moved, ended
    }

    package var kind: Kind
    /// Ordered by id, so a delivery is deterministic (FuffrLib hands out an unordered set).
    package var touches: [TouchEvent]

    package init(kind: Kind, touches: [TouchEvent]) {
        self.kind = kind
        self.touches = touches
    }
}
