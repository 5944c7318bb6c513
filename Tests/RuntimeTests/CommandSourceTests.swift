import Gestures
import Pencil
@testable import Runtime
import XCTest

/// The navigation actor logs "command X from SOURCE"; these are the words a person tailing the
/// journal reads, and the rig's checks match some of them.
final class CommandSourceTests: XCTestCase {
    func testEachSourceIsNamedAsTheLogHasAlwaysNamedIt() {
        XCTAssertEqual(CommandSource.button(line: 17, press: .single).description, "button GPIO17 (press)")
        XCTAssertEqual(CommandSource.button(line: 17, press: .long).description, "button GPIO17 (long press)")
        XCTAssertEqual(CommandSource.button(line: 27, press: .double).description, "button GPIO27 (double press)")
        XCTAssertEqual(CommandSource.gesture(.swipe(.right)).description, "gesture swipe-right")
        XCTAssertEqual(CommandSource.pencilClick(.tip).description, "pencil tip click")
        XCTAssertEqual(CommandSource.pencilClick(.eraser).description, "pencil eraser click")
        XCTAssertEqual(CommandSource.autostart.description, "autostart")
        XCTAssertEqual(CommandSource.resumeAfterRestart.description, "resume after restart")
    }
}
