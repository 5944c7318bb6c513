/// What a `GPSStreamParser` has seen so far: frames decoded and frames or bytes skipped, by kind.
package struct GPSStreamCounts: Sendable, Hashable {
    /// NMEA sentences decoded.
    package var nmeaSentences = 0
    /// UBX messages decoded (NAV-PVT).
    package var ubxMessages = 0
    package var rejected: [GPSRejection: Int] = [:]
    /// Bytes outside any frame: noise, a stray sync byte, DDC filler fed in by mistake, the body of
    /// a UBX frame whose checksum failed (rescanned byte by byte for the next `$` or sync).
    package var garbageBytes = 0

    package init() {}

    package subscript(_ kind: GPSRejection) -> Int { rejected[kind] ?? 0 }

    /// Every rejection plus garbage: zero for a clean stream.
    package var totalRejected: Int { rejected.values.reduce(0, +) }
}
