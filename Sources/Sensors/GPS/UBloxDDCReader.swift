/// The u-blox DDC (I2C) read procedure as a pure state machine: which register to read next, and
/// which of the bytes read are stream data.
///
/// Procedure (after SparkFun's u-blox Arduino library: its `Theory.md` and issue #26):
/// read registers 0xFD (high) and 0xFE (low), a big-endian count of bytes waiting; a count of 0, or
/// a high byte of 0x7F or 0xFF, means nothing is available. Otherwise read that many bytes from
/// 0xFF — in chunks of at most 32 over SMBus (`I2C_SMBUS_BLOCK_MAX`, `<linux/i2c.h>`); 0xFF's
/// pointer does not advance, so every chunk reads 0xFF again. An empty stream reads 0xFF filler.
///
/// Filler is dropped only outside a UBX frame: 0xFF never occurs in NMEA text, but inside a UBX
/// frame it is valid payload. So the reader follows UBX framing (sync, header,
/// length) just far enough to know whether it is inside a frame. Filler outside a frame means the
/// receiver's buffer ran dry before the count said: the poll ends there. Filler *inside* a frame
/// (seen at high rates with clock stretching, SparkFun #38) is passed on; the frame's checksum then
/// fails and `GPSStreamParser` resynchronises.
package struct UBloxDDCReader: Sendable, Hashable {
    package static let defaultAddress: UInt8 = 0x42
    package static let countHighRegister: UInt8 = 0xFD
    package static let streamRegister: UInt8 = 0xFF
    package static let filler: UInt8 = 0xFF
    /// Most bytes one SMBus block transfer moves (`I2C_SMBUS_BLOCK_MAX`, `<linux/i2c.h>`).
    package static let maxChunk = 32
    /// Most bytes taken in one poll, so a stuck count register cannot keep a poll going forever.
    /// A u-blox output buffer holds a few KiB; the rest waits for the next poll.
    package static let maxBytesPerPoll = 4096

    package enum Step: Sendable, Hashable {
        /// Read 2 bytes starting at register 0xFD.
        case readCount
        /// Read `count` bytes (≤ 32) from register 0xFF.
        case readStream(count: Int)
        /// This poll is over; call `startPoll()` after the poll interval.
        case idle
    }

    private enum Framing: Sendable, Hashable {
        case outside
        case sawSync1
        case header(collected: Int, lengthLow: UInt8)
        case inFrame(remaining: Int)
    }

    package private(set) var step: Step = .readCount
    /// Filler bytes dropped so far.
    package private(set) var fillerBytes = 0
    private var remaining = 0
    private var takenThisPoll = 0
    private var framing: Framing = .outside

    package init() {}

    /// Begins a poll: the next transfer reads the count registers.
    package mutating func startPoll() {
        step = .readCount
        remaining = 0
        takenThisPoll = 0
    }

    /// The two count bytes (0xFD, 0xFE) were read.
    package mutating func countRead(high: UInt8, low: UInt8) {
        let count = Int(high) << 8 | Int(low)
        guard count > 0, high != 0x7F, high != 0xFF else {
            step = .idle
            return
        }
        remaining = min(count, Self.maxBytesPerPoll)
        step = .readStream(count: min(remaining, Self.maxChunk))
    }

    /// A transfer failed (NACK, timeout): abandon this poll. Framing is kept, since the bytes
    /// already delivered are still in the parser; the next poll starts from the count again.
    package mutating func transferFailed() {
        step = .idle
        remaining = 0
    }

    /// Bytes read from 0xFF arrived; returns the stream bytes among them, filler removed.
    package mutating func streamRead(_ bytes: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(bytes.count)
        streamRead(bytes, into: &data)
        return data
    }

    /// Bytes read from 0xFF arrived; appends the stream bytes among them, filler removed, to `data`.
    /// Runs that cannot change the framing (text outside a frame up to the next filler or sync
    /// byte, a frame's body up to its end) are copied whole rather than a byte at a time.
    package mutating func streamRead(_ bytes: [UInt8], into data: inout [UInt8]) {
        var ranDry = false
        bytes.withUnsafeBufferPointer { buf in
            var index = 0
            while index < buf.count {
                let byte = buf[index]
                switch framing {
                case .outside where byte != Self.filler && byte != UBXFrame.syncChar1:
                    var end = index + 1
                    while end < buf.count, buf[end] != Self.filler, buf[end] != UBXFrame.syncChar1 { end += 1 }
                    data.append(contentsOf: UnsafeBufferPointer(rebasing: buf[index..<end]))
                    ranDry = false
                    index = end
                    continue
                case let .inFrame(remaining):
                    let take = min(max(remaining, 1), buf.count - index)
                    data.append(contentsOf: UnsafeBufferPointer(rebasing: buf[index..<(index + take)]))
                    framing = take < remaining ? .inFrame(remaining: remaining - take) : .outside
                    ranDry = false
                    index += take
                    continue
                case .outside where byte == Self.filler, .sawSync1 where byte == Self.filler:
                    framing = .outside
                    fillerBytes += 1
                    ranDry = true
                default:
                    ranDry = false
                    data.append(byte)
                    advanceFraming(byte)
                }
                index += 1
            }
        }
        remaining -= bytes.count
        takenThisPoll += bytes.count
        if ranDry || remaining <= 0 || takenThisPoll >= Self.maxBytesPerPoll {
            step = .idle
            remaining = 0
        } else {
            step = .readStream(count: min(remaining, Self.maxChunk))
        }
    }

    private mutating func advanceFraming(_ byte: UInt8) {
        switch framing {
        case .outside:
            if byte == UBXFrame.syncChar1 { framing = .sawSync1 }
        case .sawSync1:
            framing = byte == UBXFrame.syncChar2 ? .header(collected: 0, lengthLow: 0)
                : byte == UBXFrame.syncChar1 ? .sawSync1 : .outside
        case let .header(collected, lengthLow):
            switch collected {
            case 0, 1: framing = .header(collected: collected + 1, lengthLow: 0) // class, id
            case 2: framing = .header(collected: 3, lengthLow: byte)
            default:
                let length = Int(lengthLow) | Int(byte) << 8
                // Same bound as the parser: a longer "frame" is a false sync.
                framing = length <= GPSStreamParser.maxUBXPayload ? .inFrame(remaining: length + 2) : .outside
            }
        case let .inFrame(remaining):
            framing = remaining > 1 ? .inFrame(remaining: remaining - 1) : .outside
        }
    }
}
