/// Why bytes of a receiver stream were skipped. Each is counted, none stops the stream.
package enum GPSRejection: String, Sendable, Hashable, CaseIterable, Comparable {
    /// NMEA `*hh` missing or wrong, or a UBX Fletcher checksum that does not match.
    case checksum
    /// Checksum right, content wrong: too few fields, letters in a number, an impossible date,
    /// a UBX message of the wrong length.
    case malformed
    /// A sentence interrupted by the next `$`, a UBX sync or a non-text byte, or one that never
    /// ended; a UBX frame cut off by the end of the stream.
    case truncated
    /// A well-formed frame of a kind we do not decode (GLL, TXT, proprietary `$P…`, other UBX
    /// messages, an unknown talker).
    case unsupported

    package static func < (lhs: GPSRejection, rhs: GPSRejection) -> Bool { lhs.rawValue < rhs.rawValue }
}
