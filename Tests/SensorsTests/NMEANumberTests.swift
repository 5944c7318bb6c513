import Foundation
@testable import Sensors
import XCTest

/// The NMEA number reader (`NMEAFields.decimal`): digits straight from the received bytes, no
/// String. Its doubles must be the ones strtod gives for the same text, bit for bit, and anything
/// that is not a plain decimal must be refused rather than half-read.
final class NMEANumberTests: XCTestCase {
    /// Reads `text` as one field; nil when the reader refuses it.
    /// Whether the reader declines the text (the outer nil of `read`), rather than reading it as empty.
    func refused(_ text: String) -> Bool {
        if case .none = read(text) { return true }
        return false
    }

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

    /// Runs `read` on a field cursor over the sentence body `body` (address field first), placed at
    /// field `field` by skipping the ones before it, as a decoder would.
    func reading<T>(_ body: String, field: Int, _ read: (inout NMEAFields) throws -> T) rethrows -> T {
        let bytes = Array((body + "*00").utf8) // `*hh` ends the body, as in every sentence
        return try bytes.withUnsafeBufferPointer { buffer in
            var fields = NMEAFields(body: buffer.baseAddress!, end: bytes.count - 3)
            for _ in 1..<field { fields.skip() }
            return try read(&fields)
        }
    }

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
        XCTAssertTrue(refused("1234567890123456"), "16 digits would not be exact")
        XCTAssertTrue(refused("1234567.890123456"))
        XCTAssertTrue(refused(String(repeating: "9", count: 40)), "wrapped digits are never returned")
    }

    func testEmptyFieldIsUnknownNotZero() {
        guard case .some(.none) = read("") else { return XCTFail("empty must read as nil, not as a number or a refusal") }
    }

    func testGarbageIsRefused() {
        for text in ["-", "+", ".", "..", "-.", "+-1", "--1", "1-", "1.2.3", "1..2", "1a", "a1", "1 2", " 1", "1e5",
                     "0x1F", "1,2", "½", "inf", "nan", "١٢"] {
            XCTAssertTrue(refused(text), "\(text) must be refused")
        }
    }

    /// `int` reads plain digits on a fast path and everything else through `decimal`; both must agree
    /// with what `decimal` alone would say.
    func testIntegerFieldsReadAlikeOnTheFastAndGeneralPaths() throws {
        let body = "GPGSV,007,-3,12.,12.0,,123456789012345,1234567890123456,9x,+4,0"
        func int(_ field: Int) throws -> Int? { try reading(body, field: field) { try $0.int() } }
        XCTAssertEqual(try int(1), 7, "leading zeros")
        XCTAssertEqual(try int(2), -3)
        XCTAssertEqual(try int(3), 12, "a point with no fraction")
        XCTAssertThrowsError(try int(4), "a fraction is not an integer")
        XCTAssertNil(try int(5), "empty is unknown")
        XCTAssertEqual(try int(6), 123456789012345, "15 digits")
        XCTAssertThrowsError(try int(7), "16 digits")
        XCTAssertThrowsError(try int(8), "garbage")
        XCTAssertEqual(try int(9), 4)
        XCTAssertEqual(try int(10), 0, "the last field, ended by the body's end")
        XCTAssertNil(try int(11), "a field the sentence does not have")
        // Read one after another, each reader starts where the last stopped, general path or not.
        let all = try reading(body, field: 1) { fields -> [Int?] in
            var values: [Int?] = []
            for field in 1...12 {
                if [4, 7, 8].contains(field) {
                    XCTAssertThrowsError(try fields.int(), "field \(field)")
                    values.append(-1)
                } else {
                    values.append(try fields.int())
                }
            }
            return values
        }
        XCTAssertEqual(all, [7, -3, 12, -1, nil, 123456789012345, -1, -1, 4, 0, nil, nil])
    }

    /// `double` reads unsigned `digits[.digits]` on a fast path and everything else through `decimal`;
    /// both must give strtod's double bit for bit, and refuse what `decimal` refuses.
    func testDoubleFieldsReadAlikeOnTheFastAndGeneralPaths() throws {
        let texts = ["1.32", "007.50", "12.", "0", "63.1", "123456789012345", "1234567.89012345", "1234567890123456",
                     "1234567.890123456", ".5", "-1.5", "+2", "-0.0", "1.2.3", "1a", "9x", ".", "1.5x", "1.", "00.000"]
        let body = "GPVTG," + texts.joined(separator: ",")
        for (offset, text) in texts.enumerated() {
            if let expected = value(text) {
                let ours = try XCTUnwrap(try reading(body, field: offset + 1) { try $0.double() }, text)
                XCTAssertEqual(ours.bitPattern, expected.bitPattern, text)
                XCTAssertEqual(ours.bitPattern, strtodValue(text).bitPattern, text)
            } else {
                XCTAssertThrowsError(try reading(body, field: offset + 1) { try $0.double() }, "\(text) must be refused")
            }
        }
        XCTAssertNil(try reading(body, field: texts.count + 1) { try $0.double() }, "a field the sentence does not have")
        XCTAssertNil(try reading("GPVTG,,1", field: 1) { try $0.double() }, "empty")
    }

    /// Times and angles are read inline in their usual forms and by the general reader otherwise;
    /// every field must give the same value, or a refusal, either way.
    func testTimesAndAnglesReadAlikeOnTheFastAndGeneralPaths() throws {
        // (text, expected milliseconds or nil for a refusal)
        let times: [(String, Int?)] = [
            ("083559.00", 30_959_000), ("083559", 30_959_000), ("083559.", 30_959_000), ("083559.5", 30_959_500),
            ("083559.123", 30_959_123), ("083559.1235", 30_959_124), ("083559.1234", 30_959_123),
            ("+083559.00", 30_959_000), ("235960.00", 86_400_000), ("240000.00", nil), ("236000", nil),
            ("83559.00", nil), ("0835590.0", nil), ("-083559", nil), ("083559.1x", nil), ("083559.123456789", 30_959_123),
            ("083559.1234567890", nil), ("083559.1", 30_959_100), ("083559/00", nil), ("083559-00", nil),
            ("083559*00", nil), ("08:559.00", nil), ("0835/9.00", nil), ("083559.0:", nil),
            ("083559.00x", nil), ("083559.1:3", nil), ("245959.00", nil), ("236059.00", nil), ("235961.00", nil),
        ]
        for (text, expected) in times {
            // As the last field, and with fields after it: the fixed-offset reader is used only when
            // the field is far enough from the body's end.
            for after in ["", ",1", ",1,2,3"] {
                let body = "GPGGA," + text + after
                if let expected {
                    XCTAssertEqual(try reading(body, field: 1) { fields in [try fields.timeOfDay(), try fields.int()] },
                                   [expected, after.isEmpty ? nil : 1], text + after)
                } else {
                    XCTAssertThrowsError(try reading(body, field: 1) { try $0.timeOfDay() }, "\(text + after) must be refused")
                }
            }
        }
        XCTAssertNil(try reading("GPGGA,,", field: 1) { try $0.timeOfDay() }, "empty")

        // The value the general rule gives: degrees and minutes split in integers.
        func expectedAngle(_ text: String, _ hemisphere: String) -> Double? {
            guard let outcome = read(text), let number = outcome, number.mantissa >= 0, number.integerDigits >= 3 else {
                return nil
            }
            let unit = NMEAFields.powerOfTen(number.scale)
            let degrees = number.mantissa / (100 * unit)
            let minutes = Double(number.mantissa - degrees * 100 * unit) / Double(unit)
            guard minutes < 60 else { return nil }
            let value = Double(degrees) + minutes / 60
            return hemisphere == "S" ? -value : value
        }
        let angles = ["4717.11399", "5216.36800", "0000.00000", "9000.0000", "4717", "4717.", "+4717.11399",
                      "471.5", "47.5", "4760.0", "9000.0001", "-4717.1", "4717.1x", "123456789012.345", "1234567890123.456",
                      "00803.70200", "4717.1234567", "4717.12345678", "1234567.5", "12345678.5", "4717.113:9", "47/7.11399",
                      "4717.11399x", "000.0", "00.5", "4717..1"]
        for text in angles {
            // The hemisphere then one field, or then more: the word-at-a-time reader is used only when
            // its words lie in the body or its checksum.
            for (hemisphere, after) in [("N", ""), ("S", ""), ("N", ",2,3,4,5,6,7"), ("S", ",22222222")] {
                let body = "GPGGA,\(text),\(hemisphere),1" + after
                if let expected = expectedAngle(text, hemisphere), abs(expected) <= 90 {
                    let ours = try XCTUnwrap(try reading(body, field: 1) { try $0.latitude() }, text)
                    XCTAssertEqual(ours.bitPattern, expected.bitPattern, "\(text) \(hemisphere)")
                    XCTAssertEqual(try reading(body, field: 1) { fields -> Int? in
                        _ = try fields.latitude()
                        return try fields.int()
                    }, 1, "the hemisphere is read with the angle: the next field follows")
                } else {
                    XCTAssertThrowsError(try reading(body, field: 1) { try $0.latitude() }, "\(text) must be refused")
                }
            }
        }
        XCTAssertEqual(try reading("GPGGA,00803.70200,W", field: 1) { try $0.longitude() }, -(8 + 3.702 / 60))
        XCTAssertThrowsError(try reading("GPGGA,4717.1,E", field: 1) { try $0.latitude() }, "E is no latitude hemisphere")
        XCTAssertThrowsError(try reading("GPGGA,4717.1,", field: 1) { try $0.latitude() }, "no hemisphere")
        XCTAssertThrowsError(try reading("GPGGA,,N", field: 1) { try $0.latitude() }, "a hemisphere without a value")
        XCTAssertNil(try reading("GPGGA,,", field: 1) { try $0.latitude() }, "both empty")
        XCTAssertNil(try reading("GPGGA", field: 1) { try $0.latitude() }, "both missing")
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

    /// Short integers and decimals (`shortNumber`, `shortDecimal`, `plainNumber`'s fixed offsets) are
    /// read without a loop, and only when the bytes they look at are inside the body or its checksum.
    /// Each form, and each near miss, must read as the general reader reads it, however close the
    /// body's end is (the fields after it set that distance), and leave the cursor at the next field.
    func testShortFieldsReadAlikeHoweverCloseTheBodyEnds() throws {
        let texts = ["", "0", "7", "07", "45", "120", "999", "0001", "1234", "12x", "1x", "x", "+1", "-1", "1.", "1.2",
                     "0.78", "63.1", "2.500", "84.20", "12.345", "1.2345", "123.4", "1.x", "1..2", ".5", "12.3x", "1.23x"]
        for text in texts {
            for after in ["", ",", ",1", ",12", ",123", ",1,2", ",12345"] {
                let body = "GPVTG," + text + after + ",9"
                let context = "\(text) then \(after),9"
                let next = after.isEmpty ? 9 : Int(after.dropFirst().split(separator: ",", omittingEmptySubsequences: false)[0])
                // What the general reader says: nil for a refusal, .some(nil) for an empty field.
                let general = read(text)
                let generalInt: Int?? = general.map { number in number.map { $0.scale == 0 ? $0.mantissa : nil } ?? nil }
                    .flatMap { $0 == nil && !text.isEmpty ? nil : .some($0) }
                // int: a fraction is refused, whatever its digits.
                if let expected = generalInt {
                    XCTAssertEqual(try reading(body, field: 1) { fields -> [Int?] in [try fields.int(), try fields.int()] },
                                   [expected, next], context)
                } else {
                    XCTAssertThrowsError(try reading(body, field: 1) { try $0.int() }, context)
                }
                if let expected = general {
                    let (ours, following) = try reading(body, field: 1) { fields in (try fields.double(), try fields.int()) }
                    XCTAssertEqual(ours?.bitPattern, expected?.value.bitPattern, context)
                    XCTAssertEqual(following, next, "the next field: " + context)
                    if !text.isEmpty { XCTAssertEqual(ours?.bitPattern, strtodValue(text).bitPattern, context) }
                } else {
                    XCTAssertThrowsError(try reading(body, field: 1) { try $0.double() }, context)
                }
                // plainNumber: one to nine plain digits are stored; anything else is left for `int`.
                let plain = try reading(body, field: 1) { fields -> (Int32, Int?) in
                    let value = fields.plainNumber()
                    if value == NMEAFields.notPlain { return (value, nil) }
                    return (value, try fields.int())
                }
                let digitsOnly = !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
                let expectedPlain: Int32 = text.isEmpty ? NMEAFields.emptyField : digitsOnly ? Int32(text)! : NMEAFields.notPlain
                XCTAssertEqual(plain.0, expectedPlain, context)
                if expectedPlain != NMEAFields.notPlain {
                    XCTAssertEqual(plain.1, next, "the next field: " + context)
                }
            }
        }
    }

    /// Dates are read as one word when followed by more fields and by the general reader otherwise;
    /// both must give the same date or the same refusal. Skipping a field lands on the next field
    /// whatever its length.
    func testDatesAndSkippedFieldsReadAlikeHoweverCloseTheBodyEnds() throws {
        let dates: [(String, GPSDate??)] = [ // nil: refused; .some(nil): unknown
            ("221126", GPSDate(year: 2026, month: 11, day: 22)), ("010180", GPSDate(year: 1980, month: 1, day: 1)),
            ("311279", GPSDate(year: 2079, month: 12, day: 31)), ("290224", GPSDate(year: 2024, month: 2, day: 29)),
            ("290223", nil), ("221326", nil), ("001126", nil), ("22112", nil), ("2211260", nil), ("22112x", nil),
            ("2211/6", nil), ("22:126", nil), ("221126.", GPSDate(year: 2026, month: 11, day: 22)), ("2211.26", nil),
            ("-221126", nil), ("", .some(nil)),
        ]
        for (text, expected) in dates {
            for after in ["", ",1", ",1,2,3,4,5"] {
                let body = "GPRMC," + text + after
                if let expected {
                    XCTAssertEqual(try reading(body, field: 1) { fields in try fields.date() }, expected, text + after)
                    XCTAssertEqual(try reading(body, field: 1) { fields -> Int? in _ = try fields.date(); return try fields.int() },
                                   after.isEmpty ? nil : 1, "the next field: " + text + after)
                } else {
                    XCTAssertThrowsError(try reading(body, field: 1) { try $0.date() }, "\(text + after) must be refused")
                }
            }
        }
        for text in ["", "A", "AB", "ABC", "12.5", "*"] {
            for after in ["", ",7", ",7,8"] {
                let next = try reading("GPRMC," + text + after, field: 1) { fields -> Int? in
                    fields.skip()
                    return try fields.int()
                }
                XCTAssertEqual(next, after.isEmpty ? nil : 7, "skipping \(text) then \(after)")
            }
        }
    }

    /// A GSV satellite block in NMEA's widths (`ii,ee,aaa,ss,`) is read in one go. Whatever byte of
    /// such a block is changed to whatever value, the block reader must either give what four
    /// `plainNumber` reads give, leaving the cursor where they leave it, or decline and read nothing.
    func testStandardSatelliteBlocksReadAsFieldByFieldReadsDo() throws {
        let block = Array("24,55,180,43,".utf8)
        XCTAssertNotNil(reading("GPGSV," + String(decoding: block, as: UTF8.self) + "07,1", field: 1) {
            $0.standardSatellite()
        }, "the usual form is taken")
        var taken = 0
        for position in 0..<block.count {
            for value in 0...255 {
                var bytes = block
                bytes[position] = UInt8(value)
                let text = String(decoding: [UInt8]("GPGSV,".utf8) + bytes + [UInt8]("07,1".utf8), as: UTF8.self)
                guard text.utf8.count == 6 + bytes.count + 4 else { continue } // not valid UTF-8: no sentence
                let context = "0x\(String(value, radix: 16)) at \(position)"
                let fast = try reading(text, field: 1) { fields -> ([Int32], Int)? in
                    guard let s = fields.standardSatellite() else { return nil }
                    return ([s.id, s.elevation, s.azimuth, s.snr], try fields.int() ?? -1)
                }
                let slow = try reading(text, field: 1) { fields -> ([Int32], Int?) in
                    let numbers = (0..<4).map { _ in fields.plainNumber() }
                    return (numbers, numbers.contains(NMEAFields.notPlain) ? nil : try fields.int())
                }
                guard let fast else {
                    let declined = reading(text, field: 1) { fields -> Int? in
                        _ = fields.standardSatellite()
                        return try? fields.int()
                    }
                    XCTAssertEqual(declined, try? reading(text, field: 1) { try $0.int() }, "nothing read: " + context)
                    continue
                }
                taken += 1
                XCTAssertEqual(fast.0, slow.0, context)
                XCTAssertEqual(fast.1, slow.1, "the field after the block: " + context)
            }
        }
        XCTAssertEqual(taken, 9 * 10 + 4, "taken only when each of the nine digits is still a digit and each of the four commas a comma")
    }

    /// `wordDigits` reads the run of digits that starts eight bytes, whatever ends it: every length
    /// from 0 to 8, ended by each byte that borders the digits in ASCII or ends a field.
    func testWordDigitsReadsEveryRunLength() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for count in 0...8 {
            for ender: UInt8 in [0x2C, 0x2A, 0x2E, 0x2F, 0x3A, 0x00, 0xFF, 0x41, 0xB0, 0xB9] {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let digits = (0..<count).map { UInt8(0x30 + Int((state >> UInt64(8 + 5 * $0)) % 10)) }
                let bytes = digits + [ender] + [UInt8](repeating: 0x35, count: 16) // digits after the ender are not read
                let (value, length) = bytes.withUnsafeBufferPointer { buffer in
                    NMEAFields(body: buffer.baseAddress!, end: bytes.count - 3).wordDigits(0)
                }
                let context = "\(String(decoding: digits, as: UTF8.self)) then 0x\(String(ender, radix: 16))"
                XCTAssertEqual(length, count, context)
                XCTAssertEqual(value, count == 0 ? 0 : Int(String(decoding: digits, as: UTF8.self))!, context)
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
