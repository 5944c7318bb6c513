@testable import Belt
import XCTest

final class BeltNavigationControllerTests: XCTestCase {
    let t0: Duration = .seconds(10)

    /// A controller connected to a belt in the given mode.
    func connected(mode: BeltMode) -> BeltNavigationController {
        var c = BeltNavigationController()
        _ = c.handle(.modeChanged(mode), now: .zero)
        _ = c.handle(.connected, now: .zero)
        return c
    }

    func sent(_ outputs: [BeltNavigationOutput]) -> [BeltCommand] {
        outputs.compactMap { if case .send(let c) = $0 { c } else { nil } }
    }

    func navigationSignal(_ direction: Int, magnetic: Bool = true, pattern: VibrationPattern = .continuous,
                          period: UInt16 = 500) -> BeltCommand {
        .configureChannel(ChannelConfiguration(channel: 2, pattern: pattern,
                                               orientation: magnetic ? .magneticBearing(direction) : .angle(direction),
                                               iterations: 0, periodMilliseconds: period))
    }

    func testStartInWaitModeSwitchesTheBeltToAppMode() throws {
        var c = connected(mode: .wait)
        let out = try c.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(sent(out), [.changeMode(.app)])
        XCTAssertEqual(out.last, .stateChanged(.navigating))
        // When the belt reports app mode, the stored signal goes out on channel 2.
        XCTAssertEqual(sent(c.handle(.modeChanged(.app), now: t0)), [navigationSignal(90)])
    }

    func testStartInAppModeSendsTheNavigationSignalAtOnce() throws {
        var c = connected(mode: .app)
        XCTAssertEqual(sent(try c.startNavigation(direction: 45, isMagneticBearing: false, signal: .navigation, now: t0)),
                       [navigationSignal(45, magnetic: false)])
    }

    func testStartWhileDisconnectedSendsNothingButIsRestoredOnConnection() throws {
        var c = BeltNavigationController()
        let out = try c.startNavigation(direction: 200, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(sent(out), [])
        XCTAssertEqual(c.state, .navigating)
        _ = try c.updateNavigationSignal(direction: 210, isMagneticBearing: true, signal: .navigation, now: t0 + .seconds(1))
        let onConnect = sent(c.handle(.connected, now: t0 + .seconds(2)))
        XCTAssertEqual(onConnect, [.requestCompassAccuracySignalState, .changeMode(.app)])
        XCTAssertEqual(sent(c.handle(.modeChanged(.app), now: t0 + .seconds(2))), [navigationSignal(210)],
                       "the latest direction wins on reconnection")
    }

    func testUpdatesAreThrottledToOnePer100msWithTheLatestParameters() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 10, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(sent(try c.updateNavigationSignal(direction: 20, isMagneticBearing: true, signal: .navigation,
                                                         now: t0 + .milliseconds(30))), [])
        XCTAssertEqual(sent(try c.updateNavigationSignal(direction: 30, isMagneticBearing: true, signal: .navigation,
                                                         now: t0 + .milliseconds(60))), [])
        XCTAssertEqual(c.pendingVibrationDeadline, t0 + .milliseconds(130))
        XCTAssertEqual(sent(c.poll(now: t0 + .milliseconds(100))), [], "not due yet")
        XCTAssertEqual(sent(c.poll(now: t0 + .milliseconds(130))), [navigationSignal(30)])
        XCTAssertEqual(sent(c.poll(now: t0 + .milliseconds(300))), [], "sent once")
    }

    func testAnImmediateSendCancelsTheDeferredOne() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 10, isMagneticBearing: true, signal: .navigation, now: t0)
        _ = try c.updateNavigationSignal(direction: 20, isMagneticBearing: true, signal: .navigation, now: t0 + .milliseconds(50))
        XCTAssertNotNil(c.pendingVibrationDeadline)
        // The belt reports app mode again: the signal goes out at once, with the latest direction.
        XCTAssertEqual(sent(c.handle(.modeChanged(.app), now: t0 + .milliseconds(60))), [navigationSignal(20)])
        XCTAssertNil(c.pendingVibrationDeadline)
        XCTAssertEqual(sent(c.poll(now: t0 + .milliseconds(200))), [], "not sent a second time")
    }

    func testSignalsMapToTheirChannelConfigurations() {
        // As FSLib-iOS `FSNavigationController.swift` maps them.
        XCTAssertEqual(BeltVibrationSignal.approachingDestination.channelConfiguration(direction: 5, isMagneticBearing: true),
                       ChannelConfiguration(channel: 2, pattern: .singleShort, orientation: .magneticBearing(5),
                                            iterations: 0, periodMilliseconds: 500))
        XCTAssertEqual(BeltVibrationSignal.nextWaypointLongDistance.channelConfiguration(direction: 5, isMagneticBearing: false)?.periodMilliseconds, 3000)
        XCTAssertEqual(BeltVibrationSignal.destinationReachedRepeated.channelConfiguration(direction: 123, isMagneticBearing: true),
                       ChannelConfiguration(channel: 2, pattern: .destinationReached, orientation: .motorIndex(0),
                                            iterations: 0, periodMilliseconds: 5000))
        XCTAssertNil(BeltVibrationSignal.operationWarning.channelConfiguration(direction: 0, isMagneticBearing: true))
    }

    func testNonRepeatedSignalIsRefused() {
        var c = connected(mode: .app)
        XCTAssertThrowsError(try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .directionNotification, now: t0)) {
            XCTAssertEqual($0 as? BeltNavigationController.Failure, .signalNotRepeated(.directionNotification))
        }
        XCTAssertEqual(c.state, .stopped)
    }

    func testSilentNavigationStopsOnlyTheNavigationChannel() throws {
        var c = connected(mode: .app)
        XCTAssertEqual(sent(try c.startNavigation(direction: 0, isMagneticBearing: true, signal: nil, now: t0)),
                       [.stop(channel: 2)])
    }

    func testPauseAndStopWriteTheModes() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(sent(c.pauseNavigation()), [.changeMode(.pause)])
        _ = c.handle(.modeChanged(.pause), now: t0)
        XCTAssertEqual(c.state, .paused)
        // The belt's pause is ours now, so stop returns the belt to wait.
        XCTAssertEqual(sent(c.stopNavigation()), [.changeMode(.wait)])
        XCTAssertEqual(c.state, .stopped)
        XCTAssertEqual(sent(c.stopNavigation()), [], "stopping twice does nothing")
    }

    func testWarningsUseTheLibrariesParameters() {
        let c = connected(mode: .app)
        XCTAssertEqual(sent(c.notifyWarning(critical: true)), [.configureChannel(ChannelConfiguration(
            channel: 0, pattern: .singleLong, orientation: .binaryMask(0x1111), iterations: 3, periodMilliseconds: 700, exclusive: true))])
        XCTAssertEqual(sent(c.notifyWarning(critical: false)), [.configureChannel(ChannelConfiguration(
            channel: 0, pattern: .warning, intensity: 25, orientation: .motorIndex(0), iterations: 2, periodMilliseconds: 500, exclusive: true))])
        XCTAssertEqual(sent(c.notifyDirection(270, isMagneticBearing: true)), [.configureChannel(ChannelConfiguration(
            channel: 0, pattern: .continuous, orientation: .magneticBearing(270), iterations: 1, periodMilliseconds: 1000))])
    }

    func testCompassModePausesNavigationWithoutWriting() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        let out = c.handle(.modeChanged(.compass), now: t0)
        XCTAssertEqual(sent(out), [])
        XCTAssertEqual(out, [.stateChanged(.paused)])
    }

    func testReconnectingToABeltThatFellBackToWaitResumesNavigation() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 120, isMagneticBearing: true, signal: .navigation, now: t0)
        _ = c.handle(.disconnected(expected: false), now: t0)
        // Handshake: the belt reports wait (it left app mode when the link dropped), then connected.
        XCTAssertEqual(c.handle(.modeChanged(.wait), now: t0 + .seconds(5)), [], "not acted on during the handshake")
        XCTAssertEqual(sent(c.handle(.connected, now: t0 + .seconds(5))),
                       [.requestCompassAccuracySignalState, .changeMode(.app)])
        XCTAssertEqual(sent(c.handle(.modeChanged(.app), now: t0 + .seconds(5))), [navigationSignal(120)])
        XCTAssertEqual(c.state, .navigating)
    }

    /// The wearer holds the power button while navigating: the belt goes to standby and closes the
    /// link. The walk is neither paused nor stopped, and switching the belt on again (it comes back
    /// in wait mode) brings it back to app mode and the same direction.
    func testSwitchingTheBeltOffKeepsTheWalkAndSwitchingItOnResumesIt() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 120, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(c.handle(.buttonPressed(.power, .long, previousMode: .app, newMode: .standby), now: t0), [])
        XCTAssertEqual(c.handle(.switchedOff, now: t0), [])
        XCTAssertEqual(c.state, .navigating)
        XCTAssertFalse(c.isConnected)
        XCTAssertEqual(c.handle(.modeChanged(.wait), now: t0 + .seconds(60)), [])
        XCTAssertEqual(sent(c.handle(.connected, now: t0 + .seconds(60))), [.requestCompassAccuracySignalState, .changeMode(.app)])
        XCTAssertEqual(sent(c.handle(.modeChanged(.app), now: t0 + .seconds(60))), [navigationSignal(120)])
    }

    func testWaitModeStopsNavigation() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(c.handle(.modeChanged(.wait), now: t0), [.stateChanged(.stopped)])
    }

    func testBeltPauseButtonInAppModePausesAndAgainResumes() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 33, isMagneticBearing: true, signal: .navigation, now: t0)
        let pause = c.handle(.buttonPressed(.pause, .short, previousMode: .app, newMode: .app), now: t0)
        XCTAssertEqual(pause, [.send(.changeMode(.pause)), .stateChanged(.paused)])
        _ = c.handle(.modeChanged(.pause), now: t0)
        let resume = c.handle(.buttonPressed(.pause, .short, previousMode: .pause, newMode: .pause), now: t0 + .seconds(1))
        XCTAssertEqual(resume, [.send(.changeMode(.app)), .stateChanged(.navigating)])
    }

    func testHomeButtonWhileNavigatingInAppModeIsLeftToTheApp() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(c.handle(.buttonPressed(.home, .short, previousMode: .app, newMode: .app), now: t0),
                       [.homeButtonPressed(navigating: true)])
    }

    // FSLib's button handling (`onBeltButtonPressed`), the cases the other tests do not cover.
    func testButtonTableWhileStoppedAndPaused() throws {
        var stopped = connected(mode: .app)
        XCTAssertEqual(stopped.handle(.buttonPressed(.home, .short, previousMode: .app, newMode: .app), now: t0),
                       [.send(.changeMode(.wait))], "home in app mode while stopped hands the belt back")
        var waiting = connected(mode: .wait)
        XCTAssertEqual(waiting.handle(.buttonPressed(.home, .short, previousMode: .wait, newMode: .wait), now: t0),
                       [.homeButtonPressed(navigating: false)])
        XCTAssertEqual(stopped.handle(.buttonPressed(.pause, .short, previousMode: .app, newMode: .app), now: t0),
                       [.send(.changeMode(.wait))])
        XCTAssertEqual(waiting.handle(.buttonPressed(.pause, .short, previousMode: .wait, newMode: .wait), now: t0), [],
                       "pause in another mode does nothing")

        var paused = connected(mode: .app)
        _ = try paused.startNavigation(direction: 45, isMagneticBearing: true, signal: .navigation, now: t0)
        _ = paused.pauseNavigation()
        let home = paused.handle(.buttonPressed(.home, .short, previousMode: .app, newMode: .app), now: t0 + .seconds(1))
        XCTAssertEqual(home, [.send(navigationSignal(45)), .stateChanged(.navigating)], "home resumes a paused walk")
    }

    func testModeReportsWhileStoppedOrPausedPutTheBeltBack() throws {
        var stopped = connected(mode: .wait)
        XCTAssertEqual(stopped.handle(.modeChanged(.app), now: t0), [.send(.changeMode(.wait))])
        var paused = connected(mode: .app)
        _ = try paused.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        _ = paused.pauseNavigation()
        XCTAssertEqual(paused.handle(.modeChanged(.app), now: t0), [.send(.changeMode(.pause))])
        var navigating = connected(mode: .app)
        _ = try navigating.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(navigating.handle(.buttonPressed(.compass, .short, previousMode: .app, newMode: .compass), now: t0),
                       [.stateChanged(.paused)], "a mode-changing press pauses without writing")
    }

    func testShutdownSilencesTheBeltAndReturnsItToWait() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: t0)
        XCTAssertEqual(c.shutdownCommands(), [.stop(channel: nil), .changeMode(.wait)])
        var idle = BeltNavigationController()
        XCTAssertEqual(idle.shutdownCommands(), [], "nothing to send without a belt")
        _ = idle.handle(.modeChanged(.compass), now: .zero)
        _ = idle.handle(.connected, now: .zero)
        XCTAssertEqual(idle.shutdownCommands(), [.stop(channel: nil), .changeMode(.wait)], "compass mode vibrates too")
        var waiting = BeltNavigationController()
        _ = waiting.handle(.modeChanged(.wait), now: .zero)
        _ = waiting.handle(.connected, now: .zero)
        XCTAssertEqual(waiting.shutdownCommands(), [.stop(channel: nil)], "a waiting belt stays in wait")
    }

    /// The wearer's intensity on the belt's buttons is followed: reported once, and written back at
    /// the next connection instead of the configured one.
    func testTheBeltsOwnIntensityIsFollowedAndRestoredOnReconnection() throws {
        var c = BeltNavigationController()
        _ = try c.changeDefaultIntensity(60, feedback: false)
        _ = c.handle(.modeChanged(.pause), now: .zero)
        XCTAssertEqual(sent(c.handle(.connected, now: .zero)), [.requestCompassAccuracySignalState, .setDefaultIntensity(60, feedback: false)])
        XCTAssertEqual(c.handle(.defaultIntensity(60), now: t0), [], "the echo of our own write")
        XCTAssertEqual(c.handle(.defaultIntensity(70), now: t0), [.intensityChanged(70)], "home in pause mode raised it")
        XCTAssertEqual(c.handle(.defaultIntensity(70), now: t0), [], "told once")
        XCTAssertEqual(c.defaultIntensity, 70)
        _ = c.handle(.disconnected(expected: false), now: t0)
        _ = c.handle(.modeChanged(.wait), now: t0 + .seconds(5))
        XCTAssertEqual(sent(c.handle(.connected, now: t0 + .seconds(5))),
                       [.requestCompassAccuracySignalState, .setDefaultIntensity(70, feedback: false)],
                       "the wearer's choice, not the configured 60")
        XCTAssertEqual(c.handle(.defaultIntensity(3), now: t0 + .seconds(6)), [.intensityChanged(5)],
                       "below 5 the belt plays 5, and 5 is what may be written back")
    }

    /// Two quick writes are answered in order; the first answer arriving after the second write is
    /// not the wearer's doing and must not undo the newer value.
    func testAnOldEchoOfOurOwnWriteDoesNotUndoANewerIntensity() throws {
        var c = connected(mode: .app)
        _ = try c.changeDefaultIntensity(70)
        _ = try c.changeDefaultIntensity(80)
        XCTAssertEqual(c.handle(.defaultIntensity(70), now: t0), [])
        XCTAssertEqual(c.handle(.defaultIntensity(80), now: t0), [])
        XCTAssertEqual(c.defaultIntensity, 80)
    }

    /// In pause mode home raises the belt's intensity (FSLib-iOS docs/README.md): a paused walk stays
    /// paused; the pause button resumes it.
    func testHomeInPauseModeChangesTheIntensityRatherThanResuming() throws {
        var c = connected(mode: .app)
        _ = try c.startNavigation(direction: 45, isMagneticBearing: true, signal: .navigation, now: t0)
        _ = c.pauseNavigation()
        _ = c.handle(.modeChanged(.pause), now: t0)
        XCTAssertEqual(c.handle(.buttonPressed(.home, .short, previousMode: .pause, newMode: .pause), now: t0 + .seconds(1)), [])
        XCTAssertEqual(c.handle(.buttonPressed(.compass, .short, previousMode: .pause, newMode: .pause), now: t0 + .seconds(2)), [])
        XCTAssertEqual(c.state, .paused)
        XCTAssertEqual(c.handle(.buttonPressed(.pause, .short, previousMode: .pause, newMode: .pause), now: t0 + .seconds(3)),
                       [.send(.changeMode(.app)), .stateChanged(.navigating)])
    }

    /// The app-mode bit is written where the belt reports it otherwise, once per connection,
    /// temporarily, with the compass-mode bit kept; nothing is written where it already agrees.
    func testTheCompassAccuracySignalIsSwitchedInAppModeWhereTheBeltDiffers() throws {
        var c = BeltNavigationController()
        _ = c.setCompassAccuracySignalWanted(false)
        _ = c.handle(.modeChanged(.wait), now: .zero)
        _ = c.handle(.compassAccuracySignal(.everywhere), now: .zero)
        XCTAssertEqual(sent(c.handle(.connected, now: .zero)),
                       [.setAdvancedParameter(.compassAccuracySignal(.inCompassMode), persistent: false)],
                       "11 03 00 01: off in app mode, on in compass mode as the belt had it")
        XCTAssertEqual(sent(c.handle(.compassAccuracySignal(.inCompassMode), now: .zero)), [], "read back: agrees")
        XCTAssertEqual(c.compassAccuracySignal, .inCompassMode)

        _ = c.handle(.disconnected(expected: false), now: t0)
        XCTAssertNil(c.compassAccuracySignal, "the next connection reports its own")
        _ = c.handle(.modeChanged(.wait), now: t0)
        _ = c.handle(.compassAccuracySignal([]), now: t0)
        XCTAssertEqual(sent(c.handle(.connected, now: t0)), [], "already off: nothing written")

        var on = BeltNavigationController()
        _ = on.setCompassAccuracySignalWanted(true)
        _ = on.handle(.modeChanged(.wait), now: .zero)
        XCTAssertEqual(sent(on.handle(.connected, now: .zero)), [.requestCompassAccuracySignalState],
                       "not read in the handshake: asked for, as FSLib does on connection")
        XCTAssertEqual(sent(on.handle(.compassAccuracySignal(.inCompassMode), now: .zero)),
                       [.setCompassAccuracySignal(enabled: true, persistent: false)], "both bits: FSLib's form, 11 03 00 03")
        _ = on.handle(.disconnected(expected: false), now: t0)
        _ = on.handle(.modeChanged(.wait), now: t0)
        _ = on.handle(.compassAccuracySignal([]), now: t0)
        XCTAssertEqual(sent(on.handle(.connected, now: t0)),
                       [.setAdvancedParameter(.compassAccuracySignal(.inAppMode), persistent: false)],
                       "11 03 00 02: on in app mode, the compass mode left off as the belt had it")

        var untouched = connected(mode: .wait)
        XCTAssertEqual(sent(untouched.handle(.compassAccuracySignal([]), now: .zero)), [], "nothing asked: left as the belt has it")
    }

    func testDefaultIntensityRangeIsEnforced() {
        var c = connected(mode: .app)
        XCTAssertThrowsError(try c.changeDefaultIntensity(3))
        XCTAssertEqual(sent(try c.changeDefaultIntensity(70, feedback: false)), [.setDefaultIntensity(70, feedback: false)])
    }
}
