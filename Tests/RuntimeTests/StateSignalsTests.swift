@testable import Runtime
import Vocabulary
import XCTest

/// The state-signal scheduler's rules (docs/signals.md, "Damping and repetition"), with exact signals
/// at exact times.
final class StateSignalsTests: XCTestCase {
    /// Drives `core` second by second from `from` to `to` with `change(t)` deciding the state at each
    /// second, and returns every signal with its second.
    func run(_ core: inout StateSignals, seconds range: ClosedRange<Int>,
             _ change: (Int) -> StateChange?) -> [(Int, WearerSignal)] {
        var out: [(Int, WearerSignal)] = []
        for t in range {
            let now = Duration.seconds(t)
            var played = core.tick(now: now)
            if let c = change(t) { played += core.handle(c, now: now) }
            out += played.map { (t, $0) }
        }
        return out
    }

    func testALinkFlappingEverySecondForAMinuteIsNeverFelt() {
        var core = StateSignals()
        let played = run(&core, seconds: 0...60) { .touchCase(connected: $0 % 2 == 1) }
        XCTAssertTrue(played.isEmpty, "a loss shorter than lost_after_s (5 s) is a blip: \(played)")
    }

    func testWithoutTheLossDelayAFlappingLinkIsFeltTwicePerMinimumInterval() {
        var core = StateSignals(settings: SignalSettings(lostAfter: .zero))
        let played = run(&core, seconds: 0...60) { .pen(connected: $0 % 2 == 1) }
        XCTAssertEqual(played.map { "\($0.0) \($0.1)" }, ["0 pen lost", "1 pen back", "30 pen lost", "31 pen back", "60 pen lost"])
    }

    func testALinkDownSixSecondsInSevenIsFeltAsTheMinimumIntervalAllows() {
        var core = StateSignals()
        let played = run(&core, seconds: 0...60) { $0 % 7 == 0 ? .touchCase(connected: false) : $0 % 7 == 6 ? .touchCase(connected: true) : nil }
        XCTAssertEqual(played.map { "\($0.0) \($0.1)" },
                       ["5 touch case lost", "6 touch case back", "40 touch case lost", "41 touch case back"])
    }

    func testALastingLossRepeatsAtTheRepeatInterval() {
        var core = StateSignals(settings: SignalSettings(repeatInterval: .seconds(120)))
        var played = core.handle(.touchCase(connected: false), now: .zero)
        XCTAssertEqual(played, [])
        XCTAssertEqual(core.nextDue, .seconds(5))
        played = core.tick(now: .seconds(5))
        XCTAssertEqual(played, [.touchCaseLost])
        XCTAssertEqual(core.nextDue, .seconds(125))
        XCTAssertEqual(core.tick(now: .seconds(124)), [])
        XCTAssertEqual(core.tick(now: .seconds(125)), [.touchCaseLost])
        XCTAssertEqual(core.handle(.touchCase(connected: true), now: .seconds(130)), [.touchCaseBack])
        XCTAssertNil(core.nextDue, "nothing lasts")
    }

    func testGPSLostAndOffRouteAreDistinctAndImmediate() {
        var core = StateSignals()
        XCTAssertEqual(core.handle(.gps(lost: true), now: .seconds(1)), [.gpsLost])
        XCTAssertEqual(core.handle(.offRoute(true), now: .seconds(2)), [.offRoute])
        XCTAssertEqual(core.handle(.gps(lost: false), now: .seconds(3)), [], "GPS back is felt as the navigation signal")
    }

    func testAPausedWalkForgetsGPSAndRouteButNotTheDevices() {
        var core = StateSignals(settings: SignalSettings(lostAfter: .zero))
        _ = core.handle(.gps(lost: true), now: .zero)
        _ = core.handle(.pen(connected: false), now: .zero)
        XCTAssertEqual(core.handle(.walk(.paused), now: .seconds(1)), [.walkPaused])
        XCTAssertEqual(core.nextDue, .seconds(300), "only the pen's repetition is left")
        XCTAssertEqual(core.handle(.walk(.navigating), now: .seconds(2)), [.walkStarted])
        XCTAssertEqual(core.handle(.walk(.stopped), now: .seconds(3)), [.walkStopped])
    }

    func testADisabledSignalIsNeverPlayedAndItsBackNeither() {
        var core = StateSignals(settings: SignalSettings(disabled: [.touchCaseLost, .walkStarted], lostAfter: .zero))
        XCTAssertEqual(core.handle(.touchCase(connected: false), now: .zero), [])
        XCTAssertNil(core.nextDue)
        XCTAssertEqual(core.handle(.touchCase(connected: true), now: .seconds(10)), [], "no loss was felt, so no return")
        XCTAssertEqual(core.handle(.walk(.navigating), now: .seconds(11)), [])
    }

    func testLowBatteriesAndTheSupplyAreToldOnceThenRepeated() {
        var core = StateSignals()
        XCTAssertEqual(core.handle(.beltBattery(low: true), now: .zero), [.beltBatteryLow])
        XCTAssertEqual(core.handle(.beltBattery(low: true), now: .seconds(1)), [], "the same state again is not news")
        XCTAssertEqual(core.handle(.penBattery(low: true), now: .seconds(2)), [.penBatteryLow])
        XCTAssertEqual(core.handle(.piSupply(low: true), now: .seconds(3)), [.piSupplyLow])
        XCTAssertEqual(core.tick(now: .seconds(300)), [.beltBatteryLow])
        XCTAssertEqual(core.handle(.piSupply(low: false), now: .seconds(301)), [])
        XCTAssertEqual(core.tick(now: .seconds(303)), [.penBatteryLow], "the pen still low; the supply fine again")
    }
}
