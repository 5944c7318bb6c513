import Sensors
import XCTest

/// Epochs: sentences sharing a UTC time merge into one report, as gpsd merges a cycle.
final class GPSEpochAssemblerTests: XCTestCase {
    typealias S = GPSTestSupport

    func decode(_ text: String, extra: [UInt8] = []) -> [GPSEpoch] {
        S.decodeAll(Array(text.utf8) + extra).epochs
    }

    func testMixedConstellationGSAsAreUnitedPerSystem() {
        // No GGA: the satellites used are the union of the three GSAs; GPS 05 and Galileo 05 differ.
        let epochs = decode(S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V")
            + S.sentence("GNGSA,A,3,02,05,12,,,,,,,,,,1.32,0.78,1.06,1")
            + S.sentence("GNGSA,A,3,65,71,,,,,,,,,,,1.32,0.78,1.06,2")
            + S.sentence("GNGSA,A,3,05,13,,,,,,,,,,,1.32,0.78,1.06,3")
            + S.sentence("GNGSA,A,3,02,05,12,,,,,,,,,,1.32,0.78,1.06,1")) // repeated: not counted twice
        XCTAssertEqual(epochs.count, 1)
        XCTAssertEqual(epochs[0].satellites, 7)
        XCTAssertEqual(epochs[0].mode, .threeD)
        XCTAssertEqual(epochs[0].hdop, 0.78)
    }

    func testNavPVTAndNMEAOfTheSameInstantMergeAndBinaryWins() throws {
        var pvt = S.PVT(second: 18, nano: 999_999_000) // rounds to 12:35:19.000
        pvt.hMSL = 64_000
        let epochs = decode(S.sentence("GNRMC,123519.00,A,5216.36800,N,00803.70200,E,2.500,84.20,221126,,,A,V"),
                            extra: pvt.frame + Array(S.sentence("GNGGA,123519.00,5216.36800,N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,").utf8))
        XCTAssertEqual(epochs.count, 1)
        let epoch = epochs[0]
        XCTAssertEqual(epoch.isoTime, "2026-11-22T12:35:19.000Z")
        XCTAssertEqual(try XCTUnwrap(epoch.latitude), 52.2728, accuracy: 1e-12, "NAV-PVT's 1e-7°")
        XCTAssertEqual(epoch.altitude, 64, "NAV-PVT's hMSL over GGA's")
        XCTAssertEqual(epoch.speed, 1.3)
        XCTAssertEqual(epoch.satellites, 9)
        XCTAssertEqual(epoch.hdop, 0.78, "NAV-PVT has no HDOP; GGA's is used")
        XCTAssertEqual(epoch.horizontalAccuracy, 2.5)
        XCTAssertEqual(epoch.mode, .threeD)
    }

    func testUBXOnlyStream() {
        let frames = S.PVT(second: 19, nano: 0).frame + S.PVT(second: 20, nano: 0, fixType: 2).frame
            + S.PVT(second: 21, nano: 0, flags: 0).frame
        let epochs = S.decodeAll(frames).epochs
        XCTAssertEqual(epochs.map(\.isoTime), ["2026-11-22T12:35:19.000Z", "2026-11-22T12:35:20.000Z", "2026-11-22T12:35:21.000Z"])
        XCTAssertEqual(epochs.map(\.mode), [.threeD, .twoD, .noFix])
        XCTAssertNil(epochs[2].latitude, "no position without gnssFixOK")
    }

    func testDateCarriesOverAndRollsAtMidnight() {
        let epochs = decode(S.sentence("GPRMC,235959.00,A,5216.368,N,00803.702,E,0.0,,221126,,,A")
            + S.sentence("GPGGA,000000.00,5216.368,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,")
            + S.sentence("GPGGA,000001.00,5216.368,N,00803.702,E,1,08,1.0,63.1,M,47.4,M,,"))
        XCTAssertEqual(epochs.map(\.isoTime), ["2026-11-22T23:59:59.000Z", "2026-11-23T00:00:00.000Z", "2026-11-23T00:00:01.000Z"])
    }

    func testModeWithoutGSAComesFromWhatGGAAndRMCImply() {
        XCTAssertEqual(decode(S.sentence("GPGGA,120000.00,5216.368,N,00803.702,E,1,04,2.0,,,,,,"))[0].mode, .twoD,
                       "a fix without altitude")
        XCTAssertEqual(decode(S.sentence("GPGGA,120000.00,5216.368,N,00803.702,E,0,00,,,,,,,"))[0].mode, .noFix)
        let voided = decode(S.sentence("GPRMC,120000.00,V,5216.368,N,00803.702,E,0.5,10.0,221126,,,N"))[0]
        XCTAssertEqual(voided.mode, .noFix)
        XCTAssertNil(voided.latitude, "a void RMC's position is not used")
    }

    func testSatelliteViewOnlyIsNotAnEpoch() {
        XCTAssertEqual(decode(S.sentence("GPGSV,1,1,01,02,45,120,41")), [])
    }

    func testFixCarriesTheEpochValuesAndTheReceiveTime() throws {
        var assembler = GPSEpochAssembler()
        var decoder = NMEADecoder()
        guard case let .sentence(gga) = decoder.decode("$GPGGA,092725.00,4717.11399,N,00833.91590,E,1,08,1.01,499.6,M,48.0,M,,*5B"),
              case let .sentence(zda) = decoder.decode("$GPZDA,092726.00,16,09,2002,00,00*60") else {
            return XCTFail("fixture sentences")
        }
        XCTAssertNil(assembler.add(.nmea(gga), now: .seconds(5)))
        let epoch = try XCTUnwrap(assembler.add(.nmea(zda), now: .seconds(6)))
        let fix = try XCTUnwrap(epoch.fix())
        XCTAssertEqual(fix.receivedAt, .seconds(5))
        XCTAssertEqual(fix.altitude, 499.6)
        XCTAssertEqual(fix.satellites, 8)
        XCTAssertEqual(fix.mode, .threeD)
        XCTAssertNil(fix.utcSeconds, "no date was known yet")
    }
}
