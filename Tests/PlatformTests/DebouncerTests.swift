import XCTest
import Platform

/// The user-space debouncer that stands in for kernel debounce under libgpiod 1.6.
final class DebouncerTests: XCTestCase {
    private func edge(_ offset: UInt32, _ edge: GPIOEdge, at ms: Int64) -> GPIOEdgeEvent {
        GPIOEdgeEvent(offset: offset, edge: edge, timestamp: .milliseconds(ms))
    }

    func testBouncesAfterAPressAndAReleaseAreDroppedWhileThePressesAreKept() {
        var debouncer = Debouncer(window: .milliseconds(30))
        let raw = [
            edge(17, .rising, at: 1_000),   // press
            edge(17, .falling, at: 1_002),  // bounce
            edge(17, .rising, at: 1_004),   // bounce
            edge(17, .falling, at: 1_180),  // release
            edge(17, .rising, at: 1_183),   // bounce
            edge(17, .falling, at: 1_185),  // bounce
            edge(17, .rising, at: 1_400),   // second press
        ]
        XCTAssertEqual(debouncer.filter(raw), [raw[0], raw[3], raw[6]])
    }

    func testLinesAreDebouncedIndependently() {
        var debouncer = Debouncer(window: .milliseconds(30))
        XCTAssertTrue(debouncer.accept(edge(17, .rising, at: 100)))
        XCTAssertTrue(debouncer.accept(edge(27, .rising, at: 105)), "another line's press was eaten")
        XCTAssertFalse(debouncer.accept(edge(17, .falling, at: 110)))
        XCTAssertFalse(debouncer.accept(edge(27, .falling, at: 120)))
    }

    func testAnEdgeExactlyOneWindowAfterTheLastAcceptedIsKept() {
        var debouncer = Debouncer(window: .milliseconds(30))
        XCTAssertTrue(debouncer.accept(edge(5, .rising, at: 0)))
        XCTAssertFalse(debouncer.accept(edge(5, .falling, at: 29)))
        XCTAssertTrue(debouncer.accept(edge(5, .falling, at: 30)))
    }

    func testTheWindowRunsFromTheLastAcceptedEdgeNotTheLastBounce() {
        // A long chatter burst must not postpone the next real edge forever.
        var debouncer = Debouncer(window: .milliseconds(30))
        XCTAssertTrue(debouncer.accept(edge(6, .rising, at: 0)))
        for ms in stride(from: Int64(5), to: 30, by: 5) {
            XCTAssertFalse(debouncer.accept(edge(6, ms % 10 == 0 ? .rising : .falling, at: ms)))
        }
        XCTAssertTrue(debouncer.accept(edge(6, .falling, at: 31)))
    }

    func testAZeroOrNegativeWindowKeepsEveryEdge() {
        var zero = Debouncer(window: .zero)
        var negative = Debouncer(window: .milliseconds(-10))
        let raw = [edge(1, .rising, at: 0), edge(1, .falling, at: 0), edge(1, .rising, at: 1)]
        XCTAssertEqual(zero.filter(raw), raw)
        XCTAssertEqual(negative.filter(raw), raw)
        XCTAssertEqual(negative.window, .zero)
    }

    func testAClockStepBackwardsRestartsTheWindowInsteadOfSilencingTheLine() {
        var debouncer = Debouncer(window: .milliseconds(30))
        XCTAssertTrue(debouncer.accept(edge(4, .rising, at: 10_000)))
        XCTAssertTrue(debouncer.accept(edge(4, .falling, at: 2_000)))
        XCTAssertFalse(debouncer.accept(edge(4, .rising, at: 2_010)))
    }

    func testResetForgetsHistory() {
        var debouncer = Debouncer(window: .milliseconds(30))
        XCTAssertTrue(debouncer.accept(edge(3, .rising, at: 0)))
        debouncer.reset()
        XCTAssertTrue(debouncer.accept(edge(3, .falling, at: 1)))
    }
}
