/// What a `GPSStreamParser` has seen so far: frames decoded and frames or bytes skipped, by kind.
public struct GPSStreamCounts: Sendable, Hashable {
    /// NMEA sentences decoded.
    public var nmeaSentences = 0
    /// UBX messages decoded (NAV-PVT).
    public var ubxMessages = 0
    public var rejected: [GPSRejection: Int] = [:]
    /// Bytes outside any frame: noise, a stray sync byte, DDC filler fed in by mistake, the body of
    /// a UBX frame whose checksum failed (rescanned byte by byte for the next `$` or sync).
    public var garbageBytes = 0

    public init() {}

    public subscript(_ kind: GPSRejection) -> Int { rejected[kind] ?? 0 }

    /// Every rejection plus garbage: zero for a clean stream.
    public var totalRejected: Int { rejected.values.reduce(0, +) }
}
