@testable import Sensors
import XCTest

/// The byte stream: chunking never changes the result; damage is counted by kind and skipped; the
/// stream recovers at the next `$` or UBX sync.
final class GPSStreamParserTests: XCTestCase {
    typealias S = GPSTestSupport

    /// Decodes `bytes` split into the given chunk sizes (the last chunk takes the rest).
    func decode(_ bytes: [UInt8], splits: [Int]) -> (messages: [GPSMessage], counts: GPSStreamCounts) {
        var parser = GPSStreamParser()
        var messages: [GPSMessage] = []
        var start = 0
        for split in splits where split > start {
            messages += parser.feed(bytes[start..<split])
            start = split
        }
        messages += parser.feed(bytes[start...])
        messages += parser.finish()
        return (messages, parser.counts)
    }

    func mixedSample() -> [UInt8] {
        var bytes = Array(S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V").utf8)
        bytes += [0x00, 0x13, 0x37]                                         // noise
        bytes += S.PVT(hMSL: -1).frame
        bytes += Array("$GPGGA,123519.00,5216.368,N,00803".utf8)            // cut off by the next sentence
        bytes += Array(S.sentence("GNGGA,123519.00,5216.36800,N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,").utf8)
        bytes += Array("$GNVTG,84.20,T,,M,2.500,N,4.630,K,A*1C\r\n".utf8)  // wrong checksum
        bytes += UBXFrame.encode(messageClass: 0x05, id: 0x01, payload: [0x06, 0x01]) // ACK-ACK
        bytes += Array(S.sentence("GNGSA,A,3,02,05,,,,,,,,,,,1.32,0.78,1.06,1").utf8)
        return bytes
    }

    func testEverySplitPointGivesTheSameResult() {
        let bytes = mixedSample()
        let whole = decode(bytes, splits: [])
        XCTAssertEqual(whole.messages.count, 4)
        XCTAssertEqual(whole.counts[.truncated], 1)
        XCTAssertEqual(whole.counts[.checksum], 1)
        XCTAssertEqual(whole.counts[.unsupported], 1)
        XCTAssertEqual(whole.counts.garbageBytes, 3)
        for split in 1..<bytes.count {
            let result = decode(bytes, splits: [split])
            XCTAssertEqual(result.messages, whole.messages, "split at \(split)")
            XCTAssertEqual(result.counts, whole.counts, "split at \(split)")
        }
        for first in stride(from: 1, to: bytes.count, by: 7) {
            for second in stride(from: first + 1, to: bytes.count, by: 11) {
                XCTAssertEqual(decode(bytes, splits: [first, second]).messages, whole.messages, "splits \(first), \(second)")
            }
        }
        XCTAssertEqual(decode(bytes, splits: Array(1..<bytes.count)).messages, whole.messages, "one byte at a time")
    }

    /// The scanner's two vector tests, for every byte value in every lane: the cheap one flags every
    /// byte outside 0x25...0x7E, the exact one marks exactly the bytes that end a sentence, in the
    /// lane's own byte of the little-endian words.
    func testVectorStopTestsForEveryByteInEveryLane() {
        for lane in 0..<16 {
            for value in 0...255 {
                var bytes = SIMD16<UInt8>(repeating: UInt8(ascii: "A"))
                bytes[lane] = UInt8(value)
                let context = "0x\(String(value, radix: 16)) in lane \(lane)"
                XCTAssertEqual(GPSStreamParser.anyStopCandidate(bytes), !(0x25...0x7E).contains(value), context)
                let stops = value < 0x20 || value >= 0x7F || value == 0x24
                let expected: UInt64 = stops ? 0xFF << UInt64(lane % 8 * 8) : 0
                let lanes = GPSStreamParser.stopLanes(bytes)
                XCTAssertEqual(lanes[lane / 8], expected, context)
                XCTAssertEqual(lanes[1 - lane / 8], 0, context)
            }
        }
    }

    /// The scanner reads sixteen bytes at a time; a byte that cannot be in a sentence must stop it
    /// wherever it falls in a vector, and the sentence must decode the same at every alignment.
    func testEveryPositionAndAlignmentOfAnInterruptionIsFound() {
        let body = Array(S.sentence("GNGSA,A,3,02,05,12,15,24,29,,,,,,,1.32,0.78,1.06,1").utf8).dropLast(2) // no CRLF
        let next = Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        let clean = decode(Array(body) + [0x0D, 0x0A] + next, splits: [])
        XCTAssertEqual(clean.messages.count, 2)
        for lead in 0..<16 {
            let padding = [UInt8](repeating: 0x0A, count: lead) // skipped, but shifts the vectors
            XCTAssertEqual(decode(padding + Array(body) + [0x0D, 0x0A] + next, splits: []).messages, clean.messages,
                           "aligned at \(lead)")
            for position in 1..<body.count {
                for bad: UInt8 in [0x00, 0x01, 0x1B, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
                    var damaged = Array(body)
                    damaged[position] = bad
                    let result = decode(padding + damaged + [0x0D, 0x0A] + next, splits: [])
                    let context = "0x\(String(bad, radix: 16)) at \(position), aligned at \(lead)"
                    XCTAssertEqual(result.counts[.truncated], 1, context)
                    XCTAssertEqual(result.counts.garbageBytes, body.count - position, "the bad byte and the text after it: " + context)
                    XCTAssertEqual(result.messages, Array(clean.messages.suffix(1)), context)
                }
            }
        }
    }

    /// Space, `!`, `"` and `#` pass the scanner's cheap test for a sentence's end; they must not end
    /// one, wherever they fall (here in RMC's magnetic variation, a field the decoder skips).
    func testPrintableBytesTheCheapTestFlagsDoNotEndASentence() {
        for lead in 0..<16 {
            for length in 1...20 {
                let filler = String(repeating: " !\"#", count: 5).prefix(length)
                let text = S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,\(filler),,A,V")
                let result = decode([UInt8](repeating: 0x0A, count: lead) + Array(text.utf8), splits: [])
                let context = "\(length) flagged bytes, aligned at \(lead)"
                XCTAssertEqual(result.messages.count, 1, context)
                XCTAssertEqual(result.counts.totalRejected, 0, context)
            }
        }
    }

    func testGarbageBetweenSentencesIsCountedInBytes() {
        var bytes = Array("hello".utf8) + [0xFF, 0xFF, 0xB5] // a lone sync byte is garbage too
        bytes += Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        let result = decode(bytes, splits: [])
        XCTAssertEqual(result.messages.count, 1)
        XCTAssertEqual(result.counts.garbageBytes, 8)
    }

    func testSentenceCutByEndOfStreamOrNonTextIsTruncated() {
        let cut = decode(Array("$GPGGA,123519.00,5216".utf8), splits: [])
        XCTAssertEqual(cut.counts[.truncated], 1)
        var bytes = Array("$GPGGA,123519.00,52".utf8) + [0x00] + Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        let interrupted = decode(bytes, splits: [])
        XCTAssertEqual(interrupted.counts[.truncated], 1)
        XCTAssertEqual(interrupted.counts.garbageBytes, 1, "the NUL itself")
        XCTAssertEqual(interrupted.messages.count, 1)
        bytes = Array("$".utf8) + Array(repeating: UInt8(ascii: "A"), count: 400) + Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        let endless = decode(bytes, splits: [])
        XCTAssertEqual(endless.counts[.truncated], 1)
        XCTAssertEqual(endless.messages.count, 1, "recovers at the next $")
    }

    func testUBXFrameWithDollarAndFillerInItsPayloadIsTakenWhole() {
        var pvt = S.PVT()
        pvt.lon = Int32(bitPattern: 0xFF24_FF24) // payload bytes that look like filler and `$`
        let result = decode(pvt.frame, splits: [])
        XCTAssertEqual(result.messages.count, 1)
        XCTAssertEqual(result.counts.totalRejected, 0)
        XCTAssertEqual(result.counts.garbageBytes, 0)
    }

    func testCorruptUBXLengthDoesNotSwallowTheNMEAAfterIt() {
        var frame = S.PVT().frame
        frame[4] = 200 // claims 200 payload bytes; the checksum will not match
        let nmea = Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        var bytes = Array(frame.prefix(40)) + nmea + Array(repeating: UInt8(ascii: "x"), count: 200)
        bytes += nmea
        let result = decode(bytes, splits: [])
        XCTAssertEqual(result.counts[.checksum], 1)
        XCTAssertEqual(result.messages.count, 2, "both ZDAs, the first found by rescanning the failed frame")
    }

    func testUBXFrameCutByEndOfStreamIsTruncated() {
        let result = decode(Array(S.PVT().frame.prefix(50)), splits: [])
        XCTAssertEqual(result.counts[.truncated], 1)
        XCTAssertEqual(result.messages, [])
    }

    func testUBXNavPVTOfWrongLengthIsMalformed() {
        let result = decode(UBXFrame.encode(messageClass: 0x01, id: 0x07, payload: [UInt8](repeating: 0, count: 84)), splits: [])
        XCTAssertEqual(result.counts[.malformed], 1)
    }

    /// A long mixed stream, with damage of every kind at random places, in random chunks: every
    /// intact sentence and frame comes out, every damaged one is counted under its kind.
    func testLongMixedStreamWithRandomDamageAndChunks() {
        var rng = SplitMix64(seed: 0x5EED)
        let good = [
            S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V"),
            S.sentence("GNGGA,123519.00,5216.36800,N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,"),
            S.sentence("GNGSA,A,3,02,05,12,15,24,29,,,,,,,1.32,0.78,1.06,1"),
            S.sentence("GPGSV,2,1,07,02,45,120,41,05,62,230,44,12,30,300,38,15,20,045,35,1"),
            S.sentence("GNVTG,84.20,T,,M,2.500,N,4.630,K,A"),
            S.sentence("GNGNS,123519.00,5216.36800,N,00803.70200,E,AANN,12,0.78,63.1,47.4,,,V"),
            S.sentence("GNZDA,123519.00,22,11,2026,00,00"),
        ].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        var expected = (sentences: 0, ubx: 0, checksum: 0, truncated: 0, garbage: 0)
        for _ in 0..<20_000 {
            switch rng.next() % 20 {
            case 0: // a flipped character: checksum
                var s = good[Int(rng.next() % UInt64(good.count))]
                s[8] = s[8] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
                bytes += s
                expected.checksum += 1
            case 1: // cut short, no line end, next sentence follows at once
                bytes += good[0].prefix(Int(rng.next() % 40) + 2)
                expected.truncated += 1
            case 2: // noise outside the frame alphabet
                let count = Int(rng.next() % 5) + 1
                bytes += (0..<count).map { _ in UInt8(0x80 + rng.next() % 0x30) }
                expected.garbage += count
            case 3:
                bytes += S.PVT(numSV: UInt8(rng.next() % 30)).frame
                expected.ubx += 1
            default:
                bytes += good[Int(rng.next() % UInt64(good.count))]
                expected.sentences += 1
            }
        }
        var parser = GPSStreamParser()
        var messages = 0
        var offset = 0
        while offset < bytes.count {
            let size = Int(rng.next() % 300) + 1
            let end = min(bytes.count, offset + size)
            parser.feed(bytes[offset..<end]) { _ in messages += 1 }
            offset = end
        }
        messages += parser.finish().count
        XCTAssertEqual(parser.counts.nmeaSentences, expected.sentences)
        XCTAssertEqual(parser.counts.ubxMessages, expected.ubx)
        XCTAssertEqual(parser.counts[.checksum], expected.checksum)
        XCTAssertEqual(parser.counts[.truncated], expected.truncated)
        XCTAssertEqual(parser.counts.garbageBytes, expected.garbage)
        XCTAssertEqual(parser.counts[.malformed], 0)
        XCTAssertEqual(messages, expected.sentences + expected.ubx)
    }
}

/// A small seeded generator, so the long-stream test is the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
