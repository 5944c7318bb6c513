import Sensors
import XCTest

/// Well-formed sentences with absurd values: the checksum is right, so they reach the field parsers and
/// the epoch's arithmetic, where a careless multiplication would trap the process.
final class GPSWireValueTests: XCTestCase {
    typealias S = GPSTestSupport

    func testAZDAYearBeyondTheCalendarIsRejectedAndTheStreamGoesOn() {
        let stream = S.sentence("GPZDA,092726.00,16,09,999999999999,00,00")
            + S.sentence("GPRMC,092727.00,A,5216.0000,N,00802.0000,E,0.0,0.0,160902,,,A")
            + S.sentence("GPZDA,092728.00,16,09,2002,00,00")
        let (epochs, counts) = S.decodeAll(Array(stream.utf8))
        XCTAssertEqual(counts.totalRejected, 1, "the impossible year is a rejected sentence")
        XCTAssertEqual(epochs.compactMap(\.date).map(\.description), ["2002-09-16", "2002-09-16"])
        for epoch in epochs { XCTAssertNotNil(epoch.utcMilliseconds) }
    }

    func testTheLargestYearAcceptedStillHasAnInstant() throws {
        let latest = try XCTUnwrap(GPSDate(year: 9999, month: 12, day: 31))
        XCTAssertEqual(latest.daysSince1970, 2_932_896)
        XCTAssertNil(GPSDate(year: 10_000, month: 1, day: 1))
        XCTAssertNil(GPSDate(year: 0, month: 1, day: 1))
        XCTAssertNil(GPSDate(year: Int.max, month: 1, day: 1))
    }
}
