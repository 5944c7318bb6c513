import Platform
import Sensors
import XCTest

/// The u-blox DDC reader: count registers, ≤ 32-byte stream reads, filler, partial reads.
final class UBloxDDCTests: XCTestCase {
    typealias S = GPSTestSupport

    func testPollReadsTheCountThenTheStreamInChunksOfAtMost32() throws {
        let model = UBloxDDCModel()
        let nmea = Array(S.sentence("GNGGA,123519.00,5216.36800,N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,").utf8)
        model.queue(nmea)
        var driver = UBloxDDCDriver(transport: model)
        XCTAssertEqual(try driver.poll(), nmea)
        XCTAssertEqual(model.reads.map(\.register), [0xFD, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(model.reads.map(\.count), [2, 32, 32, nmea.count - 64])
        XCTAssertEqual(try driver.poll(), [], "nothing waiting")
        XCTAssertEqual(model.reads.last?.register, 0xFD, "an empty count ends the poll without reading the stream")
    }

    func testCountRegistersThatMeanNothingAvailable() {
        for (high, low) in [(UInt8(0x00), UInt8(0x00)), (0xFF, 0xFF), (0x7F, 0xFF), (0xFF, 0x10)] {
            var reader = UBloxDDCReader()
            reader.countRead(high: high, low: low)
            XCTAssertEqual(reader.step, .idle, "count \(high) \(low)")
        }
        var reader = UBloxDDCReader()
        reader.countRead(high: 0x01, low: 0x02)
        XCTAssertEqual(reader.step, .readStream(count: 32), "0x0102 = 258 bytes, big-endian")
    }

    func testFillerOutsideAFrameIsDroppedAndEndsThePoll() throws {
        let model = UBloxDDCModel()
        let nmea = Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)
        model.queue(nmea)
        model.countBias = 100 // the count promises more than there is: filler follows the data
        var driver = UBloxDDCDriver(transport: model)
        XCTAssertEqual(try driver.poll(), nmea)
        XCTAssertEqual(model.reads.filter { $0.register == 0xFF }.count, 2, "stops at the first filler, not after 100 more bytes")
        XCTAssertEqual(driver.reader.fillerBytes, 64 - nmea.count)
    }

    func testFillerValueInsideAUBXFrameIsPayload() throws {
        var pvt = S.PVT()
        pvt.lon = -1 // payload bytes FF FF FF FF
        pvt.hMSL = Int32(bitPattern: 0xFFFF_FFFF)
        let model = UBloxDDCModel()
        model.queue(pvt.frame)
        var driver = UBloxDDCDriver(transport: model)
        var parser = GPSStreamParser()
        let messages = parser.feed(try driver.poll())
        XCTAssertEqual(driver.reader.fillerBytes, 0)
        guard case let .navPVT(decoded) = messages.first else { return XCTFail("no NAV-PVT") }
        XCTAssertEqual(decoded.longitude, -1e-7, accuracy: 1e-15)
    }

    func testFrameSplitAcrossPollsAndAFailedReadRecover() throws {
        let model = UBloxDDCModel()
        var driver = UBloxDDCDriver(transport: model)
        var decoder = GPSDecoder()
        var epochs: [GPSEpoch] = []
        let rmc = Array(S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V").utf8)
        let frame = S.PVT(second: 19, nano: 0).frame
        // The receiver has written only part of its output when the first poll comes.
        model.queue(Array(rmc.prefix(40)))
        epochs += decoder.feed(try driver.poll(), now: .milliseconds(0))
        model.queue(Array(rmc.dropFirst(40)) + frame.prefix(30))
        epochs += decoder.feed(try driver.poll(), now: .milliseconds(25))
        // A NACK in mid-poll: the poll fails, the next one carries on from the count.
        model.queue(Array(frame.dropFirst(30)))
        model.failNextStreamRead = true
        XCTAssertThrowsError(try driver.poll())
        XCTAssertEqual(driver.reader.step, .idle)
        epochs += decoder.feed(try driver.poll(), now: .milliseconds(75))
        epochs += decoder.finish(now: .milliseconds(100))
        XCTAssertEqual(decoder.counts.totalRejected, 0)
        XCTAssertEqual(decoder.counts.nmeaSentences, 1)
        XCTAssertEqual(decoder.counts.ubxMessages, 1)
        XCTAssertEqual(epochs.count, 1)
        XCTAssertEqual(epochs.first?.isoTime, "2026-11-22T12:35:19.000Z")
        XCTAssertEqual(epochs.first?.speed, 1.3, "the NAV-PVT joined the RMC's epoch")
    }

    func testFillerInsideAFrameIsCaughtByTheChecksum() {
        // Clock-stretching corruption (SparkFun_Ublox_Arduino_Library #38): 0xFF replaces payload bytes.
        var reader = UBloxDDCReader()
        var frame = S.PVT().frame
        for index in 40..<48 { frame[index] = 0xFF }
        reader.countRead(high: 0, low: UInt8(frame.count))
        var bytes: [UInt8] = []
        var offset = 0
        while case let .readStream(count) = reader.step {
            bytes += reader.streamRead(Array(frame[offset..<min(frame.count, offset + count)]))
            offset += count
        }
        XCTAssertEqual(bytes.count, frame.count, "nothing stripped inside the frame")
        var parser = GPSStreamParser()
        XCTAssertEqual(parser.feed(bytes + Array(S.sentence("GPZDA,082710.00,16,09,2002,00,00").utf8)).count, 1)
        XCTAssertEqual(parser.counts[.checksum], 1)
    }
}
