/// A u-blox receiver's DDC (I2C) port as a register machine (after SparkFun's u-blox Arduino library, `Theory.md`).
///
/// - 0xFD, 0xFE: the number of bytes waiting, big-endian, latched when a transfer starts;
/// - 0xFF: the stream; reading it drains the output buffer and the register pointer stays at 0xFF;
///   an empty buffer reads 0xFF filler;
/// - a read that starts at 0xFD runs on through 0xFE into the stream, as the pointer auto-increments
///   up to 0xFF;
/// - a write to 0xFF is a message to the receiver (UBX or NMEA); it is kept in `received`.
///
/// The receiver queues each message whole; when the buffer is full a message is dropped, as a
/// receiver whose host does not poll loses output (`droppedBytes`).
package struct UBloxDDCDevice: SimulatedI2CDevice, Sendable {
    package static let address: UInt8 = 0x42
    package static let countHighRegister: UInt8 = 0xFD
    package static let countLowRegister: UInt8 = 0xFE
    package static let streamRegister: UInt8 = 0xFF
    package static let filler: UInt8 = 0xFF
    /// The output buffer. u-blox does not state one size for every generation; "a few KiB" is what
    /// `UBloxDDCReader.maxBytesPerPoll` assumes too.
    package static let defaultCapacity = 4096

    package let capacity: Int
    private var buffer: [UInt8] = []
    private var head = 0
    /// Bytes of messages dropped because the buffer was full.
    package private(set) var droppedBytes = 0
    /// Filler bytes handed out (reads of 0xFF past the end of the buffer).
    package private(set) var fillerBytesRead = 0
    /// What the host wrote to the stream register.
    package private(set) var received: [UInt8] = []

    package init(capacity: Int = UBloxDDCDevice.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// Bytes waiting to be read.
    package var waiting: Int { buffer.count - head }

    /// The receiver outputs one message (or a burst); dropped whole if it does not fit.
    package mutating func output(_ message: [UInt8]) {
        guard waiting + message.count <= capacity else {
            droppedBytes += message.count
            return
        }
        if head > 0 && head >= buffer.count / 2 {
            buffer.removeFirst(head)
            head = 0
        }
        buffer += message
    }

    package mutating func read(register: UInt8, count: Int) -> [UInt8] {
        let latched = min(waiting, 0xFFFF)
        var pointer = register
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count {
            switch pointer {
            case Self.countHighRegister: bytes.append(UInt8(latched >> 8))
            case Self.countLowRegister: bytes.append(UInt8(latched & 0xFF))
            case Self.streamRegister:
                if head < buffer.count {
                    bytes.append(buffer[head])
                    head += 1
                } else {
                    bytes.append(Self.filler)
                    fillerBytesRead += 1
                }
            default:
                // Registers below 0xFD are not documented for reading; the receiver answers ones.
                bytes.append(0xFF)
            }
            if pointer != Self.streamRegister { pointer &+= 1 }
        }
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        }
        return bytes
    }

    package mutating func write(register: UInt8, bytes: [UInt8]) {
        // An SMBus block write puts the register byte first; for 0xFF it is the message's start.
        guard register == Self.streamRegister else { return }
        received += bytes
    }
}
