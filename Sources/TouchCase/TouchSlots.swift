/// The firmware's touch ids: side `s` owns ids `s·n + 1 … s·n + n` for `n` touches per side, with
/// sides in slot order right, bottom, left, top (FuffrLib's `SideLookupTable`, `FFRCaseHandler.m`).
/// Slots are absolute: enabling only some sides does not renumber them.
///
/// FuffrLib divides by `n` unguarded and indexes its 4-entry table unchecked; here `n` = 0, id 0
/// and ids beyond the table give nil, so the caller drops the record.
package enum TouchSlots {
    package static func side(of id: UInt8, touchesPerSide n: Int) -> CaseSide? {
        guard n > 0, id > 0 else { return nil }
        return CaseSide(slotIndex: (Int(id) - 1) / n)
    }

    /// The id of finger `slot` (0-based) on `side`; nil when `slot` is not below `n`.
    package static func id(side: CaseSide, slot: Int, touchesPerSide n: Int) -> UInt8? {
        guard n > 0, n <= TouchEnableCommand.maximumTouchesPerSide, (0..<n).contains(slot) else { return nil }
        return UInt8(side.slotIndex * n + slot + 1)
    }
}
