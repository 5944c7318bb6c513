@testable import Pencil
import XCTest

/// The pairing spot on a headless Pi (docs/pencil.md): case touches and the pair control.
final class PairingSpotTests: XCTestCase {
    private func ms(_ n: Int) -> Duration { .milliseconds(n) }
    private func t(_ id: Int, _ phase: TouchPhase, _ at: Int) -> TouchInput { TouchInput(id: id, phase: phase, x: 0, y: 0, at: ms(at)) }

    /// Unpaired: a lone case touch is the spot; a second touch cancels it (the SDK's `PairingSpotView`).
    func testLoneTouchIsTheSpotWhileUnpairedAndASecondTouchCancels() {
        var s = PairingSpot()
        s.casePolicy = .init(.unpaired)
        XCTAssertEqual(s.touch(t(1, .began, 0)), [.spotPressed(viaControl: false)])
        XCTAssertEqual(s.touch(t(2, .began, 50)), [.spotReleased])
        XCTAssertEqual(s.touch(t(1, .ended, 60)), [])
        XCTAssertEqual(s.touch(t(2, .ended, 70)), [])
        XCTAssertEqual(s.touch(t(3, .began, 100)), [.spotPressed(viaControl: false)])
        XCTAssertEqual(s.touch(t(3, .ended, 900)), [.spotReleased])
    }

    /// Linked: the touch must coincide with a tip-down within 133 ms — either order.
    func testLinkedSpotNeedsTheTipDownWithin133ms() {
        var s = PairingSpot()
        s.casePolicy = .init(.connected)
        XCTAssertEqual(s.touch(t(1, .began, 1000)), [])
        XCTAssertEqual(s.tip(PenSwitchEvent(.tip, isPressed: true, at: ms(1133))), [.spotPressed(viaControl: false)])
        XCTAssertEqual(s.touch(t(1, .ended, 3000)), [.spotReleased])

        XCTAssertEqual(s.tip(PenSwitchEvent(.tip, isPressed: false, at: ms(3000))), [])
        XCTAssertEqual(s.touch(t(2, .began, 4000)), [])
        XCTAssertEqual(s.tip(PenSwitchEvent(.tip, isPressed: true, at: ms(4134))), [], "134 ms late: a finger and a pen")
        XCTAssertEqual(s.touch(t(2, .ended, 4200)), [])

        XCTAssertEqual(s.touch(t(3, .began, 4250)), [.spotPressed(viaControl: false)], "tip still down, 116 ms earlier")
    }

    /// Paired but away: case touches never act as the spot (no unpairing by a long press on the case).
    func testCaseTouchesAreIgnoredWhileThePenIsAway() {
        var s = PairingSpot()
        s.casePolicy = .init(.disconnected)
        XCTAssertEqual(s.touch(t(1, .began, 0)), [])
        XCTAssertEqual(s.control(pressed: true), [.spotPressed(viaControl: true)])
        XCTAssertEqual(s.control(pressed: false), [.spotReleased])
    }

    /// The spot and the manager together: control held, pen found, tip pressed and lifted → married.
    func testPairControlDrivesThePairingModel() {
        var spot = PairingSpot()
        var m = PenManager(centralID: 7)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        for input in spot.control(pressed: true) { _ = m.handle(input, now: ms(10)) }
        _ = m.handle(.discovered(PenAdvertisement(peripheral: "p", name: "Pencil", reconcilingCentral: 0)), now: ms(100))
        _ = m.handle(.ready(pen: "p"), now: ms(300))
        XCTAssertEqual(m.handle(.tip(pressed: false), now: ms(900)), [.storePairing(pen: "p"), .married(pen: "p")])
        XCTAssertEqual(m.state, .connected)
    }
}
