/// Verifies and decodes one NMEA sentence: the bytes from `$` up to (not including) CR/LF.
///
/// Frame (NMEA 0183): `$`, talker (2), type (3), comma-separated fields, `*`, two hex digits
/// that are the XOR of every byte between `$` and `*`. Hex digits are accepted in either case.
/// A sentence without `*hh` is rejected as a checksum failure: every sentence is to be verified, and
/// NMEA's "checksum optional" sentences are not ones receivers send today.
package struct NMEADecoder: Sendable {
    package enum Outcome: Sendable, Hashable {
        case sentence(NMEASentence)
        case rejected(GPSRejection)
    }

    package init() {}

    /// Convenience for tests and tools: decodes a sentence given as text (without CR/LF).
    package mutating func decode(_ text: String) -> Outcome {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x0D || last == 0x0A { bytes.removeLast() }
        return bytes.withUnsafeBufferPointer { decode($0) }
    }

    package mutating func decode(_ sentence: UnsafeBufferPointer<UInt8>) -> Outcome {
        let n = sentence.count
        guard n >= 1, sentence[0] == 0x24 else { return .rejected(.malformed) } // $
        let sum = sentence.dropFirst().reduce(0, ^)
        var outcome = Outcome.rejected(.malformed)
        if let rejection = Self.decode(sentence, xor: sum, { message in
            if case let .nmea(decoded) = message { outcome = .sentence(decoded) }
        }) {
            outcome = .rejected(rejection)
        }
        return outcome
    }

    /// Decodes a sentence whose bytes after `$` XOR to `xor`. `GPSStreamParser` computes the XOR
    /// while it looks for the sentence's end.
    /// The sentence goes straight to `handle` (nil returned), built in place rather than returned and
    /// copied through an `Outcome`; otherwise the reason it was rejected is returned.
    static func decode(_ sentence: UnsafeBufferPointer<UInt8>, xor: UInt8,
                       _ handle: (GPSMessage) -> Void) -> GPSRejection? {
        let n = sentence.count
        guard n >= 1, sentence[0] == 0x24 else { return .malformed } // $
        // `*` must be third from the end; anything else is a missing or damaged checksum.
        guard n >= 4, sentence[n - 3] == 0x2A else { return .checksum }
        let hexHigh = sentence[n - 2], hexLow = sentence[n - 1]
        guard let high = Self.hexValue(hexHigh), let low = Self.hexValue(hexLow) else {
            return .checksum
        }
        // The XOR covered `*hh` too.
        guard xor ^ 0x2A ^ hexHigh ^ hexLow == high << 4 | low else { return .checksum }
        // The address field is five letters: talker and type.
        let body = sentence.baseAddress.unsafelyUnwrapped + 1
        let end = n - 4 // the `*`, relative to the body
        guard end >= 5, end == 5 || body[5] == 0x2C, let talker = NMEATalker(body[0], body[1]) else {
            return .unsupported
        }
        let f = NMEAFields(body: body, end: end)
        // The type's three letters as one number, first letter lowest: one compare per type. (The
        // fourth byte read with them is the comma or `*` after the address field.)
        let type = UInt32(littleEndian: UnsafeRawPointer(body + 2).loadUnaligned(as: UInt32.self)) & 0x00FF_FFFF
        do throws(NMEAFieldError) {
            switch type {
            case 0x43_4D52: try Self.rmc(f, talker, handle) // RMC
            case 0x41_4747: try Self.gga(f, talker, handle) // GGA
            case 0x41_5347: try Self.gsa(f, talker, handle) // GSA
            case 0x56_5347: try Self.gsv(f, talker, handle) // GSV
            case 0x47_5456: try Self.vtg(f, talker, handle) // VTG
            case 0x53_4E47: try Self.gns(f, talker, handle) // GNS
            case 0x41_445A: try Self.zda(f, talker, handle) // ZDA
            default: return .unsupported
            }
            return nil
        } catch {
            return .malformed
        }
    }

    // One function per sentence type, each building its message where `handle` reads it. Why: with
    // the decoder inlined here, the sentence is decoded straight into the message; inlined into one
    // `decode` for all seven, the function grew past what the optimizer inlines into, and a decoder
    // called out of line returned its sentence through two 130-byte copies.
    @inline(never)
    static func rmc(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .rmc(try NMEARMC(f)))))
    }

    @inline(never)
    static func gga(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .gga(try NMEAGGA(f)))))
    }

    @inline(never)
    static func gsa(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .gsa(try NMEAGSA(f)))))
    }

    @inline(never)
    static func gsv(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .gsv(try NMEAGSV(f)))))
    }

    @inline(never)
    static func vtg(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .vtg(try NMEAVTG(f)))))
    }

    @inline(never)
    static func gns(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .gns(try NMEAGNS(f)))))
    }

    @inline(never)
    static func zda(_ f: NMEAFields, _ talker: NMEATalker, _ handle: (GPSMessage) -> Void) throws(NMEAFieldError) {
        handle(.nmea(NMEASentence(talker: talker, content: .zda(try NMEAZDA(f)))))
    }

    @_transparent
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
