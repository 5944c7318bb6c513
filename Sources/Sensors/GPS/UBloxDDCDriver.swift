import Vocabulary

/// Reads a u-blox receiver's output over I2C (DDC), through any `I2CTransport`: `I2CBus` on the Pi,
/// a register model in tests. `UBloxDDCReader` decides every transfer; this only performs them.
///
/// Why SMBus block reads of ≤ 32 bytes rather than one long `I2C_RDWR` read: `I2CTransport` is
/// SMBus-shaped so the same driver runs on i2c-stub in the rig (docs/hil.md).
/// Not thread-safe on its own: the GPS actor owns it and polls no faster than the navigation rate
/// (SparkFun's u-blox Arduino library waits ≥ 25 ms between polls).
package struct UBloxDDCDriver: Sendable {
    package let transport: any I2CTransport
    package let address: UInt8
    package private(set) var reader = UBloxDDCReader()

    package init(transport: any I2CTransport, address: UInt8 = UBloxDDCReader.defaultAddress) {
        self.transport = transport
        self.address = address
    }

    /// One poll: reads the count, then the waiting bytes. Returns the stream bytes (filler removed)
    /// for a `GPSStreamParser`; empty when nothing was waiting. A failed transfer ends the poll and
    /// is rethrown; bytes read before it are lost only if they were in the failed chunk.
    package mutating func poll() throws(I2CError) -> [UInt8] {
        reader.startPoll()
        var data: [UInt8] = []
        while true {
            do {
                switch reader.step {
                case .idle:
                    return data
                case .readCount:
                    let count = try transport.readBlock(address: address, register: UBloxDDCReader.countHighRegister, count: 2)
                    reader.countRead(high: count[0], low: count[1])
                case let .readStream(count):
                    let bytes = try transport.readBlock(address: address, register: UBloxDDCReader.streamRegister, count: count)
                    reader.streamRead(bytes, into: &data)
                }
            } catch {
                reader.transferFailed()
                throw error
            }
        }
    }
}
