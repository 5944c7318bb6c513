/// Little-endian writes and the clamps the encoders share.
enum Wire {
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le16(_ v: Int16) -> [UInt8] { le16(UInt16(bitPattern: v)) }
    static func le32(_ v: UInt32) -> [UInt8] { le16(UInt16(v & 0xFFFF)) + le16(UInt16(v >> 16)) }
    static func flag(_ b: Bool) -> UInt8 { b ? 1 : 0 }
    static func percent(_ i: Int) -> UInt8 { UInt8(max(0, min(100, i))) }
    static func degrees(_ d: Int) -> [UInt8] { le16(UInt16(((d % 360) + 360) % 360)) }

    /// "Use the belt's default intensity" (channel configuration offset 2, pulse offset 5).
    static let defaultIntensityByte: UInt8 = 0xAA

    /// The largest iteration count with an undisputed meaning: 1–127 are counts, 0 is "indefinitely";
    /// how the firmware reads 128–255 is unknown, so larger counts are sent as 127.
    static let maximumIterations: UInt8 = 127
    static func iterations(_ n: UInt8) -> UInt8 { min(n, maximumIterations) }

    /// Printable ASCII, the only bytes a BLE name is known to hold.
    static func isNameByte(_ b: UInt8) -> Bool { (0x20...0x7E).contains(b) }
}
