import Belt
import Navigation
import Simulation
import XCTest

final class SimulatedBeltTests: XCTestCase {
    func navigation(_ orientation: BeltOrientation) -> BeltCommand {
        .configureChannel(ChannelConfiguration(channel: 2, pattern: .continuous, orientation: orientation,
                                               iterations: 0, periodMilliseconds: 500))
    }

    func testTheNavigationMotorFollowsTheBeltsOwnCompass() {
        var belt = SimulatedBelt()
        XCTAssertEqual(belt.receive(.changeMode(.app), at: .zero), [.modeChanged(.app)])
        _ = belt.receive(navigation(.magneticBearing(90)), at: .zero)
        XCTAssertEqual(belt.navigationMotor(compassHeading: 0), 4, "east, wearer facing north: motor 4 of 16")
        XCTAssertEqual(belt.navigationMotor(compassHeading: 90), 0, "wearer facing east: the front motor")
        XCTAssertEqual(belt.navigationMotor(compassHeading: 100), 0, "within half a motor spacing")
        XCTAssertEqual(belt.navigationMotor(compassHeading: 135), 14, "45° to the left")
        _ = belt.receive(navigation(.angle(180)), at: .zero)
        XCTAssertEqual(belt.navigationMotor(compassHeading: 77), 8, "angles are relative to the body")
        _ = belt.receive(.stop(channel: 2), at: .zero)
        XCTAssertNil(belt.navigationMotor(compassHeading: 0))
    }

    func testVibrationOutsideAppModeIsIgnoredNotAViolation() {
        var belt = SimulatedBelt()
        _ = belt.receive(navigation(.angle(10)), at: .zero)
        XCTAssertNil(belt.navigationMotor(compassHeading: 0))
        XCTAssertEqual(belt.records.last?.problem, "ignored: vibration while in wait mode")
        XCTAssertEqual(belt.violations, [])
    }

    /// Outside app mode the belt plays a bounded channel-0 signal that clears nothing (FSLib-iOS
    /// docs/README.md): the state signals of a paused or stopped walk are felt.
    func testABoundedChannelZeroSignalPlaysOutsideAppMode() {
        var belt = SimulatedBelt()
        _ = belt.receive(.changeMode(.pause), at: .zero)
        _ = belt.receive(WearerSignal.walkPaused.beltCommand, at: .zero)
        XCTAssertNil(belt.records.last?.problem)
        XCTAssertNotNil(belt.channels[0])
        let forever = ChannelConfiguration(channel: 0, pattern: .continuous, orientation: .angle(0), iterations: 0, periodMilliseconds: 500)
        _ = belt.receive(.configureChannel(forever), at: .zero)
        XCTAssertEqual(belt.records.last?.problem, "ignored: vibration while in pause mode")
    }

    /// An exclusive signal suspends the navigation channel while it plays; the navigation signal
    /// comes back by itself after, as the belt resumes suspended channels.
    func testAnExclusiveSignalSuspendsNavigationWhichThenResumes() {
        var belt = SimulatedBelt()
        _ = belt.receive(.changeMode(.app), at: .zero)
        _ = belt.receive(navigation(.angle(0)), at: .zero)
        XCTAssertEqual(belt.navigationMotor(compassHeading: 0), 0)
        _ = belt.receive(WearerSignal.touchCaseLost.beltCommand, at: .seconds(1))   // 2 × 1000 ms, exclusive
        XCTAssertNil(belt.navigationMotor(compassHeading: 0), "suspended")
        belt.advance(to: .milliseconds(3100), dt: 2.1)
        XCTAssertEqual(belt.navigationMotor(compassHeading: 0), 0, "resumed")
    }

    func testMalformedCommandsAreRecordedAsViolations() {
        var belt = SimulatedBelt()
        _ = belt.receive(.changeMode(.app), at: .zero)
        _ = belt.receive(navigation(.motorIndex(16)), at: .zero)
        _ = belt.receive(navigation(.magneticBearing(360)), at: .zero)
        _ = belt.receive(.setDefaultIntensity(101, feedback: false), at: .zero)
        XCTAssertEqual(belt.violations.map(\.problem), ["motor 16 does not exist", "bearing 360 outside 0–359",
                                                        "default intensity 101 outside 5–100"])
    }

    func testFiniteSignalsEndAndTheLinkLossFallsBackToWait() {
        var belt = SimulatedBelt()
        _ = belt.receive(.changeMode(.app), at: .zero)
        _ = belt.receive(.configureChannel(ChannelConfiguration(channel: 0, pattern: .continuous, orientation: .angle(0),
                                                                iterations: 1, periodMilliseconds: 1000)), at: .zero)
        belt.advance(to: .milliseconds(900), dt: 0.9)
        XCTAssertNotNil(belt.channels[0])
        belt.advance(to: .milliseconds(1100), dt: 0.2)
        XCTAssertNil(belt.channels[0], "one 1000 ms iteration has played")
        belt.linkLost()
        XCTAssertEqual(belt.mode, .wait)
    }

    /// In pause mode home raises and compass lowers the intensity (FSLib-iOS docs/README.md); the
    /// belt reports the press, then the new intensity.
    func testHomeAndCompassInPauseModeChangeTheIntensity() {
        var belt = SimulatedBelt()
        XCTAssertEqual(belt.press(.pause, .short, at: .zero), [.buttonPressed(.pause, .short, previousMode: .wait, newMode: .pause)])
        XCTAssertEqual(belt.press(.home, .short, at: .zero),
                       [.buttonPressed(.home, .short, previousMode: .pause, newMode: .pause), .defaultIntensity(60)])
        XCTAssertEqual(belt.press(.compass, .short, at: .zero),
                       [.buttonPressed(.compass, .short, previousMode: .pause, newMode: .pause), .defaultIntensity(50)])
        XCTAssertEqual(belt.mode, .pause, "the intensity buttons leave pause mode as it is")
        for _ in 0..<10 { _ = belt.press(.compass, .short, at: .zero) }
        XCTAssertEqual(belt.defaultIntensity, 5, "not below the belt's 5 %")
    }

    func testButtonPressesInAppModeAreLeftToTheApp() {
        var belt = SimulatedBelt()
        _ = belt.receive(.changeMode(.app), at: .zero)
        XCTAssertEqual(belt.press(.pause, .short, at: .zero), [.buttonPressed(.pause, .short, previousMode: .app, newMode: .app)])
        XCTAssertEqual(belt.press(.compass, .short, at: .zero), [.buttonPressed(.compass, .short, previousMode: .app, newMode: .compass)])
        XCTAssertEqual(belt.press(.power, .long, at: .zero), [.buttonPressed(.power, .long, previousMode: .compass, newMode: .standby)])
    }
}
