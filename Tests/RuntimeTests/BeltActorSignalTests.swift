import Belt
import Logging
import Navigation
import Platform
@testable import Runtime
import WayfinderTestKit
import XCTest

/// The state signals through the belt actor, on a driven clock: what the belt is sent when a link
/// flaps, and that the walk's navigation signal goes on around them.
final class BeltActorSignalTests: XCTestCase {
    struct Rig {
        let loop: TestEventLoop
        let link: TestBeltLink
        let requests: AsyncStream<BeltRequest>.Continuation
        let states: AsyncStream<StateChange>.Continuation
        let task: Task<Void, Never>

        /// The state signals the belt was sent, by their belt command.
        var played: [WearerSignal] {
            link.sent.compactMap { command in WearerSignal.allCases.first { $0.beltCommand == command } }
        }
    }

    func makeRig(_ settings: SignalSettings = SignalSettings()) -> Rig {
        let loop = TestEventLoop()
        let link = TestBeltLink()
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (states, stateSink) = AsyncStream<StateChange>.makeStream()
        let (_, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let belt = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 60,
                             states: states, signals: settings, clock: loop.clock, logger: LogCapture().logger("belt"),
                             health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: []), executor: loop)
        let task = loop.spawn { _ = try? await belt.run() }
        loop.drain()
        return Rig(loop: loop, link: link, requests: requestSink, states: stateSink, task: task)
    }

    /// The touch case's link drops for 6 s and is back for 1 s, over and over for a minute: the belt
    /// plays "lost" and "back" twice, at 5 s and 6 s, and at 40 s and 41 s (docs/signals.md).
    func testAFlappingTouchCaseLinkGivesABoundedExactNumberOfSignals() {
        let rig = makeRig()
        defer { rig.task.cancel(); _ = rig.loop.drain() }
        var at: [Int: [WearerSignal]] = [:]
        for second in 0...60 {
            let before = rig.played.count
            rig.loop.advance(to: .seconds(second))
            if second % 7 == 0 { rig.states.yield(.touchCase(connected: false)) }
            if second % 7 == 6 { rig.states.yield(.touchCase(connected: true)) }
            rig.loop.drain()
            if rig.played.count > before { at[second] = Array(rig.played[before...]) }
        }
        XCTAssertEqual(at, [5: [.touchCaseLost], 6: [.touchCaseBack], 40: [.touchCaseLost], 41: [.touchCaseBack]])
    }

    func testALinkFlappingEverySecondIsNeverFelt() {
        let rig = makeRig()
        defer { rig.task.cancel(); _ = rig.loop.drain() }
        // Lost at every even second, back at every odd one, for a minute, and back at the end.
        for second in 0..<60 {
            rig.loop.advance(to: .seconds(second))
            rig.states.yield(.pen(connected: second % 2 == 1))
            rig.loop.drain()
        }
        rig.loop.advance(to: .seconds(600))
        XCTAssertEqual(rig.played, [])
    }

    /// A signal in the middle of a walk is one write on channel 0; the walk's next direction goes
    /// out on channel 2 as before, and nothing stopped the navigation channel in between.
    func testNavigationResumesAfterAStateSignal() {
        let rig = makeRig()
        defer { rig.task.cancel(); _ = rig.loop.drain() }
        rig.requests.yield(.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation))
        rig.loop.drain()
        rig.loop.advance(to: .seconds(1))
        rig.states.yield(.gps(lost: true))
        rig.loop.drain()
        rig.loop.advance(to: .seconds(2))
        rig.requests.yield(.updateNavigation(direction: 120, isMagneticBearing: true, signal: .navigation))
        rig.loop.drain()
        let navigation = { (d: Int) in BeltCommand.configureChannel(ChannelConfiguration(
            channel: 2, pattern: .continuous, orientation: .magneticBearing(d), iterations: 0, periodMilliseconds: 500)) }
        let tail = Array(rig.link.sent.drop { $0 != navigation(90) })
        XCTAssertEqual(tail, [navigation(90), WearerSignal.gpsLost.beltCommand, navigation(120)])
    }

    func testALastingLossRepeatsOnTheClockAndADisabledOneIsSilent() {
        let rig = makeRig(SignalSettings(disabled: [.penLost], repeatInterval: .seconds(60)))
        defer { rig.task.cancel(); _ = rig.loop.drain() }
        rig.states.yield(.touchCase(connected: false))
        rig.states.yield(.pen(connected: false))
        rig.loop.drain()
        rig.loop.advance(to: .seconds(130))
        XCTAssertEqual(rig.played, [.touchCaseLost, .touchCaseLost, .touchCaseLost], "at 5, 65 and 125 s")
    }
}
