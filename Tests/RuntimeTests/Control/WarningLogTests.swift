import Logging
import Platform
import Runtime
import Status
import XCTest

/// What `wayfinder status` lists under "warnings".
final class WarningLogTests: XCTestCase {
    func testOnlyWarningsAndWorseAreKeptTheLastTenOldestFirst() {
        let log = WarningLog()
        log.record(level: .info, source: "gps", message: "fix")
        log.record(level: .notice, source: "belt", message: "connected")
        for i in 1...12 { log.record(level: i % 2 == 0 ? .error : .warning, source: "belt", message: "problem \(i)") }
        XCTAssertEqual(log.recent.map(\.message), (3...12).map { "problem \($0)" })
        XCTAssertEqual(log.recent.first?.level, "warning")
        XCTAssertEqual(log.recent.last?.level, "error")
    }

    func testALoggerWritesIntoItThroughItsHandlerWithItsLabel() {
        let log = WarningLog()
        let logger = Logger(label: "compass") { log.handler(label: $0) }
        logger.info("calibrated")
        logger.warning("no heading for 10 s")
        XCTAssertEqual(log.recent, [StatusWarning(atSeconds: 0, source: "compass", level: "warning", message: "no heading for 10 s")])
    }

    /// A device that keeps failing the same way takes one line with its count and latest time,
    /// so the other warnings stay in view.
    func testTheSameWarningAgainIsCountedNotListedAgain() {
        let log = WarningLog()
        log.record(level: .warning, source: "gps", message: "no GPS fix for 10 s")
        for _ in 1...30 { log.record(level: .warning, source: "touch-case", message: "connection attempt failed: no adapter") }
        log.record(level: .error, source: "touch-case", message: "connection attempt failed: no adapter")
        XCTAssertEqual(log.recent.map(\.message), ["no GPS fix for 10 s", "connection attempt failed: no adapter",
                                                   "connection attempt failed: no adapter"])
        XCTAssertEqual(log.recent.map(\.times), [nil, 30, nil], "an error is not the same as a warning")
        log.record(level: .warning, source: "gps", message: "no GPS fix for 10 s")
        XCTAssertEqual(log.recent.map(\.source), ["touch-case", "touch-case", "gps"], "moved to the end, the latest")
        XCTAssertEqual(log.recent.last?.times, 2)
    }
}
