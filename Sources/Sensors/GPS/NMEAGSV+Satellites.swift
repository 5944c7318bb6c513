extension NMEAGSV {
    /// The satellites of one GSV sentence, stored inline.
    ///
    /// Why not `[Satellite]`: a GSV carries at most four satellite blocks (NMEA 0183), so a
    /// fixed list of four holds any GSV, and decoding one allocates nothing (parsing throughput,
    /// docs/performance.md). Each number is kept in 32 bits, `Int32.min` standing for "not sent",
    /// which keeps a decoded GSV small to copy. Reads like an array: indexable, iterable, comparable
    /// to an array literal.
    package struct Satellites: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible {
        package static let capacity = 4

        /// id, elevation, azimuth, C/N0 of each satellite in turn.
        private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                              Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        static let absent = NMEAFields.emptyField
        package private(set) var count = 0

        package init() {}

        /// From code, not received data: more than `capacity` satellites is a programming error.
        package init(arrayLiteral satellites: Satellite...) {
            for satellite in satellites {
                precondition(append(satellite), "a GSV carries at most \(Self.capacity) satellites, each number in 32 bits")
            }
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { count }

        package subscript(position: Int) -> Satellite {
            precondition(position >= 0 && position < count, "index out of range")
            let numbers = withUnsafeBytes(of: storage) { raw in
                (raw.load(fromByteOffset: position &* 16, as: Int32.self),
                 raw.load(fromByteOffset: position &* 16 &+ 4, as: Int32.self),
                 raw.load(fromByteOffset: position &* 16 &+ 8, as: Int32.self),
                 raw.load(fromByteOffset: position &* 16 &+ 12, as: Int32.self))
            }
            func optional(_ value: Int32) -> Int? { value == Self.absent ? nil : Int(value) }
            return Satellite(id: Int(numbers.0), elevation: optional(numbers.1), azimuth: optional(numbers.2),
                             snr: optional(numbers.3))
        }

        /// Adds `satellite`; false (and nothing added) when the list is full or a number does not
        /// fit in 32 bits.
        @discardableResult
        package mutating func append(_ satellite: Satellite) -> Bool {
            func stored(_ value: Int?) -> Int32? {
                guard let value else { return Self.absent }
                guard let narrow = Int32(exactly: value), narrow != Self.absent else { return nil }
                return narrow
            }
            guard count < Self.capacity, let id = Int32(exactly: satellite.id), let elevation = stored(satellite.elevation),
                  let azimuth = stored(satellite.azimuth), let snr = stored(satellite.snr) else { return false }
            let offset = count &* 16
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.storeBytes(of: id, toByteOffset: offset, as: Int32.self)
                raw.storeBytes(of: elevation, toByteOffset: offset &+ 4, as: Int32.self)
                raw.storeBytes(of: azimuth, toByteOffset: offset &+ 8, as: Int32.self)
                raw.storeBytes(of: snr, toByteOffset: offset &+ 12, as: Int32.self)
            }
            count &+= 1
            return true
        }

        /// Appends numbers already in storage form (`absent` for a missing one; the id never is), as
        /// `NMEAFields.plainNumber` reads them; false when full.
        @inline(__always)
        mutating func appendStored(id: Int32, elevation: Int32, azimuth: Int32, snr: Int32) -> Bool {
            guard count < Self.capacity else { return false }
            let offset = count &* 16
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.storeBytes(of: id, toByteOffset: offset, as: Int32.self)
                raw.storeBytes(of: elevation, toByteOffset: offset &+ 4, as: Int32.self)
                raw.storeBytes(of: azimuth, toByteOffset: offset &+ 8, as: Int32.self)
                raw.storeBytes(of: snr, toByteOffset: offset &+ 12, as: Int32.self)
            }
            count &+= 1
            return true
        }

        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for satellite in self { hasher.combine(satellite) }
        }

        package var description: String { Array(self).description }
    }
}
