/// A set of case sides with FuffrLib's public `FFRSide` values: Top = 0x1, Bottom = 0x2,
/// Left = 0x4, Right = 0x8 (FuffrLib, `Touch/FFRTouch.h`), as observers and
/// configuration name them.
///
/// The FFF1 write uses a different bit order (`wireBitmap`); the two must never be mixed, which is
/// why the raw value is not what goes on the wire.
package struct CaseSides: OptionSet, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue & 0x0F
    }

    package static let top = CaseSides(rawValue: 0x1)
    package static let bottom = CaseSides(rawValue: 0x2)
    package static let left = CaseSides(rawValue: 0x4)
    package static let right = CaseSides(rawValue: 0x8)
    package static let all: CaseSides = [.top, .bottom, .left, .right]

    package init(_ side: CaseSide) {
        switch side {
        case .top: self = .top
        case .bottom: self = .bottom
        case .left: self = .left
        case .right: self = .right
        }
    }

    package init(_ sides: some Sequence<CaseSide>) {
        self = sides.reduce(into: CaseSides()) { $0.insert(CaseSides($1)) }
    }

    package func contains(_ side: CaseSide) -> Bool { contains(CaseSides(side)) }

    /// The sides in slot order (right, bottom, left, top).
    package var sides: [CaseSide] { CaseSide.allCases.filter(contains) }

    /// Byte 0 of the FFF1 write: bit 0 Right, bit 1 Bottom, bit 2 Left, bit 3 Top, bits 4–7 zero
    /// (FuffrLib's `FFRCaseHandler.m`; the order since its commit 9db260b).
    package var wireBitmap: UInt8 {
        sides.reduce(0) { $0 | UInt8(1) << UInt8($1.slotIndex) }
    }

    /// The sides of an FFF1 bitmap; bits 4–7 are ignored, as the firmware does (`FFRCaseHandler.m`).
    package init(wireBitmap: UInt8) {
        self.init(CaseSide.allCases.filter { wireBitmap & (UInt8(1) << UInt8($0.slotIndex)) != 0 })
    }

    package var description: String {
        isEmpty ? "none" : sides.map(\.rawValue).joined(separator: "+")
    }
}
