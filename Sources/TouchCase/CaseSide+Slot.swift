extension CaseSide {
    /// The side's index in the firmware's slot table and its bit in the FFF1 bitmap (FuffrLib,
    /// `Communication/FFRCaseHandler.m`); `CaseSide`'s cases are declared in this order.
    package var slotIndex: Int {
        switch self {
        case .right: 0
        case .bottom: 1
        case .left: 2
        case .top: 3
        }
    }

    /// The side of a slot-table index; nil outside 0…3.
    package init?(slotIndex: Int) {
        guard let side = Self.allCases.first(where: { $0.slotIndex == slotIndex }) else { return nil }
        self = side
    }
}
