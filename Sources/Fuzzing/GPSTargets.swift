import Sensors

/// The GPS inputs: a receiver's NMEA/UBX byte stream (a UART, the u-blox DDC stream), the u-blox DDC
/// register protocol, and gpsd's JSON lines.
enum GPSTargets {
    /// Bytes from a receiver, through the decoder to the epochs and fixes navigation uses. Where the
    /// stream is cut into reads does not matter: whole, in thirds and byte by byte give the same epochs.
    static let nmeaStream = FuzzTarget(
        name: "nmea-stream",
        summary: "NMEA 0183 and UBX bytes from a GPS receiver (UART, u-blox DDC) through epochs to fixes and navigation"
    ) { input throws(FuzzViolation) in
        // An odd first byte asks for every NMEA and UBX checksum to be made right, so that mutated
        // field values reach the field parsers and the epoch arithmetic instead of stopping at the
        // checksum (an absurd but checksum-valid field is what a receiver's firmware bug sends).
        let repair = input.byte() & 1 == 1
        var bytes = input.rest()
        if repair { bytes = ChecksumRepair.nmea(ChecksumRepair.ubx(bytes)) }
        let whole = decode([bytes])
        let third = bytes.count / 3
        let thirds = decode([Array(bytes[..<third]), Array(bytes[third..<(2 * third)]), Array(bytes[(2 * third)...])])
        try expect(whole == thirds, "the epochs depend on where the stream was cut: \(whole) vs \(thirds)")
        if bytes.count <= 512 {
            let single = decode(bytes.map { [$0] })
            try expect(whole == single, "byte-by-byte reads give other epochs: \(whole) vs \(single)")
        }
        var fixes: [Fix] = []
        for epoch in whole {
            _ = epoch.isoTime
            _ = epoch.utcMilliseconds
            if let day = epoch.timeOfDay { try expect((0..<86_400_000).contains(day), "time of day \(day) ms") }
            guard let fix = epoch.fix() else { continue }
            try NavigationConsumer.check(fix, from: "NMEA epoch")
            if fix.isUsable { fixes.append(fix) }
        }
        try NavigationConsumer.navigate(fixes: fixes)
    }

    private static func decode(_ chunks: [[UInt8]]) -> [GPSEpoch] {
        var decoder = GPSDecoder()
        var epochs: [GPSEpoch] = []
        for chunk in chunks { epochs += decoder.feed(chunk, now: .zero) }
        return epochs + decoder.finish(now: .zero)
    }

    /// The u-blox DDC (I2C) protocol as `UBloxDDCDriver` runs it: the count registers, then the stream
    /// register in chunks. The input scripts what the receiver answers; the reader never asks for more
    /// than a chunk, never returns more bytes than it read, a poll always ends, and what it returns
    /// goes through the decoder to fixes that keep the fix properties.
    static let ubloxDDC = FuzzTarget(
        name: "ublox-ddc",
        summary: "u-blox DDC (I2C) register reads: byte counts, stream chunks, failed transfers"
    ) { input throws(FuzzViolation) in
        var reader = UBloxDDCReader()
        var decoder = GPSDecoder()
        var polls = 0
        while !input.isAtEnd, polls < 64 {
            polls += 1
            reader.startPoll()
            var steps = 0
            loop: while steps < 200 {
                steps += 1
                switch reader.step {
                case .readCount:
                    if input.choose(16) == 0 { reader.transferFailed(); continue }
                    reader.countRead(high: input.byte(), low: input.byte())
                case .readStream(let count):
                    try expect((1...UBloxDDCReader.maxChunk).contains(count), "asked for a chunk of \(count)")
                    if input.choose(32) == 0 { reader.transferFailed(); continue }
                    let chunk = input.take(count)
                    let data = reader.streamRead(chunk + Array(repeating: UBloxDDCReader.filler, count: count - chunk.count))
                    try expect(data.count <= count, "\(data.count) bytes out of a \(count)-byte read")
                    for epoch in decoder.feed(data, now: .zero) {
                        if let fix = epoch.fix() { try NavigationConsumer.check(fix, from: "DDC epoch") }
                    }
                case .idle:
                    break loop
                }
            }
            try expect(steps < 200, "a poll that never goes idle")
        }
    }

    /// gpsd's JSON lines (TPV, SKY, VERSION, and anything else a daemon or an impostor on port 2947
    /// sends); fixes are checked and navigated, and the lines may arrive in any cut.
    static let gpsdJSON = FuzzTarget(
        name: "gpsd-json",
        summary: "gpsd JSON lines (VERSION, TPV, SKY) on the client socket"
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        let whole = receive([bytes])
        let half = bytes.count / 2
        let halves = receive([Array(bytes[..<half]), Array(bytes[half...])])
        try expect(whole == halves, "gpsd outputs depend on where the stream was cut")
        var fixes: [Fix] = []
        for case .fix(let fix) in whole {
            try NavigationConsumer.check(fix, from: "gpsd TPV")
            if fix.isUsable { fixes.append(fix) }
        }
        try NavigationConsumer.navigate(fixes: fixes)
    }

    private static func receive(_ chunks: [[UInt8]]) -> [GPSDClientCore.Output] {
        var client = GPSDClientCore()
        var outputs: [GPSDClientCore.Output] = []
        for chunk in chunks { outputs += client.receive(chunk, now: .zero) }
        return outputs
    }
}

/// Makes the checksums in a generated receiver stream right.
enum ChecksumRepair {
    /// `$…*hh`: the two characters after `*` become the XOR of the bytes between `$` and `*`
    /// (NMEA 0183, "checksum"), in upper-case hex.
    static func nmea(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var start: Int?
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "$"), UInt8(ascii: "!"):
                start = index
            case UInt8(ascii: "*"):
                if let begin = start, index + 2 < bytes.count {
                    let sum = bytes[(begin + 1)..<index].reduce(UInt8(0), ^)
                    let hex = Array("0123456789ABCDEF".utf8)
                    bytes[index + 1] = hex[Int(sum >> 4)]
                    bytes[index + 2] = hex[Int(sum & 0x0F)]
                    index += 2
                }
                start = nil
            default:
                break
            }
            index += 1
        }
        return bytes
    }

    /// `B5 62 class id length payload ck_a ck_b`: the two bytes after the payload become the
    /// Fletcher checksum over class to payload (u-blox 8 protocol description, "UBX Checksum").
    static func ubx(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var index = 0
        while index + 8 <= bytes.count {
            guard bytes[index] == 0xB5, bytes[index + 1] == 0x62 else { index += 1; continue }
            let length = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8
            let end = index + 6 + length
            guard end + 2 <= bytes.count else { break }
            var a: UInt8 = 0, b: UInt8 = 0
            for byte in bytes[(index + 2)..<end] {
                a &+= byte
                b &+= a
            }
            bytes[end] = a
            bytes[end + 1] = b
            index = end + 2
        }
        return bytes
    }
}
