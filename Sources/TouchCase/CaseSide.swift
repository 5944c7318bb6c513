/// One touch-sensitive edge of the Fuffr case.
///
/// Cases are declared in the case's own slot order (right, bottom, left, top): the order of the
/// FFF1 side bits and of the id → side table (FuffrLib, `Communication/FFRCaseHandler.m`), which is *not* the
/// order of FuffrLib's public `FFRSide` values (`CaseSides`).
public enum CaseSide: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case right, bottom, left, top

    /// The side's index in the firmware's slot table and its bit in the FFF1 bitmap.
    public var slotIndex: Int {
        switch self {
        case .right: 0
        case .bottom: 1
        case .left: 2
        case .top: 3
        }
    }

    /// The side of a slot-table index; nil outside 0…3.
    public init?(slotIndex: Int) {
        guard let side = Self.allCases.first(where: { $0.slotIndex == slotIndex }) else { return nil }
        self = side
    }

    public var description: String { rawValue }
}
