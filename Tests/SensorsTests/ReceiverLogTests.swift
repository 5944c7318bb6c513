import Sensors
import XCTest

/// Whole receiver logs (Fixtures/README.md says where each comes from) decoded into epochs, with the
/// expected values worked out by hand from the sentences.
final class ReceiverLogTests: XCTestCase {
    func testUBloxManualExamples() throws {
        let (epochs, counts) = GPSTestSupport.decodeAll(try GPSTestSupport.fixture("ublox-m8-documented.nmea"))
        XCTAssertEqual(counts.nmeaSentences, 7)
        XCTAssertEqual(counts[.unsupported], 1, "GLL")
        XCTAssertEqual(counts[.checksum], 1, "the manual's GPGNS example prints *71; the XOR is 0x15")
        XCTAssertEqual(epochs.count, 4)

        // RMC + VTG at 08:35:59: a valid fix without altitude is 2D.
        XCTAssertEqual(epochs[0].isoTime, "2002-12-09T08:35:59.000Z")
        XCTAssertEqual(try XCTUnwrap(epochs[0].latitude), 47.285239500, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(epochs[0].longitude), 8.565253667, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(epochs[0].speed), 0.004 * 1852 / 3600, accuracy: 1e-12)
        XCTAssertEqual(epochs[0].course, 77.52)
        XCTAssertEqual(epochs[0].mode, .twoD)
        XCTAssertNil(epochs[0].satellites)

        // GGA + GSA + GSV at 09:27:25, the date carried over from the RMC.
        XCTAssertEqual(epochs[1].isoTime, "2002-12-09T09:27:25.000Z")
        XCTAssertEqual(try XCTUnwrap(epochs[1].latitude), 47 + 17.11399 / 60, accuracy: 1e-12)
        XCTAssertEqual(epochs[1].altitude, 499.6)
        XCTAssertEqual(epochs[1].mode, .threeD, "from GSA navMode 3")
        XCTAssertEqual(epochs[1].satellites, 8)
        XCTAssertEqual(epochs[1].hdop, 1.01)
        XCTAssertEqual(epochs[1].satellitesInView, 10)

        // GNGNS: differential GPS, the other constellations without fix: a 3D fix.
        XCTAssertEqual(epochs[2].isoTime, "2002-12-09T09:27:21.000Z")
        XCTAssertEqual(try XCTUnwrap(epochs[2].longitude), 111 + 27.77164 / 60, accuracy: 1e-12)
        XCTAssertEqual(epochs[2].mode, .threeD)
        XCTAssertEqual(epochs[2].hdop, 1.11)

        // ZDA: time and date only.
        XCTAssertEqual(epochs[3].isoTime, "2002-09-16T08:27:10.000Z")
        XCTAssertNil(epochs[3].latitude)
        XCTAssertNil(epochs[3].mode)
    }

    func testSiRFManualExamples() throws {
        let (epochs, counts) = GPSTestSupport.decodeAll(try GPSTestSupport.fixture("sirf-documented.nmea"))
        XCTAssertEqual(counts.nmeaSentences, 7)
        XCTAssertEqual(counts.totalRejected, 0)
        XCTAssertEqual(counts.garbageBytes, 0)
        XCTAssertEqual(epochs.count, 3)
        // GGA first, before any date: time of day known, no ISO time yet.
        XCTAssertNil(epochs[0].isoTime)
        XCTAssertEqual(epochs[0].timeOfDay, (21 * 60 + 53) * 1000)
        XCTAssertEqual(try XCTUnwrap(epochs[0].latitude), 33 + 42.6618 / 60, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(epochs[0].longitude), -(117 + 51.3858 / 60), accuracy: 1e-12)
        XCTAssertEqual(epochs[0].mode, .threeD)
        XCTAssertEqual(epochs[0].satellites, 10)
        XCTAssertEqual(epochs[0].satellitesInView, 7)
        // RMC with millisecond time and a 1998 date; VTG joins it.
        XCTAssertEqual(epochs[1].isoTime, "1998-05-12T16:12:29.487Z")
        XCTAssertEqual(try XCTUnwrap(epochs[1].speed), 0.13 * 1852 / 3600, accuracy: 1e-12)
        XCTAssertEqual(epochs[1].course, 309.62)
        XCTAssertEqual(epochs[2].isoTime, "2003-10-14T18:18:13.000Z")
    }

    func testMediaTekDatasheetExamplesWithTheirMisprintedChecksums() throws {
        let (epochs, counts) = GPSTestSupport.decodeAll(try GPSTestSupport.fixture("mediatek-pa6h-documented.nmea"))
        XCTAssertEqual(counts[.checksum], 3, "GGA *65 (0x63), VTG *37 (0x36), PGTOP *6F (0x4F) as the datasheet prints them")
        XCTAssertEqual(counts.nmeaSentences, 5)
        XCTAssertEqual(epochs.count, 1)
        let epoch = epochs[0]
        // GSA and GSV arrive before any time and join the RMC's epoch.
        XCTAssertEqual(epoch.isoTime, "2006-04-26T06:49:51.000Z")
        XCTAssertEqual(try XCTUnwrap(epoch.latitude), 23 + 7.1256 / 60, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(epoch.longitude), 120 + 16.4438 / 60, accuracy: 1e-12)
        XCTAssertEqual(epoch.mode, .threeD)
        XCTAssertEqual(epoch.satellites, 8, "no GGA: the satellites GSA lists")
        XCTAssertEqual(epoch.hdop, 0.95, "no GGA: GSA's HDOP")
        XCTAssertNil(epoch.altitude)
        XCTAssertEqual(epoch.satellitesInView, 9)
    }

    func testMediaTekGGAWithTheCorrectChecksumDecodes() {
        let (epochs, counts) = GPSTestSupport.decodeAll(Array("$GPGGA,064951.000,2307.1256,N,12016.4438,E,1,8,0.95,39.9,M,17.8,M,,*63\r\n".utf8))
        XCTAssertEqual(counts.totalRejected, 0)
        XCTAssertEqual(epochs.first?.altitude, 39.9)
        XCTAssertEqual(epochs.first?.satellites, 8)
    }

    func testSyntheticUBloxMultiGNSSCycle() throws {
        let (epochs, counts) = GPSTestSupport.decodeAll(try GPSTestSupport.fixture("synthetic-ublox-m8-multignss.nmea"))
        XCTAssertEqual(counts.nmeaSentences, 28)
        XCTAssertEqual(counts[.unsupported], 3, "GLL")
        XCTAssertEqual(counts.totalRejected, 3)
        XCTAssertEqual(epochs.count, 3)
        XCTAssertEqual(epochs.map(\.isoTime), ["2026-11-22T12:35:19.000Z", "2026-11-22T12:35:19.250Z", "2026-11-22T12:35:19.500Z"])
        XCTAssertEqual(try XCTUnwrap(epochs[0].latitude), 52.2728, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(epochs[0].longitude), 8.0617, accuracy: 1e-12)
        XCTAssertEqual(epochs[0].altitude, 63.1)
        XCTAssertEqual(try XCTUnwrap(epochs[0].speed), 2.5 * 1852 / 3600, accuracy: 1e-12)
        XCTAssertEqual(epochs[0].course, 84.2)
        XCTAssertEqual(epochs[0].mode, .threeD)
        XCTAssertEqual(epochs[0].satellites, 12)
        XCTAssertEqual(epochs[0].hdop, 0.78)
        XCTAssertEqual(epochs[0].satellitesInView, 13, "7 GPS + 3 GLONASS + 3 Galileo")
        XCTAssertEqual(try XCTUnwrap(epochs[1].latitude), 52 + 16.36812 / 60, accuracy: 1e-12)
        // Fix lost: mode none, no position, speed or course; HDOP as sent.
        XCTAssertEqual(epochs[2].mode, .noFix)
        XCTAssertNil(epochs[2].latitude)
        XCTAssertNil(epochs[2].speed)
        XCTAssertNil(epochs[2].course)
        XCTAssertEqual(epochs[2].satellites, 0)
        XCTAssertNil(epochs[2].fix())
        XCTAssertEqual(epochs[0].fix()?.isUsable, true)
        XCTAssertEqual(epochs[0].fix()?.utcSeconds, 1_795_350_919)
    }
}
