@testable import Belt
import XCTest

/// FSLib's button handling (FSLib-iOS `onBeltButtonPressed`): every button × press type × navigation state,
/// with the modes the belt reports (in app mode pause, home and a short power press come without a mode
/// change; compass enters compass or calibration mode; a long power press switches the belt off), the
/// resulting state and what is written. Where FSLib-iOS's code and its documentation differ (home in
/// pause mode), the documentation is followed (`BeltNavigationController`). One row differs from
/// FSLib-iOS on purpose: a long power press while navigating keeps the walk, so that switching the
/// belt on again resumes the guidance (docs/ble.md, "The belt switched off").
final class ButtonTableTests: XCTestCase {
    struct Row {
        let button: BeltButton
        let press: BeltPressType
        let newMode: BeltMode?          // nil: the belt reports prev == new
        let outputs: [BeltNavigationOutput]
        let state: NavigationState
    }

    let t0: Duration = .seconds(1)
    static let signal = BeltCommand.configureChannel(ChannelConfiguration(
        channel: 2, pattern: .continuous, orientation: .magneticBearing(45), iterations: 0, periodMilliseconds: 500))

    /// A controller in `state`, connected to a belt in the mode that state leaves it in.
    func controller(in state: NavigationState) throws -> BeltNavigationController {
        var c = BeltNavigationController()
        _ = c.handle(.modeChanged(.wait), now: .zero)
        _ = c.handle(.connected, now: .zero)
        guard state != .stopped else { return c }
        _ = try c.startNavigation(direction: 45, isMagneticBearing: true, signal: .navigation, now: .zero)
        _ = c.handle(.modeChanged(.app), now: .zero)
        if state == .paused {
            _ = c.pauseNavigation()
            _ = c.handle(.modeChanged(.pause), now: .zero)
        }
        XCTAssertEqual(c.state, state)
        return c
    }

    func check(_ state: NavigationState, _ rows: [Row], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(rows.count, 8, "4 buttons × 2 press types", file: file, line: line)
        for row in rows {
            var c = try controller(in: state)
            let previous = c.beltMode
            let new = row.newMode ?? previous
            let out = c.handle(.buttonPressed(row.button, row.press, previousMode: previous, newMode: new), now: t0)
            let name = "\(row.button) \(row.press == .long ? "long" : "short") while \(state)"
            XCTAssertEqual(out, row.outputs, name, file: file, line: line)
            XCTAssertEqual(c.state, row.state, name, file: file, line: line)
        }
    }

    func testButtonsWhileNavigating() throws {
        try check(.navigating, [
            Row(button: .home, press: .short, newMode: nil, outputs: [.homeButtonPressed(navigating: true)], state: .navigating),
            Row(button: .home, press: .long, newMode: nil, outputs: [.homeButtonPressed(navigating: true)], state: .navigating),
            Row(button: .pause, press: .short, newMode: nil, outputs: [.send(.changeMode(.pause)), .stateChanged(.paused)], state: .paused),
            Row(button: .pause, press: .long, newMode: nil, outputs: [.send(.changeMode(.pause)), .stateChanged(.paused)], state: .paused),
            Row(button: .compass, press: .short, newMode: .compass, outputs: [.stateChanged(.paused)], state: .paused),
            Row(button: .compass, press: .long, newMode: .calibration, outputs: [.stateChanged(.paused)], state: .paused),
            Row(button: .power, press: .short, newMode: nil, outputs: [], state: .navigating),
            Row(button: .power, press: .long, newMode: .standby, outputs: [], state: .navigating),
        ])
    }

    /// Paused, the belt is in pause mode, where home raises its intensity (FSLib-iOS docs/README.md,
    /// "Belt buttons and modes"): the walk stays paused, and only the pause button resumes it.
    func testButtonsWhilePaused() throws {
        let resume: [BeltNavigationOutput] = [.send(.changeMode(.app)), .stateChanged(.navigating)]
        try check(.paused, [
            Row(button: .home, press: .short, newMode: nil, outputs: [], state: .paused),
            Row(button: .home, press: .long, newMode: nil, outputs: [], state: .paused),
            Row(button: .pause, press: .short, newMode: nil, outputs: resume, state: .navigating),
            Row(button: .pause, press: .long, newMode: nil, outputs: resume, state: .navigating),
            Row(button: .compass, press: .short, newMode: .compass, outputs: [], state: .paused),
            Row(button: .compass, press: .long, newMode: .calibration, outputs: [], state: .paused),
            Row(button: .power, press: .short, newMode: nil, outputs: [], state: .paused),
            Row(button: .power, press: .long, newMode: .standby, outputs: [], state: .paused),
        ])
    }

    func testButtonsWhileStopped() throws {
        try check(.stopped, [
            Row(button: .home, press: .short, newMode: nil, outputs: [.homeButtonPressed(navigating: false)], state: .stopped),
            Row(button: .home, press: .long, newMode: nil, outputs: [.homeButtonPressed(navigating: false)], state: .stopped),
            Row(button: .pause, press: .short, newMode: nil, outputs: [], state: .stopped),
            Row(button: .pause, press: .long, newMode: nil, outputs: [], state: .stopped),
            Row(button: .compass, press: .short, newMode: .compass, outputs: [], state: .stopped),
            Row(button: .compass, press: .long, newMode: .calibration, outputs: [], state: .stopped),
            Row(button: .power, press: .short, newMode: nil, outputs: [], state: .stopped),
            Row(button: .power, press: .long, newMode: .standby, outputs: [], state: .stopped),
        ])
    }

    func testABeltInAppModeWhileStoppedIsHandedBackOnHomeOrPause() throws {
        // The belt can be in app mode while we are stopped (another app left it there).
        var c = BeltNavigationController()
        _ = c.handle(.modeChanged(.app), now: .zero)
        _ = c.handle(.connected, now: .zero)
        XCTAssertEqual(c.handle(.buttonPressed(.home, .short, previousMode: .app, newMode: .app), now: t0), [.send(.changeMode(.wait))])
        XCTAssertEqual(c.handle(.buttonPressed(.pause, .long, previousMode: .app, newMode: .app), now: t0), [.send(.changeMode(.wait))])
    }
}
