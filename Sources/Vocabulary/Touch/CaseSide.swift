/// One of the Fuffr case's four touch-sensitive strips (FuffrLib's `FFRSide`), for the case's driver,
/// the gesture pipeline and the configuration alike.
///
/// Declared in the case's own slot order (right, bottom, left, top): the order of the FFF1 side bits
/// and of the id → side table (FuffrLib, `Communication/FFRCaseHandler.m`), which is *not* the order
/// of FuffrLib's public `FFRSide` values. Geometry ignores the side: the case's driver maps every
/// strip into one screen-aligned unit square, as FuffrLib's `normalizePoint:onSide:` does.
package enum CaseSide: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case right, bottom, left, top

    package var description: String { rawValue }
}
