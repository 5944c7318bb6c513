/// 16-bit ↔ 128-bit UUID strings on the Bluetooth base UUID (Core Spec Vol 3 Part B §2.5.1: `FExx` expands to
/// `0000FExx-0000-1000-8000-00805F9B34FB`).
enum BluetoothUUID {
    static let baseSuffix = "-0000-1000-8000-00805F9B34FB"

    static func expand(_ uuid16: UInt16) -> String {
        "0000" + hex4(uuid16) + baseSuffix
    }

    /// Accepts `FE03`, `fe03`, `0xFE03` and the full 128-bit form in any case.
    static func parse16(_ text: String) -> UInt16? {
        var s = text.uppercased()
        if s.hasPrefix("0X") { s.removeFirst(2) }
        if s.count == 36 {
            guard s.hasPrefix("0000"), s.hasSuffix(baseSuffix) else { return nil }
            s = String(s.dropFirst(4).prefix(4))
        }
        guard s.count == 4 else { return nil }
        return UInt16(s, radix: 16)
    }

    static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
