import Logging
import Platform
import Synchronization
import XCTest

/// One level for every logger, so a configuration reload's `log_level` reaches the loggers the actors
/// already hold.
final class SharedLogLevelTests: XCTestCase {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
        var count: Int { all.withLock { $0.count } }
    }

    func logger(_ label: String, _ level: SharedLogLevel, into lines: Lines) -> Logger {
        Logger(label: label) { label in
            LineLogHandler(label: label, level: level, format: .journal) { line in lines.all.withLock { $0.append(line) } }
        }
    }

    func testChangingTheSharedLevelReachesLoggersAlreadyMade() {
        let level = SharedLogLevel(.warning)
        let lines = Lines()
        let belt = logger("belt", level, into: lines)
        let navigation = logger("navigation", level, into: lines)
        belt.info("hidden")
        navigation.debug("hidden")
        XCTAssertEqual(lines.count, 0)

        level.set(.debug)
        XCTAssertEqual(belt.logLevel, .debug)
        belt.info("shown")
        navigation.debug("shown")
        XCTAssertEqual(lines.all.withLock { $0 }, ["<6>belt: shown", "<7>navigation: shown"])

        level.set(.error)
        navigation.warning("hidden")
        XCTAssertEqual(lines.count, 2)
    }

    /// Setting one logger's level (swift-log's value semantics) changes that logger only.
    func testOneLoggersOwnLevelLeavesTheSharedOneAlone() {
        let level = SharedLogLevel(.info)
        let lines = Lines()
        var quiet = logger("quiet", level, into: lines)
        let other = logger("other", level, into: lines)
        quiet.logLevel = .critical
        XCTAssertEqual(level.level, .info)
        XCTAssertEqual(other.logLevel, .info)
        level.set(.trace)
        XCTAssertEqual(quiet.logLevel, .critical)
        XCTAssertEqual(other.logLevel, .trace)
    }

    func testEveryLevelReadsBackAsSet() {
        let level = SharedLogLevel(.info)
        for l in Logger.Level.allCases {
            level.set(l)
            XCTAssertEqual(level.level, l)
        }
    }
}
