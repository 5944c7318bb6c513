import Foundation
import Gestures
import XCTest

/// The header's start time has the bytes `ISO8601DateFormatter` wrote: milliseconds rounded (a half
/// upwards), not cut off as `Date.ISO8601FormatStyle` cuts them.
final class RecordingStartTimeTests: XCTestCase {
    func testTheStartIsRoundedToTheMillisecondAsTheFormatterDid() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var random = SeededRandom(seed: 38)
        var seconds: [Double] = [0, 1.9995, 1.9999, 1_795_680_942.123, 1_795_680_942.9996, -0.0005, -1.2345, -86_400.0005]
        for _ in 0..<20_000 { seconds.append(Double(random.next() % 6_000_000_000) / 1.7 - 1_000_000_000) }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            XCTAssertEqual(RecordingHeader.utc(date), formatter.string(from: date), "\(value)")
        }
        XCTAssertEqual(RecordingHeader.utc(Date(timeIntervalSince1970: 1_795_680_942.123)), "2026-11-26T08:15:42.123Z")
        XCTAssertEqual(RecordingHeader.utc(Date(timeIntervalSince1970: 1.9996)), "1970-01-01T00:00:02.000Z")
    }
}
