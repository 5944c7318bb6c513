import Logging
import Platform
import XCTest

final class LogFormatTests: XCTestCase {
    func testJournalLinesCarryTheSyslogPriorityAndTheActor() {
        let line = LineLogHandler.render(level: .warning, label: "navigation", message: "no GPS fix for 10 s",
                                         metadata: [:], format: .journal, wallClock: "")
        XCTAssertEqual(line, "<4>navigation: no GPS fix for 10 s")
        XCTAssertEqual(LogFormat.syslogPriority(.error), 3)
        XCTAssertEqual(LogFormat.syslogPriority(.notice), 5)
        XCTAssertEqual(LogFormat.syslogPriority(.info), 6)
        XCTAssertEqual(LogFormat.syslogPriority(.debug), 7)
        XCTAssertEqual(LogFormat.syslogPriority(.critical), 2)
    }

    func testTerminalLinesAreCompactWithTimestampLevelAndActor() {
        let line = LineLogHandler.render(level: .info, label: "belt", message: "belt connected", metadata: ["rssi": "-60"],
                                         format: .terminal, wallClock: "12:00:01.250")
        XCTAssertEqual(line, "12:00:01.250 info     belt        belt connected rssi=-60")
    }

    func testNewlinesInAMessageStayOnOneJournalLine() {
        let line = LineLogHandler.render(level: .error, label: "config", message: "two\nlines", metadata: [:],
                                         format: .journal, wallClock: "")
        XCTAssertEqual(line, "<3>config: two ⏎ lines")
    }

    func testFormatFollowsJournalStream() {
        XCTAssertEqual(LogFormat.detect(environment: ["JOURNAL_STREAM": "8:12345"]), .journal)
        XCTAssertEqual(LogFormat.detect(environment: [:]), .terminal)
    }

    func testHandlerWritesThroughItsSinkAndHonoursTheLevel() {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        var logger = Logger(label: "buttons") { LineLogHandler(label: $0, level: .info, format: .journal) { lines.all.append($0) } }
        logger.debug("hidden")
        logger.info("GPIO17 press")
        logger[metadataKey: "line"] = "17"
        logger.error("oops")
        XCTAssertEqual(lines.all, ["<6>buttons: GPIO17 press", "<3>buttons: oops line=17"])
    }
}
