/// What the case should sense: which sides, and how many touches per side (FuffrLib's
/// `enableSides:touchesPerSide:`), and the 2 bytes it becomes on FFF1 (FuffrLib, `FFRCaseHandler.m`).
///
/// Touches per side run 0…5; 0 stops touch detection (power saving), and with no side
/// enabled as well (`powerSave`, wire `00 00`) the case's MCU sleeps until the next command.
package struct TouchEnableCommand: Sendable, Hashable, CustomStringConvertible {
    /// The case tracks at most 5 touches per side (Fuffr's API page; `FFRCaseHandler.m`).
    package static let maximumTouchesPerSide = 5
    /// `00 00`: no side, no touches — the deepest sleep short of disconnecting.
    package static let powerSave = TouchEnableCommand(uncheckedSides: [], touchesPerSide: 0)

    package let sides: CaseSides
    package let touchesPerSide: Int

    /// Nil when `touchesPerSide` is outside 0…5: the firmware would silently treat it as 0 (`FFRCaseHandler.m`),
    /// so it is refused here, where a configuration can still say what is wrong.
    package init?(sides: CaseSides, touchesPerSide: Int) {
        guard (0...Self.maximumTouchesPerSide).contains(touchesPerSide) else { return nil }
        self.init(uncheckedSides: sides, touchesPerSide: touchesPerSide)
    }

    private init(uncheckedSides sides: CaseSides, touchesPerSide: Int) {
        self.sides = sides
        self.touchesPerSide = touchesPerSide
    }

    /// `[side bitmap, touches per side]`, e.g. left+right with 1 touch → `05 01`.
    package var bytes: [UInt8] { [sides.wireBitmap, UInt8(touchesPerSide)] }

    /// Whether the case reports any touch at all under this command.
    package var sensesTouches: Bool { touchesPerSide > 0 && !sides.isEmpty }

    /// Decodes a written FFF1 value as the firmware reads it: exactly 2 bytes; bits 4–7 of the
    /// bitmap ignored; a count above 5 means 0. Nil for any other length.
    package init?(wire bytes: [UInt8]) {
        guard bytes.count == 2 else { return nil }
        let count = Int(bytes[1])
        self.init(uncheckedSides: CaseSides(wireBitmap: bytes[0]),
                  touchesPerSide: count > Self.maximumTouchesPerSide ? 0 : count)
    }

    package var description: String { "sides \(sides), \(touchesPerSide) touch\(touchesPerSide == 1 ? "" : "es") per side" }
}
