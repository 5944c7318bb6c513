/// Splits a raw receiver byte stream (NMEA, UBX, or both interleaved) into decoded messages.
///
/// Fed bytes in chunks of any size, including one byte at a time; the result does not depend on
/// where the chunks split. Everything it cannot use is counted in `counts` and skipped, and the
/// stream recovers at the next `$` or UBX sync `0xB5 0x62` (issue 5):
/// - NMEA text is printable ASCII ended by CR and/or LF (platform.md §4.2), so a sentence that meets
///   another `$`, a control byte or a byte ≥ 0x7F before its end is truncated, and scanning resumes
///   at that byte;
/// - a UBX frame is taken whole by its length field (0xFF and `$` are valid payload, platform.md
///   §4.1); if its checksum fails, scanning resumes one byte after the sync, so NMEA swallowed by a
///   corrupt length field is still found.
public struct GPSStreamParser: Sendable {
    /// Longest sentence accepted, `$` to checksum. NMEA allows 82 characters with CRLF
    /// (platform.md §4.2), but real receivers exceed it (long GSV/GNS on multi-GNSS parts), so we
    /// allow some slack before calling a sentence unterminated.
    public static let maxSentenceLength = 160
    /// Largest UBX payload accepted. A false sync (0xB5 0x62 in noise) otherwise makes the parser
    /// wait for up to 64 KiB of "payload"; real u-blox messages are far shorter (NAV-SAT for 100
    /// satellites is 1208 bytes).
    public static let maxUBXPayload = 4096

    public private(set) var counts = GPSStreamCounts()
    private var pending: [UInt8] = []
    private var decoder = NMEADecoder()

    public init() {}

    /// Feeds the next bytes and returns the messages they completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [GPSMessage] {
        var messages: [GPSMessage] = []
        feed(bytes) { messages.append($0) }
        return messages
    }

    /// Feeds the next bytes, handing each completed message to `handle` (no array on the hot path).
    public mutating func feed(_ bytes: some Sequence<UInt8>, _ handle: (GPSMessage) -> Void) {
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
    public mutating func finish() -> [GPSMessage] {
        var messages: [GPSMessage] = []
        scan(final: true) { messages.append($0) }
        return messages
    }

    /// High bit set in each byte of `word` equal to `value` (exact: no carries between bytes).
    @inline(__always)
    static func byteMask(_ word: UInt64, equalTo value: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(value))
        let low7 = x & 0x7F7F_7F7F_7F7F_7F7F
        return ~((low7 &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// High bit set in each byte of `word` that cannot be inside a sentence: a control byte
    /// (< 0x20, CR and LF included), DEL or above (≥ 0x7F), or `$`. Exact per byte.
    @inline(__always)
    static func stopMask(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        let below20 = ~(low7 &+ 0x6060_6060_6060_6060) & high // (b & 0x7F) < 0x20
        let is7F = (low7 &+ 0x0101_0101_0101_0101) & high      // (b & 0x7F) == 0x7F
        return (word & high) | below20 | is7F | byteMask(word, equalTo: 0x24)
    }

    /// High bit set in each byte that may stop a sentence: every byte `stopMask` marks, and also
    /// space, `!`, `"` and `#` (it tests < 0x25 where `stopMask` tests < 0x20 and = 0x24). Cheaper,
    /// and those four are rare, so the exact mask is computed only for a word this one flags.
    @inline(__always)
    static func stopCandidates(_ word: UInt64) -> UInt64 {
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        return ((low7 &+ 0x0101_0101_0101_0101) | word | ~(low7 &+ 0x5B5B_5B5B_5B5B_5B5B)) & 0x8080_8080_8080_8080
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
                let tooLong = i + Self.maxSentenceLength + 1
                let limit = min(n, tooLong)
                var j = i + 1
                var stopped = false
                var interrupted = false
                // Eight bytes at a time while they fit: one cheap test for any byte that may end the
                // sentence, the checksum XORed word-wise and folded.
                var wordSum: UInt64 = 0
                // Sixteen bytes a step while neither word may stop the sentence (one test for both,
                // half the loop overhead); the word-at-a-time loop below takes over at the first
                // pair that might.
                while j &+ 16 <= limit {
                    let first = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                    let second = UInt64(littleEndian: UnsafeRawPointer(base + (j &+ 8)).loadUnaligned(as: UInt64.self))
                    if Self.stopCandidates(first) | Self.stopCandidates(second) != 0 { break }
                    wordSum ^= first ^ second
                    j &+= 16
                }
                while j &+ 8 <= limit {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                    if Self.stopCandidates(word) != 0 {
                        let stop = Self.stopMask(word)
                        if stop != 0 {
                            // Only the bytes before the stop belong to the sentence.
                            let keep = (UInt64(1) << UInt64(stop.trailingZeroBitCount & ~7)) &- 1
                            wordSum ^= word & keep
                            j &+= stop.trailingZeroBitCount >> 3
                            let c = base[j]
                            stopped = true
                            interrupted = c != 0x0D && c != 0x0A
                            break
                        }
                    }
                    wordSum ^= word
                    j &+= 8
                }
                wordSum ^= wordSum >> 32
                wordSum ^= wordSum >> 16
                wordSum ^= wordSum >> 8
                var sum = UInt8(truncatingIfNeeded: wordSum)
                while !stopped && j < limit { // the last few bytes, one at a time
                    let c = base[j]
                    if c &- 0x20 >= 0x5F || c == 0x24 { // not printable ASCII, or `$`
                        stopped = true
                        interrupted = c != 0x0D && c != 0x0A
                        break
                    }
                    sum ^= c
                    j += 1
                }
                if !stopped {
                    if j == tooLong {
                        interrupted = true
                    } else { // j == n
                        guard final else { return i } // wait for the rest
                        interrupted = true
                    }
                }
                if interrupted {
                    reject(.truncated)
                } else {
                    if let rejection = NMEADecoder.decode(UnsafeBufferPointer(start: base + i, count: j - i), xor: sum,
                                                          handle) {
                        reject(rejection)
                    } else {
                        counts.nmeaSentences += 1
                    }
                }
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
