/// The posMode letters of one GNS sentence, one per constellation, stored inline.
///
/// Why not `[UInt8]`: an array is the only reference a decoded sentence would hold, so every copy of
/// a `GPSMessage` would retain and release it and every GNS would allocate (parsing throughput,
/// docs/performance.md). NMEA 0183 4.11 names six constellations for GNS's mode field (GPS, GLONASS,
/// Galileo, BeiDou, QZSS, NavIC; one character per constellation), so room for 16 letters holds
/// any real GNS; a longer field is refused as malformed. Reads like an array: indexable, iterable,
/// comparable to an array literal.
package struct NMEAPositionModes: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    package static let capacity = 16

    /// Letter i in byte i (little-endian order of the two words), zero past `count`.
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    package private(set) var count = 0

    package init() {}

    /// From code, not received data: more than `capacity` letters is a programming error.
    package init(arrayLiteral letters: UInt8...) {
        for letter in letters { precondition(append(letter), "a GNS carries at most \(Self.capacity) mode letters") }
    }

    /// The letters of `bytes`, nil if there are more than `capacity`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        for byte in bytes { append(byte) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "index out of range")
        let word = position < 8 ? low : high
        return UInt8(truncatingIfNeeded: word >> UInt64((position & 7) &* 8))
    }

    /// Adds `letter`; false (and nothing added) when the list is full.
    @discardableResult
    package mutating func append(_ letter: UInt8) -> Bool {
        guard count < Self.capacity else { return false }
        let shift = UInt64((count & 7) &* 8)
        if count < 8 { low |= UInt64(letter) << shift } else { high |= UInt64(letter) << shift }
        count &+= 1
        return true
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.low == rhs.low && lhs.high == rhs.high
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(low)
        hasher.combine(high)
    }

    package var description: String { Array(self).description }
}
