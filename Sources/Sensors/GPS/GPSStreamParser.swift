/// Splits a raw receiver byte stream (NMEA, UBX, or both interleaved) into decoded messages.
///
/// Fed bytes in chunks of any size, including one byte at a time; the result does not depend on
/// where the chunks split. Everything it cannot use is counted in `counts` and skipped, and the
/// stream recovers at the next `$` or UBX sync `0xB5 0x62`:
/// - NMEA text is printable ASCII ended by CR and/or LF (NMEA 0183), so a sentence that meets
///   another `$`, a control byte or a byte ≥ 0x7F before its end is truncated, and scanning resumes
///   at that byte;
/// - a UBX frame is taken whole by its length field (0xFF and `$` are valid payload); if its
///   checksum fails, scanning resumes one byte after the sync, so NMEA swallowed by a corrupt
///   length field is still found.
package struct GPSStreamParser: Sendable {
    /// Longest sentence accepted, `$` to checksum. NMEA allows 82 characters with CRLF
    /// (NMEA 0183), but real receivers exceed it (long GSV/GNS on multi-GNSS parts), so we
    /// allow some slack before calling a sentence unterminated.
    package static let maxSentenceLength = 160
    /// Largest UBX payload accepted. A false sync (0xB5 0x62 in noise) otherwise makes the parser
    /// wait for up to 64 KiB of "payload"; real u-blox messages are far shorter (NAV-SAT for 100
    /// satellites is 1208 bytes).
    package static let maxUBXPayload = 4096

    package private(set) var counts = GPSStreamCounts()
    private var pending: [UInt8] = []
    private var decoder = NMEADecoder()

    package init() {}

    /// Feeds the next bytes and returns the messages they completed.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [GPSMessage] {
        var messages: [GPSMessage] = []
        feed(bytes) { messages.append($0) }
        return messages
    }

    /// Feeds the next bytes, handing each completed message to `handle` (no array on the hot path).
    package mutating func feed(_ bytes: some Sequence<UInt8>, _ handle: (GPSMessage) -> Void) {
        // Nothing pending (the usual case between whole frames): scan the caller's bytes in place and
        // keep only an unfinished frame's tail.
        if pending.isEmpty {
            let scanned: Void? = bytes.withContiguousStorageIfAvailable { buf in
                let consumed = scan(buf, final: false, handle)
                if consumed < buf.count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: buf[consumed...])) }
            }
            if scanned != nil { return }
        }
        pending.append(contentsOf: bytes)
        scan(final: false, handle)
    }

    /// The stream has ended: a frame still incomplete is counted as truncated, and the bytes after
    /// its start are scanned once more for anything complete.
    package mutating func finish() -> [GPSMessage] {
        var messages: [GPSMessage] = []
        scan(final: true) { messages.append($0) }
        return messages
    }

    /// Whether any of 16 bytes may stop a sentence: whether any is outside 0x25...0x7E. That takes
    /// in space, `!`, `"` and `#` as well as every byte `stopLanes` marks (a control byte, DEL or
    /// above, `$`), but is one compare where the exact test is two; those four are rare in NMEA,
    /// and `stopLanes` sorts them out. Vector compares (SSE2 on x86-64, NEON on the Pi's AArch64)
    /// through Swift's SIMD types, so the scan takes a whole vector per step.
    @inline(__always)
    static func anyStopCandidate(_ bytes: SIMD16<UInt8>) -> Bool {
        // The vectors' type is spelled out: written `SIMD16(repeating:)`, the compare resolved to
        // the generic one, a loop over the lanes.
        let low = SIMD16<UInt8>(repeating: 0x25), span = SIMD16<UInt8>(repeating: 0x5A)
        let outside = (bytes &- low) .>= span
        // A mask lane is all ones or all zeros: the 16 lanes read as two words.
        let halves = unsafeBitCast(outside, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] != 0
    }

    /// Each byte that ends a sentence as 0xFF, the others 0, as two little-endian words (lane 0 in
    /// the low byte of the first): a control byte (< 0x20, CR and LF included), DEL or above
    /// (≥ 0x7F), or `$`.
    @inline(__always)
    static func stopLanes(_ bytes: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let control = SIMD16<UInt8>(repeating: 0x20), printable = SIMD16<UInt8>(repeating: 0x5F)
        let dollar = SIMD16<UInt8>(repeating: 0x24)
        let stops = ((bytes &- control) .>= printable) .| (bytes .== dollar)
        let words = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
        return SIMD2(UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
    }

    private mutating func reject(_ kind: GPSRejection) {
        counts.rejected[kind, default: 0] += 1
    }

    private mutating func scan(final: Bool, _ handle: (GPSMessage) -> Void) {
        var buffer = pending
        pending = []
        let consumed = buffer.withUnsafeBufferPointer { scan($0, final: final, handle) }
        buffer.removeSubrange(0..<consumed)
        pending = buffer
    }

    /// Scans `buf` and returns how many bytes were used up; the rest start an unfinished frame.
    private mutating func scan(_ buf: UnsafeBufferPointer<UInt8>, final: Bool, _ handle: (GPSMessage) -> Void) -> Int {
        guard let base = buf.baseAddress else { return buf.count }
        let n = buf.count
        var i = 0
        while i < n {
            let byte = base[i]
            if byte == 0x24 { // $
                // One pass finds the sentence's end and XORs its bytes for the checksum. It ends at
                // CR/LF; another `$`, a control byte or a byte ≥ 0x7F interrupts it, and so does
                // running past maxSentenceLength.
                let limit = min(n, i &+ Self.maxSentenceLength &+ 1)
                var j = i &+ 1
                var stopped = false
                // Sixteen bytes (one vector) a step: one cheap test for a byte that may end the
                // sentence, and only in the step where one may, the exact test, which finds the end.
                var vectorSum = SIMD16<UInt8>()
                var sum: UInt64 = 0
                while j &+ 16 <= limit {
                    let bytes = UnsafeRawPointer(base + j).loadUnaligned(as: SIMD16<UInt8>.self)
                    if Self.anyStopCandidate(bytes) {
                        let stops = Self.stopLanes(bytes)
                        let raw = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
                        let words = (UInt64(littleEndian: raw[0]), UInt64(littleEndian: raw[1]))
                        // The first stopping byte is the lowest set bit; only the bytes below it
                        // are summed.
                        if stops[0] != 0 {
                            let bit = stops[0].trailingZeroBitCount
                            sum = words.0 & ((1 &<< UInt64(bit)) &- 1)
                            j &+= bit &>> 3
                            stopped = true
                            break
                        }
                        if stops[1] != 0 {
                            let bit = stops[1].trailingZeroBitCount
                            sum = words.0 ^ (words.1 & ((1 &<< UInt64(bit)) &- 1))
                            j &+= 8 &+ bit &>> 3
                            stopped = true
                            break
                        }
                    }
                    vectorSum ^= bytes
                    j &+= 16
                }
                let halves = unsafeBitCast(vectorSum, to: SIMD2<UInt64>.self)
                sum ^= halves[0] ^ halves[1]
                sum ^= sum &>> 32
                sum ^= sum &>> 16
                sum ^= sum &>> 8
                var xor = UInt8(truncatingIfNeeded: sum)
                while !stopped && j < limit { // fewer than 16 bytes left before `limit`
                    let c = base[j]
                    if c &- 0x20 >= 0x5F || c == 0x24 { // not printable ASCII, or `$`
                        stopped = true
                        break
                    }
                    xor ^= c
                    j &+= 1
                }
                if stopped {
                    let c = base[j]
                    if c == 0x0D || c == 0x0A {
                        if let rejection = NMEADecoder.decode(UnsafeBufferPointer(start: base + i, count: j &- i),
                                                              xor: xor, handle) {
                            reject(rejection)
                        } else {
                            counts.nmeaSentences &+= 1
                        }
                        // The usual CR LF is stepped over here rather than a byte a turn below.
                        if c == 0x0D, j &+ 1 < n, base[j &+ 1] == 0x0A { j &+= 1 }
                        i = j &+ 1
                    } else {
                        reject(.truncated)
                        i = j
                    }
                    continue
                }
                // Not ended: too long, or the buffer ended first (wait for the rest, unless final).
                guard j != n || final || j == i &+ Self.maxSentenceLength &+ 1 else { return i }
                reject(.truncated)
                i = j
            } else if byte == UBXFrame.syncChar1 {
                guard i + 1 < n else {
                    if final { counts.garbageBytes += 1; i += 1; continue }
                    return i
                }
                guard buf[i + 1] == UBXFrame.syncChar2 else {
                    counts.garbageBytes += 1
                    i += 1
                    continue
                }
                guard i + 6 <= n else {
                    if final { reject(.truncated); i += 2; continue }
                    return i
                }
                let length = Int(buf[i + 4]) | Int(buf[i + 5]) << 8
                guard length <= Self.maxUBXPayload else {
                    counts.garbageBytes += 1 // a false sync: rescan from the next byte
                    i += 1
                    continue
                }
                let end = i + UBXFrame.overhead + length
                guard end <= n else {
                    if final { reject(.truncated); i += 2; continue }
                    return i
                }
                let (a, b) = UBXFrame.checksum(buf[(i + 2)..<(end - 2)])
                guard a == buf[end - 2], b == buf[end - 1] else {
                    reject(.checksum)
                    i += 2 // the sync pair; the body is rescanned
                    continue
                }
                let messageClass = buf[i + 2], id = buf[i + 3]
                if messageClass == UBXNavPVT.messageClass, id == UBXNavPVT.messageID {
                    if let pvt = UBXNavPVT(payload: buf[(i + 6)..<(end - 2)]) {
                        counts.ubxMessages += 1
                        handle(.navPVT(pvt))
                    } else {
                        reject(.malformed)
                    }
                } else {
                    reject(.unsupported)
                }
                i = end
            } else if byte == 0x0D || byte == 0x0A {
                i += 1 // line ends between sentences
            } else {
                counts.garbageBytes += 1
                i += 1
            }
        }
        return n
    }
}
