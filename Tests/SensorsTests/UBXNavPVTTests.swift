import Sensors
import XCTest

/// UBX framing and NAV-PVT against values computed by hand from the NAV-PVT table on `UBXNavPVT`.
final class UBXNavPVTTests: XCTestCase {
    /// A frame written out byte by byte (not through our encoder), with its Fletcher checksum
    /// computed by hand: class 0x06 id 0x04 (CFG-RST), length 4, payload 00 00 01 00.
    func testFletcherChecksumMatchesAHandComputedFrame() {
        // Running sums over 06 04 04 00 00 00 01 00:
        // A: 06 0A 0E 0E 0E 0E 0F 0F   B: 06 10 1E 2C 3A 48 57 66
        XCTAssertEqual(UBXFrame.encode(messageClass: 0x06, id: 0x04, payload: [0x00, 0x00, 0x01, 0x00]),
                       [0xB5, 0x62, 0x06, 0x04, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x0F, 0x66])
    }

    func testNavPVTFieldsAndScales() throws {
        var p = [UInt8](repeating: 0, count: 92)
        // iTOW 0x0BEBC200 = 200 000 000 ms
        p[0...3] = [0x00, 0xC2, 0xEB, 0x0B]
        p[4...5] = [0xEA, 0x07]          // year 2026
        p[6] = 11; p[7] = 22; p[8] = 12; p[9] = 35; p[10] = 19
        p[11] = 0x07                      // validDate | validTime | fullyResolved
        p[16...19] = [0x80, 0xB2, 0xE6, 0x0E] // nano 0x0EE6B280 = 250 000 000
        p[20] = 3                         // 3D
        p[21] = 0x01                      // gnssFixOK
        p[23] = 14                        // numSV
        p[24...27] = [0xE8, 0x9C, 0xCE, 0xFB] // lon 0xFBCE9CE8 = −70 345 496 → −7.0345496°
        p[28...31] = [0x40, 0x8E, 0x28, 0x1F] // lat 0x1F288E40 = 522 751 552 → 52.2751552°
        p[36...39] = [0x7C, 0xF6, 0x00, 0x00] // hMSL 0xF67C = 63 100 mm
        p[40...43] = [0xC4, 0x09, 0x00, 0x00] // hAcc 2500 mm
        p[60...63] = [0x14, 0x05, 0x00, 0x00] // gSpeed 0x0514 = 1300 mm/s
        p[64...67] = [0xA0, 0x7B, 0x80, 0x00] // headMot 0x00807BA0 = 8 420 256 → 84.20256°
        p[76...77] = [0x9C, 0x00]         // pDOP 156 → 1.56
        let pvt = try XCTUnwrap(UBXNavPVT(payload: p))
        XCTAssertEqual(pvt.iTOW, 200_000_000)
        XCTAssertEqual([pvt.year, pvt.month, pvt.day, pvt.hour, pvt.minute, pvt.second], [2026, 11, 22, 12, 35, 19])
        XCTAssertEqual(pvt.nano, 250_000_000)
        XCTAssertEqual(pvt.fixType, .threeD)
        XCTAssertTrue(pvt.gnssFixOK)
        XCTAssertEqual(pvt.satellitesUsed, 14)
        XCTAssertEqual(pvt.longitude, -7.0345496, accuracy: 1e-12)
        XCTAssertEqual(pvt.latitude, 52.2751552, accuracy: 1e-12)
        XCTAssertEqual(pvt.heightMSL, 63.1, accuracy: 1e-12)
        XCTAssertEqual(pvt.horizontalAccuracy, 2.5)
        XCTAssertEqual(pvt.groundSpeed, 1.3, accuracy: 1e-12)
        XCTAssertEqual(pvt.headingOfMotion, 84.20256, accuracy: 1e-9)
        XCTAssertEqual(pvt.pdop, 1.56, accuracy: 1e-12)
        XCTAssertTrue(pvt.hasPositionFix)
        // 2026-11-22 is day 20 779 since 1970: 20 779 × 86 400 + 45 319 s, plus 250 ms.
        XCTAssertEqual(pvt.utcMilliseconds, (20_779 * 86_400 + 45_319) * 1000 + 250)
    }

    func testNegativeNanoRoundsIntoTheRightSecondAndDay() throws {
        var pvt = GPSTestSupport.PVT(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59, nano: 999_999_600)
        let late = try XCTUnwrap(UBXNavPVT(payload: pvt.payload))
        XCTAssertEqual(late.utcMilliseconds, GPSDate(year: 2027, month: 1, day: 1)!.daysSince1970 * 86_400_000,
                       "23:59:59 + 0.9999996 s is midnight of the next year")
        pvt = GPSTestSupport.PVT(year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0, nano: -400_000)
        let early = try XCTUnwrap(UBXNavPVT(payload: pvt.payload))
        XCTAssertEqual(early.utcMilliseconds, GPSDate(year: 2026, month: 1, day: 1)!.daysSince1970 * 86_400_000)
    }

    /// A checksum-valid frame whose latitude or longitude lies outside ±90°/±180° is no position
    /// (found by the nmea-stream fuzz target: a "3D fix" at 168.4°, 181.6° came out of an epoch).
    func testAPositionOutsideTheMessagesRangesIsNoFix() throws {
        let p = GPSTestSupport.PVT(lat: 1_684_370_287).payload   // 168.4370287°
        let pvt = try XCTUnwrap(UBXNavPVT(payload: p))
        XCTAssertEqual(pvt.latitude, 168.4370287, accuracy: 1e-9)
        XCTAssertFalse(pvt.hasPositionFix)
        var decoder = GPSDecoder()
        let epochs = decoder.feed(UBXFrame.encode(messageClass: 0x01, id: 0x07, payload: p), now: .zero)
            + decoder.finish(now: .zero)
        XCTAssertEqual(epochs.compactMap { $0.fix() }.filter { $0.mode != .noFix }, [], "no fix claims a position off the globe")
        let valid = try XCTUnwrap(UBXNavPVT(payload: GPSTestSupport.PVT().payload))
        XCTAssertTrue(valid.hasPositionFix, "the default test frame is a fix")
    }

    func testInvalidTimeOrFixFlagsAreHonoured() throws {
        let noTime = try XCTUnwrap(UBXNavPVT(payload: GPSTestSupport.PVT(valid: 0x01).payload))
        XCTAssertNil(noTime.utcMilliseconds)
        let notOK = try XCTUnwrap(UBXNavPVT(payload: GPSTestSupport.PVT(flags: 0x00).payload))
        XCTAssertFalse(notOK.hasPositionFix)
        let invalidLLH = try XCTUnwrap(UBXNavPVT(payload: GPSTestSupport.PVT(flags3: 0x0001).payload))
        XCTAssertFalse(invalidLLH.hasPositionFix)
        let timeOnly = try XCTUnwrap(UBXNavPVT(payload: GPSTestSupport.PVT(fixType: 5).payload))
        XCTAssertFalse(timeOnly.hasPositionFix)
        XCTAssertNil(UBXNavPVT(payload: [UInt8](repeating: 0, count: 91)))
    }
}
