@testable import Pencil
import XCTest

/// The pen as a click device: press-and-release → one click, with the 5 ms debounce.
final class PenClickDecoderTests: XCTestCase {
    private func ms(_ n: Int) -> Duration { .milliseconds(n) }

    func testPressAndReleaseIsOneClickAfterTheDebounce() {
        var d = PenClickDecoder()
        XCTAssertEqual(d.handle(PenSwitchEvent(.tip, isPressed: true, at: ms(100))), [])
        XCTAssertEqual(d.handle(PenSwitchEvent(.tip, isPressed: false, at: ms(250))), [])
        XCTAssertEqual(d.deadline, ms(255))
        XCTAssertEqual(d.advance(to: ms(254)), [])
        XCTAssertEqual(d.advance(to: ms(255)), [PenClick(pen: .tip, pressedAt: ms(100), releasedAt: ms(250))])
        XCTAssertEqual(PenClick(pen: .tip, pressedAt: ms(100), releasedAt: ms(250)).held, ms(150))
    }

    func testBounceWithinFiveMillisecondsIsOneLongerClick() {
        var d = PenClickDecoder()
        _ = d.handle(PenSwitchEvent(.eraser, isPressed: true, at: ms(0)))
        _ = d.handle(PenSwitchEvent(.eraser, isPressed: false, at: ms(100)))
        XCTAssertEqual(d.handle(PenSwitchEvent(.eraser, isPressed: true, at: ms(104))), [])
        _ = d.handle(PenSwitchEvent(.eraser, isPressed: false, at: ms(400)))
        XCTAssertEqual(d.advance(to: ms(405)), [PenClick(pen: .eraser, pressedAt: ms(0), releasedAt: ms(400))])
    }

    func testAReleaseWithoutAPressIsNotAClick() {
        var d = PenClickDecoder()
        _ = d.handle(PenSwitchEvent(.tip, isPressed: false, at: ms(10)))
        XCTAssertEqual(d.advance(to: ms(100)), [])
        XCTAssertNil(d.deadline)
    }
}
