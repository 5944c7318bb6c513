import Upload
import XCTest

/// `x-amz-date` from seconds since 1970, without a calendar library.
final class SigningTimeTests: XCTestCase {
    func testTheEpoch() {
        XCTAssertEqual(SigningTime(secondsSince1970: 0).amzDate, "19700101T000000Z")
    }

    /// A leap day, and the last second of a leap year (`date -u -d @…` agrees).
    func testLeapDaysAndYearEnds() {
        XCTAssertEqual(SigningTime(secondsSince1970: 1_709_210_096).amzDate, "20240229T123456Z")
        XCTAssertEqual(SigningTime(secondsSince1970: 1_735_689_599).amzDate, "20241231T235959Z")
        XCTAssertEqual(SigningTime(secondsSince1970: 951_782_400).date, "20000229")
    }

    /// Before 1970 the seconds count down, and the day still starts at midnight.
    func testBeforeTheEpoch() {
        XCTAssertEqual(SigningTime(secondsSince1970: -1).amzDate, "19691231T235959Z")
    }

    /// Any Int64 is formatted, never a trap (a clock gone wrong is the server's to refuse).
    func testTheExtremesDoNotTrap() {
        XCTAssertFalse(SigningTime(secondsSince1970: .max).amzDate.isEmpty)
        XCTAssertFalse(SigningTime(secondsSince1970: .min).amzDate.isEmpty)
    }
}
