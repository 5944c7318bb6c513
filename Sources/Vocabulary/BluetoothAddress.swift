/// A 48-bit Bluetooth device address, printed most significant octet first ("B8:27:EB:12:34:56").
///
/// Why a type: the kernel and libbluetooth store `bdaddr_t` little-endian, byte 0 being the
/// *last* printed octet (BlueZ's `ba2str` prints `b[5]` first); converting in one place keeps
/// that reversal out of every caller.
package struct BluetoothAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as a number, first printed octet in bits 40...47.
    package let value: UInt64

    /// Keeps the low 48 bits of `value`.
    package init(_ value: UInt64) {
        self.value = value & 0xFFFF_FFFF_FFFF
    }

    /// Parses "AA:BB:CC:DD:EE:FF" (hex digits, either case); nil for anything else.
    package init?(string: String) {
        let parts = string.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6 else { return nil }
        var value: UInt64 = 0
        for part in parts {
            // UInt8(_:radix:) alone would also take a sign ("+5").
            guard part.count == 2, part.allSatisfy(\.isASCIIHexDigit), let octet = UInt8(part, radix: 16) else {
                return nil
            }
            value = value << 8 | UInt64(octet)
        }
        self.init(value)
    }

    /// From the six bytes of a `bdaddr_t` in memory order (little-endian), as mgmt events and
    /// `sockaddr_l2` carry it. Bytes beyond the sixth are ignored.
    package init(littleEndianBytes bytes: some Collection<UInt8>) {
        var value: UInt64 = 0
        for byte in bytes.prefix(6).reversed() {
            value = value << 8 | UInt64(byte)
        }
        self.init(value)
    }

    /// The six bytes of a `bdaddr_t` in memory order (last printed octet first).
    package var littleEndianBytes: [UInt8] { octets.reversed() }

    /// The six octets in printed order.
    package var octets: [UInt8] {
        (0..<6).map { UInt8(truncatingIfNeeded: value >> (40 - 8 * UInt64($0))) }
    }

    package var description: String {
        octets.hexDigits(separator: ":")
    }
}
