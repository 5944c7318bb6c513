/// A generated input read as a script: the targets that drive a state machine take an operation byte,
/// then that operation's arguments, until the input runs out. Reading past the end gives zeros and
/// empty slices, so every input is a valid script and the fuzzer's mutations stay meaningful.
package struct FuzzInput: Sendable {
    package let bytes: [UInt8]
    package private(set) var position = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var isAtEnd: Bool { position >= bytes.count }
    package var remaining: Int { bytes.count - position }

    package mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A number in `0..<count` (0 when `count` is 0).
    package mutating func choose(_ count: Int) -> Int {
        count > 0 ? Int(byte()) % count : 0
    }

    /// The next `count` bytes, fewer at the end.
    package mutating func take(_ count: Int) -> [UInt8] {
        let end = position + min(max(count, 0), remaining)
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// A length byte, then that many bytes: one packet of a packet stream.
    package mutating func packet(maximum: Int = 255) -> [UInt8] {
        take(Int(byte()) % (maximum + 1))
    }

    /// Everything not read yet.
    package mutating func rest() -> [UInt8] { take(remaining) }

    /// A time step in milliseconds (0–2 550), so state machines see timeouts fire and not fire.
    package mutating func milliseconds() -> Duration { .milliseconds(Int(byte()) * 10) }
}
