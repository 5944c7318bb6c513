import Gestures

/// What `[devices.touch_case]` says beyond finding the case: which sides sense, how many touches per
/// side (1…5; docs/touch-case.md), and whether the case sleeps while navigation is stopped.
package struct TouchCaseSettings: Sendable, Hashable {
    package var sides: Set<CaseSide>
    package var touchesPerSide: Int
    /// Touches per side 0 (wire `00 00`) while navigation is stopped; a stopped walk is then started
    /// with a button or a pen click, not on the case.
    package var powerSaving: Bool

    package init(sides: Set<CaseSide> = Set(CaseSide.allCases), touchesPerSide: Int = 2, powerSaving: Bool = true) {
        self.sides = sides
        self.touchesPerSide = touchesPerSide
        self.powerSaving = powerSaving
    }
}
