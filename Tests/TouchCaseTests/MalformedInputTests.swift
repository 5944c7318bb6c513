import TouchCase
import XCTest

/// Where FuffrLib crashed or misread, the session drops and counts (docs/touch-case.md, "Reading touches").
final class MalformedInputTests: XCTestCase {
    func testNotificationsThatAreNotWholeRecordsAreDroppedAndCounted() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        let touch = FuffrGATT.touchCharacteristics[2]
        for length in [0, 1, 4, 6, 9, 21] {
            let bytes = Array(repeating: UInt8(0x21), count: length)
            let out = session.received(touch, bytes, now: .milliseconds(length))
            XCTAssertEqual(out.touches, [], "\(length) bytes")
        }
        XCTAssertEqual(session.counters.malformedNotifications, 6)
        XCTAssertEqual(session.counters.records, 0)
        // A good notification afterwards still counts.
        XCTAssertEqual(session.received(touch, [0x21, 0, 0, 0, 0], now: .milliseconds(50)).touches.count, 1)
    }

    func testIdsBeyondTheTableAreDroppedAndCounted() {
        var session = TouchCaseSession.ready(touchesPerSide: 2)
        let out = session.feed([TouchRecord(id: 9, isDown: true, rawX: 0, rawY: 0),
                                TouchRecord(id: 31, isDown: true, rawX: 0, rawY: 0),
                                TouchRecord(id: 8, isDown: true, rawX: 0, rawY: 0)], at: 0)
        XCTAssertEqual(out.touches.map(\.id), [8])
        XCTAssertEqual(out.touches.map(\.side), [.top])
        XCTAssertEqual(session.counters.unmappedRecords, 2)
    }

    /// Zero touches per side (power saving): FuffrLib divided by zero; every record is dropped.
    func testZeroTouchesPerSideDropsEveryRecord() {
        var session = TouchCaseSession.ready(sides: .all, touchesPerSide: 0)
        XCTAssertEqual(session.decodingTouchesPerSide, 0)
        let out = session.feed([TouchRecord(id: 1, isDown: true, rawX: 0, rawY: 0)], at: 0)
        XCTAssertEqual(out.touches, [])
        XCTAssertEqual(session.counters.unmappedRecords, 1)
    }

    func testNotificationsFromOtherCharacteristicsAreDroppedAndCounted() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        XCTAssertEqual(session.received(FuffrGATT.enabler, [0x21, 0, 0, 0, 0], now: .zero).touches, [])
        XCTAssertEqual(session.counters.foreignNotifications, 1)
    }

    /// Raw values above full scale (FuffrLib would report x > 1, or below 0 on mirrored sides) are clamped.
    func testCoordinatesBeyondFullScaleAreClampedAndCounted() {
        var session = TouchCaseSession.ready(touchesPerSide: 1)
        let out = session.feed([TouchRecord(id: 3, isDown: true, rawX: 65535, rawY: 40000),
                                TouchRecord(id: 2, isDown: true, rawX: 65535, rawY: 100)], at: 0).touches
        XCTAssertEqual(out.map { [$0.x, $0.y] }, [[0, 0], [1, 100.0 / 32767]])
        XCTAssertEqual(session.counters.clampedCoordinates, 2)
    }

    /// Random bytes of random lengths never crash, and every notification is either decoded or counted.
    func testRandomNotificationsNeverCrash() {
        var session = TouchCaseSession.ready(touchesPerSide: 3)
        var generator = SystemRandomNumberGenerator()
        var malformed = 0
        for i in 0..<5000 {
            let length = Int.random(in: 0...25, using: &generator)
            if length == 0 || length % 5 != 0 { malformed += 1 }
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let c = FuffrGATT.touchCharacteristics[i % 5]
            for event in session.received(c, bytes, now: .milliseconds(i)).touches {
                XCTAssert((0...1).contains(event.x) && (0...1).contains(event.y))
                XCTAssert((1...12).contains(event.id))
            }
        }
        XCTAssertEqual(session.counters.malformedNotifications, malformed)
    }
}
