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
