@testable import TripReport
import XCTest

/// The journal's lines: written whole, read back forgivingly.
final class TripJournalFormatTests: XCTestCase {
    func testEventsRoundTripThroughTheirLines() {
        let events = [
            TripEvent(time: 1_795_773_600.1234, kind: .walk, name: "Old town", path: "/var/lib/wayfinder/routes/old-town.gpx", distance: 30),
            TripEvent(time: 1_795_773_601, kind: .waypointReached, index: 2, name: "Market"),
            TripEvent(time: 1_795_773_602, kind: .command, command: "next-waypoint", source: "pencil tip click"),
            TripEvent(time: 1_795_773_603, kind: .belt, bearing: 132.46, latitude: 52.520000049, longitude: 13.405),
            TripEvent(time: 1_795_773_604, kind: .gpsLost, seconds: 10.04),
            TripEvent(time: 1_795_773_605, kind: .restart, device: "gps", reason: "I2C error \"EIO\""),
        ]
        let text = events.map(TripJournalFormat.line).joined()
        XCTAssertEqual(text.filter { $0 == "\n" }.count, events.count)
        XCTAssertTrue(text.hasPrefix("{\"distance\":30,\"kind\":\"walk\",\"name\":\"Old town\",\"path\":\"/var/lib/wayfinder/routes/old-town.gpx\",\"time\":1795773600.123}\n"),
                      text)
        let back = TripJournalFormat.read(text)
        XCTAssertEqual(back.skippedLines, 0)
        XCTAssertEqual(back.events.count, events.count)
        XCTAssertEqual(back.events[0].time, 1_795_773_600.123, accuracy: 1e-6)
        XCTAssertEqual(back.events[1], events[1])
        XCTAssertEqual(back.events[2], events[2])
        XCTAssertEqual(back.events[3].bearing, 132.5)
        XCTAssertEqual(back.events[3].latitude!, 52.52, accuracy: 1e-12)
        XCTAssertEqual(back.events[4].seconds, 10)
        XCTAssertEqual(back.events[5].reason, "I2C error \"EIO\"")
    }

    func testATornLastLineAndAGarbageLineAreSkippedAndCounted() {
        let good = TripJournalFormat.line(TripEvent(time: 10, kind: .paused)) + TripJournalFormat.line(TripEvent(time: 20, kind: .resumed))
        let torn = TripJournalFormat.line(TripEvent(time: 30, kind: .offRoute, distance: 31)).prefix(17)
        let text = good + "garbage that is not JSON\n" + "{\"kind\":\"teleported\",\"time\":25}\n" + "\n" + torn
        let contents = TripJournalFormat.read(text)
        XCTAssertEqual(contents.events.map(\.kind), [.paused, .resumed])
        XCTAssertEqual(contents.events.map(\.time), [10, 20])
        XCTAssertEqual(contents.skippedLines, 3)
    }

    func testLinesEndedWithCarriageReturnsStillRead() {
        let text = "{\"kind\":\"paused\",\"time\":1}\r\n{\"kind\":\"resumed\",\"time\":2}\r\n"
        let contents = TripJournalFormat.read(text)
        XCTAssertEqual(contents.events.map(\.kind), [.paused, .resumed])
        XCTAssertEqual(contents.skippedLines, 0)
    }

    /// The belt's battery record: its line, and how the report's table says it.
    func testABatteryRecordRoundTripsAndReadsAsChargePowerAndTime() {
        let onBattery = TripEvent(time: 1_795_773_600, kind: .battery, device: "belt", seconds: 36_000, percent: 83, power: "battery")
        XCTAssertEqual(TripJournalFormat.line(onBattery),
                       "{\"device\":\"belt\",\"kind\":\"battery\",\"percent\":83,\"power\":\"battery\",\"seconds\":36000,\"time\":1795773600}\n")
        XCTAssertEqual(TripJournalFormat.read(TripJournalFormat.line(onBattery)).events, [onBattery])
        XCTAssertEqual(TripReportPage.describe(onBattery).what, "belt battery")
        XCTAssertEqual(TripReportPage.describe(onBattery).detail, "83 %, on battery, 10 h 00 min left")
        let charging = TripEvent(time: 1_795_773_700, kind: .battery, device: "belt", seconds: 1_800, percent: 78, power: "charging")
        XCTAssertEqual(TripReportPage.describe(charging).detail, "78 %, charging, full in 30 min 00 s")
        let odd = TripEvent(time: 1_795_773_800, kind: .battery, device: "belt", percent: 250, power: "unknown")
        XCTAssertEqual(TripReportPage.describe(odd).detail, "", "nothing a battery can have is shown")
    }

    func testNonFiniteNumbersAreLeftOutAndAnUnwritableTimeIsNotWritten() {
        XCTAssertEqual(TripJournalFormat.line(TripEvent(time: .nan, kind: .paused)), "")
        XCTAssertEqual(TripJournalFormat.line(TripEvent(time: 5, kind: .belt, bearing: .infinity, latitude: .nan)),
                       "{\"kind\":\"belt\",\"time\":5}\n")
        // A number too large to round is kept rather than made infinite.
        let line = TripJournalFormat.line(TripEvent(time: 1e306, kind: .offRoute, distance: 1e307))
        XCTAssertFalse(line.isEmpty)
        XCTAssertEqual(TripJournalFormat.read(line).events.first?.distance, 1e307)
        // A line whose time is not a finite number does not read.
        XCTAssertEqual(TripJournalFormat.read("{\"kind\":\"paused\",\"time\":\"soon\"}\n").skippedLines, 1)
    }
}
