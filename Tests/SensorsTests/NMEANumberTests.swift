import Foundation
@testable import Sensors
import XCTest

/// The NMEA number reader (`NMEAFields.decimal`): digits straight from the received bytes, no
/// String. Its doubles must be the ones strtod gives for the same text, bit for bit, and anything
/// that is not a plain decimal must be refused rather than half-read.
final class NMEANumberTests: XCTestCase {
    /// Reads `text` as one field; nil when the reader refuses it.
    func read(_ text: String) -> NMEAFields.Decimal?? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> NMEAFields.Decimal?? in
            guard let base = buffer.baseAddress, !bytes.isEmpty else { return .some(nil) }
            do { return .some(try NMEAFields.decimal(base, 0, bytes.count, field: 1)) } catch { return nil }
        }
    }

    func value(_ text: String) -> Double? {
        guard let outcome = read(text), let number = outcome else { return nil }
        return number.value
    }

    func strtodValue(_ text: String) -> Double { text.withCString { strtod($0, nil) } }

    func testLeadingZerosSignsAndMissingFractionReadAsStrtodDoes() throws {
        for text in ["007.50", "0", "00", "12", "12.", ".5", "-1.5", "+2", "-0.0", "0000000.000001", "4717.11399",
                     "01131.00000", "123519.00", "999999999999999", "0.00000000000001", "-00803.70200"] {
            let number = try XCTUnwrap(value(text), text)
            XCTAssertEqual(number.bitPattern, strtodValue(text).bitPattern, text)
        }
        let parts = try XCTUnwrap(read("007.50") ?? nil)
        XCTAssertEqual(parts.mantissa, 750)
        XCTAssertEqual(parts.scale, 2)
        XCTAssertEqual(parts.integerDigits, 3, "leading zeros count: hhmmss and ddmm rely on the digit count")
        XCTAssertEqual(read("-12")??.mantissa, -12)
        XCTAssertEqual(read("12.")??.scale, 0, "a point with no fraction is still an integer")
    }

    func testFifteenDigitsAreReadAndSixteenAreRefused() {
        XCTAssertEqual(value("123456789012345"), 123456789012345)
        XCTAssertEqual(value("1234567.89012345"), 1234567.89012345)
        XCTAssertNil(read("1234567890123456"), "16 digits would not be exact")
        XCTAssertNil(read("1234567.890123456"))
        XCTAssertNil(read(String(repeating: "9", count: 40)), "wrapped digits are never returned")
    }

    func testEmptyFieldIsUnknownNotZero() {
        guard case .some(.none) = read("") else { return XCTFail("empty must read as nil, not as a number or a refusal") }
    }

    func testGarbageIsRefused() {
        for text in ["-", "+", ".", "..", "-.", "+-1", "--1", "1-", "1.2.3", "1..2", "1a", "a1", "1 2", " 1", "1e5",
                     "0x1F", "1,2", "½", "inf", "nan", "١٢"] {
            XCTAssertNil(read(text), "\(text) must be refused")
        }
    }

    /// `int` reads plain digits on a fast path and everything else through `decimal`; both must agree
    /// with what `decimal` alone would say.
    func testIntegerFieldsReadAlikeOnTheFastAndGeneralPaths() throws {
        let body = Array("GPGSV,007,-3,12.,12.0,,123456789012345,1234567890123456,9x,+4,0".utf8)
        var ends = body.indices.filter { body[$0] == 0x2C }
        ends.append(body.count)
        try body.withUnsafeBufferPointer { bodyBuffer in
            try ends.withUnsafeBufferPointer { endsBuffer in
                let fields = NMEAFields(body: bodyBuffer, ends: endsBuffer)
                XCTAssertEqual(try fields.int(1), 7, "leading zeros")
                XCTAssertEqual(try fields.int(2), -3)
                XCTAssertEqual(try fields.int(3), 12, "a point with no fraction")
                XCTAssertThrowsError(try fields.int(4), "a fraction is not an integer")
                XCTAssertNil(try fields.int(5), "empty is unknown")
                XCTAssertEqual(try fields.int(6), 123456789012345, "15 digits")
                XCTAssertThrowsError(try fields.int(7), "16 digits")
                XCTAssertThrowsError(try fields.int(8), "garbage")
                XCTAssertEqual(try fields.int(9), 4)
                XCTAssertEqual(try fields.int(10), 0)
                XCTAssertNil(try fields.int(11), "a field the sentence does not have")
            }
        }
    }

    /// `double` reads unsigned `digits[.digits]` on a fast path and everything else through `decimal`;
    /// both must give strtod's double bit for bit, and refuse what `decimal` refuses.
    func testDoubleFieldsReadAlikeOnTheFastAndGeneralPaths() throws {
        let texts = ["1.32", "007.50", "12.", "0", "63.1", "123456789012345", "1234567.89012345", "1234567890123456",
                     "1234567.890123456", ".5", "-1.5", "+2", "-0.0", "1.2.3", "1a", "9x", "."]
        let body = Array(("GPVTG," + texts.joined(separator: ",")).utf8)
        var ends = body.indices.filter { body[$0] == 0x2C }
        ends.append(body.count)
        try body.withUnsafeBufferPointer { bodyBuffer in
            try ends.withUnsafeBufferPointer { endsBuffer in
                let fields = NMEAFields(body: bodyBuffer, ends: endsBuffer)
                for (offset, text) in texts.enumerated() {
                    if let expected = value(text) {
                        let ours = try XCTUnwrap(try fields.double(offset + 1), text)
                        XCTAssertEqual(ours.bitPattern, expected.bitPattern, text)
                        XCTAssertEqual(ours.bitPattern, strtodValue(text).bitPattern, text)
                    } else {
                        XCTAssertThrowsError(try fields.double(offset + 1), "\(text) must be refused")
                    }
                }
                XCTAssertNil(try fields.double(texts.count + 1), "a field the sentence does not have")
            }
        }
    }

    /// A field's `decimal` (times, angles) reads unsigned `digits.digits` on a fast path; every field
    /// must give the same parts, or the same refusal, as the general reader on its text.
    func testFieldDecimalsReadAlikeOnTheFastAndGeneralPaths() throws {
        let texts = ["083559.00", "4717.11437", "00833.91522", "12.", "007.50", "1234567.89012345", "1234567.890123456",
                     "123456789012345", ".5", "-1.5", "+2", "1.2.3", "1a", "."]
        let body = Array(("GPGGA," + texts.joined(separator: ",")).utf8)
        var ends = body.indices.filter { body[$0] == 0x2C }
        ends.append(body.count)
        try body.withUnsafeBufferPointer { bodyBuffer in
            try ends.withUnsafeBufferPointer { endsBuffer in
                let fields = NMEAFields(body: bodyBuffer, ends: endsBuffer)
                for (offset, text) in texts.enumerated() {
                    if let expected = read(text) ?? nil {
                        let ours = try XCTUnwrap(try fields.decimal(offset + 1), text)
                        XCTAssertEqual(ours.mantissa, expected.mantissa, text)
                        XCTAssertEqual(ours.scale, expected.scale, text)
                        XCTAssertEqual(ours.integerDigits, expected.integerDigits, text)
                        XCTAssertEqual(ours.isNegative, expected.isNegative, text)
                    } else {
                        XCTAssertThrowsError(try fields.decimal(offset + 1), "\(text) must be refused")
                    }
                }
            }
        }
    }

    /// GSV and GSA numbers of plain digits are stored as read (`plainNumber`); the rest go through
    /// `int`. A sentence mixing both must decode as if every field had gone through `int`.
    func testSatelliteFieldsReadAlikeOnTheFastAndGeneralPaths() throws {
        var decoder = NMEADecoder()
        let mixed = decoder.decode(GPSTestSupport.sentence("GPGSV,2,1,07,+02,45,120,41,05,-3,230,,12,30,1234567890,38,,,,"))
        guard case let .sentence(sentence) = mixed, case let .gsv(gsv) = sentence.content else {
            return XCTFail("not decoded: \(mixed)")
        }
        XCTAssertEqual(Array(gsv.satellites), [
            NMEAGSV.Satellite(id: 2, elevation: 45, azimuth: 120, snr: 41),
            NMEAGSV.Satellite(id: 5, elevation: -3, azimuth: 230, snr: nil),
            NMEAGSV.Satellite(id: 12, elevation: 30, azimuth: 1_234_567_890, snr: 38),
        ], "signs and ten digits take the general path; the empty fourth block is padding")
        XCTAssertEqual(decoder.decode(GPSTestSupport.sentence("GPGSV,1,1,01,07,4x,120,41")), .rejected(.malformed),
                       "garbage after a plain id is still refused")
        XCTAssertEqual(decoder.decode(GPSTestSupport.sentence("GPGSV,1,1,01,07,45,120,99999999999")),
                       .rejected(.malformed), "a number beyond 32 bits is still refused")
        let gsa = decoder.decode(GPSTestSupport.sentence("GNGSA,A,3,+65,071,,72,,,,,,,,,1.32,0.78,1.06,2"))
        guard case let .sentence(gsaSentence) = gsa, case let .gsa(decoded) = gsaSentence.content else {
            return XCTFail("not decoded: \(gsa)")
        }
        XCTAssertEqual(Array(decoded.satelliteIDs), [65, 71, 72])
        XCTAssertEqual(decoder.decode(GPSTestSupport.sentence("GNGSA,A,3,65,7a,,,,,,,,,,,1.32,0.78,1.06,2")),
                       .rejected(.malformed))
    }

    /// Random decimals as receivers write them (up to 15 digits, the point anywhere, leading zeros,
    /// signs): every one must give strtod's double exactly.
    func testRandomDecimalsMatchStrtodBitForBit() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { // xorshift64
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let digitCount = Int(next() % 15) + 1
            var digits = ""
            for _ in 0..<digitCount { digits.append(Character(Unicode.Scalar(UInt8(48 + next() % 10)))) }
            let point = Int(next() % UInt64(digitCount + 1))
            var text = digits
            if next() % 4 != 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            switch next() % 6 { case 0: text = "-" + text; case 1: text = "+" + text; default: break }
            guard let ours = value(text) else { mismatches.append("\(text): refused"); continue }
            if ours.bitPattern != strtodValue(text).bitPattern || ours != Double(text) { mismatches.append(text) }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) of 200 000 differ")
    }
}
