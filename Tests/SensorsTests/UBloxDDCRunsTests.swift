import Sensors
import XCTest

/// `UBloxDDCReader.streamRead` copies runs that cannot change the framing whole. Whatever the bytes
/// and however the chunks split, it must keep what the byte-at-a-time rule keeps: filler dropped
/// outside a UBX frame (and the poll ended there), every byte of a frame passed on, 0xFF and 0xB5 in
/// its payload included.
final class UBloxDDCRunsTests: XCTestCase {
    /// The rule one byte at a time, as the reader's documentation states it.
    struct ByteAtATime {
        enum Framing { case outside, sawSync1, header(collected: Int, lengthLow: UInt8), inFrame(remaining: Int) }
        var framing = Framing.outside
        var filler = 0

        /// The bytes kept, and whether the chunk ended with the receiver run dry.
        mutating func read(_ bytes: [UInt8]) -> (kept: [UInt8], ranDry: Bool) {
            var kept: [UInt8] = []
            var ranDry = false
            for byte in bytes {
                switch framing {
                case .outside where byte == 0xFF, .sawSync1 where byte == 0xFF:
                    framing = .outside
                    filler += 1
                    ranDry = true
                    continue
                case .outside:
                    if byte == 0xB5 { framing = .sawSync1 }
                case .sawSync1:
                    framing = byte == 0x62 ? .header(collected: 0, lengthLow: 0) : byte == 0xB5 ? .sawSync1 : .outside
                case let .header(collected, lengthLow):
                    if collected < 2 {
                        framing = .header(collected: collected + 1, lengthLow: 0)
                    } else if collected == 2 {
                        framing = .header(collected: 3, lengthLow: byte)
                    } else {
                        let length = Int(lengthLow) | Int(byte) << 8
                        framing = length <= GPSStreamParser.maxUBXPayload ? .inFrame(remaining: length + 2) : .outside
                    }
                case let .inFrame(remaining):
                    framing = remaining > 1 ? .inFrame(remaining: remaining - 1) : .outside
                }
                ranDry = false
                kept.append(byte)
            }
            return (kept, ranDry)
        }
    }

    /// A stream of NMEA text, UBX frames whose payload holds 0xFF, 0xB5 and `$`, stray sync bytes,
    /// false syncs with huge lengths, and runs of filler.
    func randomStream(_ random: inout SeededRandom) -> [UInt8] {
        var stream: [UInt8] = []
        for _ in 0..<40 {
            switch random.next() % 6 {
            case 0, 1:
                stream += Array("$GNGGA,123519.00,5216.36800,N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,*5B\r\n".utf8)
            case 2:
                let length = Int(random.next() % 120)
                let payload = (0..<length).map { _ in [0xFF, 0xB5, 0x62, 0x24, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 5)] }
                stream += [0xB5, 0x62, 0x01, 0x07, UInt8(length & 0xFF), UInt8(length >> 8)] + payload + [0x12, 0x34]
            case 3:
                stream += Array(repeating: 0xFF, count: Int(random.next() % 40))
            case 4:
                stream += [0xB5, 0x62, 0x01, 0x07, 0xFF, 0xFF, 0x10, 0x20]
            default:
                stream += [0xB5, [0xFF, 0xB5, 0x41][Int(random.next() % 3)]]
            }
        }
        return stream
    }

    func testRunsCopiedWholeKeepWhatTheByteAtATimeRuleKeeps() {
        var random = SeededRandom(seed: 38)
        for round in 0..<300 {
            let stream = randomStream(&random)
            var reader = UBloxDDCReader()
            var reference = ByteAtATime()
            var offset = 0
            while offset < stream.count {
                let size = 1 + Int(random.next() % 32)
                let chunk = Array(stream[offset..<min(stream.count, offset + size)])
                offset += chunk.count
                reader.startPoll()
                // The count promises one byte more than the chunk: only filler ends the poll.
                reader.countRead(high: 0, low: UInt8(chunk.count + 1))
                var kept: [UInt8] = [0x00]
                reader.streamRead(chunk, into: &kept)
                let expected = reference.read(chunk)
                XCTAssertEqual(Array(kept.dropFirst()), expected.kept, "round \(round), bytes \(offset - chunk.count)..<\(offset)")
                XCTAssertEqual(kept.first, 0x00, "appended after what the buffer held")
                XCTAssertEqual(reader.step == .idle, expected.ranDry, "round \(round): whether the receiver ran dry")
                XCTAssertEqual(reader.fillerBytes, reference.filler, "round \(round)")
            }
        }
    }

    func testAPollEndsAtTheFirstFillerOutsideAFrameAndNotInsideOne() {
        var reader = UBloxDDCReader()
        reader.countRead(high: 0, low: 200)
        var kept: [UInt8] = []
        reader.streamRead(Array("$GP".utf8) + [0xB5, 0x62, 0x01, 0x07, 0x03, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00], into: &kept)
        XCTAssertEqual(reader.step, .readStream(count: 32), "filler inside the frame is payload: the poll goes on")
        XCTAssertEqual(kept.count, 14)
        reader.streamRead(Array("$GP".utf8) + [0xFF, 0xFF], into: &kept)
        XCTAssertEqual(reader.step, .idle, "filler after the frame: the receiver ran dry")
        XCTAssertEqual(kept.count, 17)
        XCTAssertEqual(reader.fillerBytes, 2)
    }
}
