import Sensors
import XCTest

/// One sentence at a time: every type the decoder knows, its fields, empty fields, and what is refused.
final class NMEASentenceTests: XCTestCase {
    var decoder = NMEADecoder()

    func decode(_ text: String) -> NMEADecoder.Outcome { decoder.decode(text) }

    func content(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> NMEASentence? {
        guard case let .sentence(sentence) = decode(text) else {
            XCTFail("not decoded: \(text) → \(decode(text))", file: file, line: line)
            return nil
        }
        return sentence
    }

    func testRMCFromTheUBloxManualDecodesEveryField() throws {
        let s = try XCTUnwrap(content("$GPRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A*57"))
        XCTAssertEqual(s.talker, .gps)
        guard case let .rmc(rmc) = s.content else { return XCTFail() }
        XCTAssertEqual(rmc.timeOfDay, ((8 * 60 + 35) * 60 + 59) * 1000)
        XCTAssertTrue(rmc.isValid)
        XCTAssertEqual(try XCTUnwrap(rmc.latitude), 47 + 17.11437 / 60, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(rmc.longitude), 8 + 33.91522 / 60, accuracy: 1e-12)
        XCTAssertEqual(rmc.speedKnots, 0.004)
        XCTAssertEqual(rmc.courseDegrees, 77.52)
        XCTAssertEqual(rmc.date, GPSDate(year: 2002, month: 12, day: 9))
        XCTAssertEqual(rmc.positionMode, UInt8(ascii: "A"))
    }

    func testGGAWithSouthernAndWesternHemispheresIsNegative() throws {
        let s = try XCTUnwrap(content(GPSTestSupport.sentence("GNGGA,235959.999,3342.6618,S,11751.3858,W,2,10,1.2,-27.5,M,-34.2,M,1.0,0000")))
        XCTAssertEqual(s.talker, .combined)
        guard case let .gga(gga) = s.content else { return XCTFail() }
        XCTAssertEqual(gga.timeOfDay, 86_399_999)
        XCTAssertEqual(try XCTUnwrap(gga.latitude), -(33 + 42.6618 / 60), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(gga.longitude), -(117 + 51.3858 / 60), accuracy: 1e-12)
        XCTAssertEqual(gga.quality, 2)
        XCTAssertEqual(gga.satellitesUsed, 10)
        XCTAssertEqual(gga.hdop, 1.2)
        XCTAssertEqual(gga.altitude, -27.5)
        XCTAssertEqual(gga.geoidSeparation, -34.2)
    }

    func testEmptyFieldsAreUnknownNotZero() throws {
        let s = try XCTUnwrap(content("$GNRMC,123519.50,V,,,,,,,221126,,,N,V*15"))
        guard case let .rmc(rmc) = s.content else { return XCTFail() }
        XCTAssertFalse(rmc.isValid)
        XCTAssertNil(rmc.latitude)
        XCTAssertNil(rmc.longitude)
        XCTAssertNil(rmc.speedKnots)
        XCTAssertNil(rmc.courseDegrees)
        let gga = try XCTUnwrap(content(GPSTestSupport.sentence("GPGGA,,,,,,,,,,,,,,")))
        XCTAssertEqual(gga.content, .gga(NMEAGGA(timeOfDay: nil, latitude: nil, longitude: nil, quality: nil,
                                                 satellitesUsed: nil, hdop: nil, altitude: nil, geoidSeparation: nil)))
    }

    /// A satellite count below zero is no count: GGA's and GNS's satellites used and GSV's satellites
    /// in view refuse it, where it would otherwise reach the epoch (and the status page) as a count.
    func testANegativeSatelliteCountIsRefused() {
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGGA,081836.000,5231.2000,N,01324.3000,E,1,-8,0.9,35.0,M,46.9,M,,")),
                       .rejected(.malformed))
        XCTAssertEqual(decode(GPSTestSupport.sentence("GNGNS,092721.00,2926.68811,N,11127.77164,E,DNNN,-1,1.11,106.3,-20,1.0,3721,V")),
                       .rejected(.malformed))
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,1,1,-3,01,40,083,46")), .rejected(.malformed))
        // Zero stays a count: a receiver that sees nothing says so.
        XCTAssertNotEqual(decode(GPSTestSupport.sentence("GPGGA,081836.000,,,,,0,00,,,,,,,")), .rejected(.malformed))
    }

    func testGSAWithSystemIDAndWithout() throws {
        let modern = try XCTUnwrap(content("$GNGSA,A,3,65,71,72,,,,,,,,,,1.32,0.78,1.06,2*0A"))
        XCTAssertEqual(modern.content, .gsa(NMEAGSA(navMode: 3, satelliteIDs: [65, 71, 72], pdop: 1.32, hdop: 0.78,
                                                    vdop: 1.06, systemID: 2)))
        let classic = try XCTUnwrap(content("$GPGSA,A,3,23,29,07,08,09,18,26,28,,,,,1.94,1.18,1.54*0D"))
        XCTAssertEqual(classic.content, .gsa(NMEAGSA(navMode: 3, satelliteIDs: [23, 29, 7, 8, 9, 18, 26, 28], pdop: 1.94,
                                                     hdop: 1.18, vdop: 1.54, systemID: nil)))
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSA,A,4,,,,,,,,,,,,,1,1,1")), .rejected(.malformed),
                       "navMode is 1, 2 or 3")
    }

    func testGSVWithSignalIDAndShortLastSentence() throws {
        let s = try XCTUnwrap(content("$GPGSV,2,2,07,24,55,180,43,29,12,080,30,31,05,010,,1*5E"))
        guard case let .gsv(gsv) = s.content else { return XCTFail() }
        XCTAssertEqual(gsv.messageNumber, 2)
        XCTAssertEqual(gsv.messageCount, 2)
        XCTAssertEqual(gsv.satellitesInView, 7)
        XCTAssertEqual(gsv.signalID, 1)
        XCTAssertEqual(gsv.satellites.map(\.id), [24, 29, 31])
        XCTAssertNil(gsv.satellites[2].snr)
        // The ZED-F9P's short last GSV (coverclock/com-diag-hazer ISSUES.md) is taken as sent.
        let f9p = try XCTUnwrap(content("$GLGSV,3,3,11,85,26,103,25,86,02,152,29,1*75"))
        guard case let .gsv(short) = f9p.content else { return XCTFail() }
        XCTAssertEqual(short.satellites.map(\.id), [85, 86])
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,2,3,07")), .rejected(.malformed), "message 3 of 2")
    }

    func testVTGPrefersKilometresPerHourAndChecksUnits() throws {
        let s = try XCTUnwrap(content("$GPVTG,77.52,T,,M,0.004,N,0.008,K,A*06"))
        guard case let .vtg(vtg) = s.content else { return XCTFail() }
        XCTAssertEqual(vtg.courseTrue, 77.52)
        XCTAssertNil(vtg.courseMagnetic)
        XCTAssertEqual(try XCTUnwrap(vtg.speedMetresPerSecond), 0.008 / 3.6, accuracy: 1e-15)
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPVTG,77.52,X,,M,0.004,N,0.008,K,A")), .rejected(.malformed))
    }

    func testGNSPerConstellationModes() throws {
        let s = try XCTUnwrap(content("$GNGNS,092721.00,2926.68811,N,11127.77164,E,DNNN,08,1.11,106.3,-20,1.0,3721,V*0D"))
        guard case let .gns(gns) = s.content else { return XCTFail() }
        XCTAssertEqual(Array(gns.positionModes), Array("DNNN".utf8))
        XCTAssertEqual(gns.hasFix, true)
        XCTAssertEqual(gns.satellitesUsed, 8)
        XCTAssertEqual(gns.altitude, 106.3)
        let none = try XCTUnwrap(content(GPSTestSupport.sentence("GNGNS,092722.00,,,,,NN,00,,,,,,V")))
        guard case let .gns(noFix) = none.content else { return XCTFail() }
        XCTAssertEqual(noFix.hasFix, false)
    }

    /// GNS modes are kept inline (no array per sentence): up to 16 letters, each kept in order; a
    /// longer field, or one with anything but letters, is malformed.
    func testGNSModesHoldSixteenLettersAndRefuseMore() throws {
        let sixteen = "ADEFMNPRSANNDDEE"
        let s = try XCTUnwrap(content(GPSTestSupport.sentence("GNGNS,092721.00,2926.68811,N,11127.77164,E,\(sixteen),08,1.11,106.3,-20,,,V")))
        guard case let .gns(gns) = s.content else { return XCTFail() }
        XCTAssertEqual(Array(gns.positionModes), Array(sixteen.utf8))
        XCTAssertEqual(gns.positionModes.count, 16)
        XCTAssertEqual(gns.positionModes[15], UInt8(ascii: "E"))
        XCTAssertEqual(gns.positionModes, NMEAPositionModes(arrayLiteral: 0x41, 0x44, 0x45, 0x46, 0x4D, 0x4E, 0x50, 0x52,
                                                             0x53, 0x41, 0x4E, 0x4E, 0x44, 0x44, 0x45, 0x45))
        XCTAssertNotEqual(gns.positionModes, [0x41, 0x44], "a prefix is not equal")
        XCTAssertEqual(decode(GPSTestSupport.sentence("GNGNS,092721.00,2926.68811,N,11127.77164,E,\(sixteen)N,08,1.11,106.3,-20,,,V")),
                       .rejected(.malformed))
        XCTAssertEqual(decode(GPSTestSupport.sentence("GNGNS,092721.00,2926.68811,N,11127.77164,E,A1,08,1.11,106.3,-20,,,V")),
                       .rejected(.malformed))
        let empty = try XCTUnwrap(content(GPSTestSupport.sentence("GNGNS,092722.00,,,,,,00,,,,,,V")))
        guard case let .gns(noModes) = empty.content else { return XCTFail() }
        XCTAssertTrue(noModes.positionModes.isEmpty)
        XCTAssertNil(noModes.hasFix)
    }

    func testZDAGivesAFourDigitYear() throws {
        let s = try XCTUnwrap(content("$GPZDA,082710.00,16,09,2002,00,00*64"))
        XCTAssertEqual(s.content, .zda(NMEAZDA(timeOfDay: ((8 * 60 + 27) * 60 + 10) * 1000,
                                               date: GPSDate(year: 2002, month: 9, day: 16))))
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPZDA,082710.00,31,02,2002,00,00")), .rejected(.malformed),
                       "there is no 31 February")
    }

    func testEveryTalkerIsAcceptedAndOthersAreUnsupported() {
        for talker in ["GP", "GN", "GL", "GA", "GB", "GQ", "BD", "GI"] {
            guard case let .sentence(s) = decode(GPSTestSupport.sentence("\(talker)ZDA,082710.00,16,09,2002,00,00")) else {
                return XCTFail(talker)
            }
            XCTAssertEqual(s.talker.rawValue, talker)
        }
        XCTAssertEqual(decode(GPSTestSupport.sentence("XXZDA,082710.00,16,09,2002,00,00")), .rejected(.unsupported))
        XCTAssertEqual(decode("$GPGLL,4717.11364,N,00833.91565,E,092321.00,A,A*60"), .rejected(.unsupported))
        XCTAssertEqual(decode(GPSTestSupport.sentence("PUBX,00,081350.00")), .rejected(.unsupported))
    }

    func testChecksumIsVerifiedInEitherCaseAndRequired() {
        XCTAssertEqual(decode("$GPRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A*58"), .rejected(.checksum))
        XCTAssertEqual(decode("$GPRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A"), .rejected(.checksum),
                       "no checksum at all")
        XCTAssertEqual(decode("$GPRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A*5"), .rejected(.checksum))
        guard case .sentence = decode("$GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V*39"),
              case .sentence = decode("$GPGSA,A,3,29,21,26,15,18,09,06,10,,,,,2.32,0.95,2.11*00") else {
            return XCTFail()
        }
        // Lower-case hex digits are accepted.
        guard case .sentence = decode("$GNVTG,84.20,T,,M,2.500,N,4.630,K,A*1b") else { return XCTFail() }
    }

    func testMalformedFieldsAreRejectedNotGuessed() {
        for body in [
            "GPGGA,12x519.00,5216.368,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,",  // letter in time
            "GPGGA,123519.00,5216.368,N,00803.702,X,1,08,1.0,63.1,M,47.4,M,,",  // bad hemisphere
            "GPGGA,123519.00,5276.368,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,",  // 76 minutes
            "GPGGA,123519.00,9100.000,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,",  // latitude 91°
            "GPGGA,123519.00,5216.368,,00803.702,E,1,08,1.0,63.1,M,47.4,M,,",   // value without hemisphere
            "GPGGA,123519.00,5216.368,N,00803.702,E,1,8.5,1.0,63.1,M,47.4,M,,", // fractional satellite count
            "GPGGA,253519.00,5216.368,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,",  // hour 25
            "GPGGA,123519.00,5216.368,N",                                        // too few fields
            "GPRMC,123519.00,Q,5216.368,N,00803.702,E,2.5,84.2,221126,,,A",     // status Q
            "GPRMC,123519.00,A,5216.368,N,00803.702,E,2.5,84.2,221399,,,A",     // month 13
            "GPGGA,123519.00,5216.368,N,00803.702,E,4294967297,08,1.0,63.1,M,47.4,M,,", // quality beyond 32 bits
            "GPGGA,123519.00,5216.368,N,00803.702,E,1,2147483648,1.0,63.1,M,47.4,M,,",  // count beyond 32 bits
            "GNGSA,A,3,65,71,72,,,,,,,,,,1.32,0.78,1.06,2147483648",                   // systemId beyond 32 bits
        ] {
            XCTAssertEqual(decode(GPSTestSupport.sentence(body)), .rejected(.malformed), body)
        }
    }

    /// GGA's quality and count and GSA's systemId are kept in 32 bits: the largest such values still
    /// read back whole.
    func testNarrowFieldsHoldTheir32BitExtremes() throws {
        let gga = try XCTUnwrap(content(GPSTestSupport.sentence("GPGGA,,,,,,2147483647,2147483647,,,,,,,")))
        guard case let .gga(fix) = gga.content else { return XCTFail() }
        XCTAssertEqual(fix.quality, 2_147_483_647)
        XCTAssertEqual(fix.satellitesUsed, 2_147_483_647)
        let gsa = try XCTUnwrap(content(GPSTestSupport.sentence("GNGSA,A,1,,,,,,,,,,,,,,,,-2147483648")))
        guard case let .gsa(dop) = gsa.content else { return XCTFail() }
        XCTAssertEqual(dop.systemID, -2_147_483_648)
        XCTAssertEqual(dop.navMode, 1)
    }

    func testTimeRoundsToTheMillisecond() throws {
        let s = try XCTUnwrap(content(GPSTestSupport.sentence("GPGGA,123519.2496,,,,,0,00,,,,,,,")))
        XCTAssertEqual(s.timeOfDay, ((12 * 60 + 35) * 60 + 19) * 1000 + 250)
    }

    /// The decoders do not count fields first: each finds out on the way whether the fields it must
    /// have are there. Every field count here is accepted or refused exactly as by a decoder that
    /// counts the fields first (checked against one, and on 2 M fuzzed streams).
    func testFieldCountsDecideAcceptance() throws {
        func fields(_ n: Int, _ value: String = "07") -> String { String(repeating: "," + value, count: n) }
        func gsv(_ trailing: Int) -> NMEAGSV? {
            guard case let .sentence(s) = decode(GPSTestSupport.sentence("GPGSV,1,1,04" + fields(trailing))),
                  case let .gsv(gsv) = s.content else { return nil }
            return gsv
        }
        // After numSV: four fields per satellite, at most four satellites, and one signalId at the end.
        for trailing in [0, 4, 8, 12, 16] {
            let decoded = try XCTUnwrap(gsv(trailing), "\(trailing) fields after numSV")
            XCTAssertEqual(decoded.satellites.count, trailing / 4)
            XCTAssertNil(decoded.signalID)
        }
        for trailing in [1, 5, 9, 13, 17] {
            let decoded = try XCTUnwrap(gsv(trailing), "\(trailing) fields after numSV")
            XCTAssertEqual(decoded.satellites.count, trailing / 4)
            XCTAssertEqual(decoded.signalID, 7, "the last field is the signalId")
        }
        for trailing in [2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 20, 21] {
            XCTAssertNil(gsv(trailing), "\(trailing) fields after numSV are no whole blocks")
        }
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,1,1,04,,,,,1")).sentenceGSV?.signalID, 1,
                       "a padding block, then the signalId")
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,1,1,04,,,")), .rejected(.malformed),
                       "a padding block the sentence ends inside of")
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,1,1,04,,,,")).sentenceGSV?.satellites.count, 0,
                       "a whole padding block")
        XCTAssertEqual(decode(GPSTestSupport.sentence("GPGSV,1,1")), .rejected(.malformed), "no numSV field")

        // GSA: opMode, navMode, 12 slots, three DOPs (17 fields), and a systemId from NMEA 4.1 (18).
        let gsa17 = "GNGSA,A,3" + fields(12) + ",1.3,0.8,1.1"
        XCTAssertNotNil(decode(GPSTestSupport.sentence(gsa17)).sentenceGSA)
        XCTAssertEqual(decode(GPSTestSupport.sentence(gsa17 + ",2")).sentenceGSA?.systemID, 2)
        XCTAssertEqual(decode(GPSTestSupport.sentence(gsa17 + ",2,9")), .rejected(.malformed), "19 fields")
        XCTAssertEqual(decode(GPSTestSupport.sentence("GNGSA,A,3" + fields(12) + ",1.3,0.8")), .rejected(.malformed),
                       "16 fields")

        // The other types: one field short of what they must have is refused, exactly enough is not.
        let minimal = [
            ("GPRMC", 9), ("GPGGA", 9), ("GPVTG", 8), ("GPGNS", 9), ("GPZDA", 4),
        ]
        for (address, count) in minimal {
            XCTAssertEqual(decode(GPSTestSupport.sentence(address + fields(count - 1, ""))), .rejected(.malformed),
                           "\(address) with \(count - 1) fields")
            guard case .sentence = decode(GPSTestSupport.sentence(address + fields(count, ""))) else {
                return XCTFail("\(address) with \(count) empty fields must decode")
            }
        }
    }
}

private extension NMEADecoder.Outcome {
    var sentenceGSV: NMEAGSV? {
        guard case let .sentence(s) = self, case let .gsv(gsv) = s.content else { return nil }
        return gsv
    }

    var sentenceGSA: NMEAGSA? {
        guard case let .sentence(s) = self, case let .gsa(gsa) = s.content else { return nil }
        return gsa
    }
}
