import Platform
import XCTest

final class ButtonPressDecoderTests: XCTestCase {
    func edge(_ line: UInt32, _ e: GPIOEdge, _ ms: Double) -> GPIOEdgeEvent {
        GPIOEdgeEvent(offset: line, edge: e, timestamp: .microseconds(Int64(ms * 1000)))
    }

    func testABouncingShortPressIsOnePress() {
        var d = ButtonPressDecoder(debounce: .milliseconds(30), longPress: .milliseconds(800))
        let edges = [edge(17, .falling, 0), edge(17, .rising, 0.8), edge(17, .falling, 1.6), edge(17, .rising, 150)]
        let presses = edges.compactMap { d.feed($0) }
        XCTAssertEqual(presses.count, 1)
        XCTAssertEqual(presses.first?.line, 17)
        XCTAssertEqual(presses.first?.isLong, false)
        XCTAssertEqual(presses.first?.length, .milliseconds(150))
    }

    func testHoldingPastTheThresholdIsALongPress() {
        var d = ButtonPressDecoder(debounce: .milliseconds(30), longPress: .milliseconds(800))
        XCTAssertNil(d.feed(edge(27, .falling, 1000)))
        XCTAssertEqual(d.feed(edge(27, .rising, 1900))?.isLong, true)
    }

    func testLinesAreIndependentAndAReleaseWithoutPressIsIgnored() {
        var d = ButtonPressDecoder(debounce: .milliseconds(30), longPress: .milliseconds(800))
        XCTAssertNil(d.feed(edge(5, .rising, 0)))
        XCTAssertNil(d.feed(edge(5, .falling, 100)))
        XCTAssertNil(d.feed(edge(6, .falling, 110)))
        XCTAssertEqual(d.feed(edge(6, .rising, 200))?.line, 6)
        XCTAssertEqual(d.feed(edge(5, .rising, 1000))?.isLong, true)
    }
}
