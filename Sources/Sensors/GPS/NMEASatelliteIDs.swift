/// The satellite ids of one GSA sentence, stored inline.
///
/// Why not `[Int]`: GSA has exactly 12 id slots (NMEA 0183), so a fixed list of 12 holds any
/// GSA, and decoding one allocates nothing (three GSA per epoch on a multi-GNSS receiver; parsing
/// throughput, docs/performance.md). Ids are kept as 32-bit integers (NMEA's are at most three
/// digits), which keeps a decoded GSA small to copy. Reads like an array: indexable, iterable,
/// comparable to an array literal.
package struct NMEASatelliteIDs: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    package static let capacity = 12

    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The count in one byte (at most 12), so a decoded GSA, the largest sentence, stays small
    /// enough that a decoded message is copied with a few moves rather than a `memcpy` call.
    private var storedCount: UInt8 = 0
    package var count: Int { Int(storedCount) }

    package init() {}

    /// From code, not received data: more than `capacity` ids is a programming error.
    package init(arrayLiteral ids: Int...) {
        for id in ids { precondition(append(id), "a GSA lists at most \(Self.capacity) satellites, each a 32-bit id") }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Int {
        precondition(position >= 0 && position < count, "index out of range")
        return Int(withUnsafeBytes(of: storage) { $0.load(fromByteOffset: position &* 4, as: Int32.self) })
    }

    /// Adds `id`; false (and nothing added) when the list is full or `id` does not fit in 32 bits.
    @discardableResult
    package mutating func append(_ id: Int) -> Bool {
        guard count < Self.capacity, let stored = Int32(exactly: id) else { return false }
        let offset = count &* 4
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: stored, toByteOffset: offset, as: Int32.self) }
        storedCount &+= 1
        return true
    }

    /// Appends an id already known to fit 32 bits (`NMEAFields.plainNumber`); false when full.
    @inline(__always)
    mutating func appendStored(_ id: Int32) -> Bool {
        guard count < Self.capacity else { return false }
        let offset = count &* 4
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: id, toByteOffset: offset, as: Int32.self) }
        storedCount &+= 1
        return true
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }

    package var description: String { Array(self).description }
}
