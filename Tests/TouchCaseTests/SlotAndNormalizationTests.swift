import TouchCase
import XCTest

/// Ids → sides and raw → normalized coordinates, as FuffrLib's `FFRCaseHandler.m` does them.
final class SlotAndNormalizationTests: XCTestCase {
    /// n = 1: 1 Right, 2 Bottom, 3 Left, 4 Top; n = 5: 1–5 Right, 6–10 Bottom, 11–15 Left, 16–20 Top.
    func testIdsMapToSidesInSlotOrder() {
        XCTAssertEqual((1...4).map { TouchSlots.side(of: UInt8($0), touchesPerSide: 1) }, [.right, .bottom, .left, .top])
        let five = (1...20).map { TouchSlots.side(of: UInt8($0), touchesPerSide: 5) }
        XCTAssertEqual(five, Array(repeating: CaseSide.right, count: 5) + Array(repeating: .bottom, count: 5)
                       + Array(repeating: .left, count: 5) + Array(repeating: .top, count: 5))
    }

    /// FuffrLib divides by zero at n = 0 and reads past its table for ids above 4n.
    func testZeroTouchesIdZeroAndIdsBeyondTheTableMapToNoSide() {
        XCTAssertNil(TouchSlots.side(of: 1, touchesPerSide: 0))
        XCTAssertNil(TouchSlots.side(of: 0, touchesPerSide: 1))
        XCTAssertNil(TouchSlots.side(of: 5, touchesPerSide: 1))
        XCTAssertNil(TouchSlots.side(of: 21, touchesPerSide: 5))
        XCTAssertNil(TouchSlots.side(of: 31, touchesPerSide: 2))
    }

    func testSlotIdsInvertTheMapping() {
        XCTAssertEqual(TouchSlots.id(side: .left, slot: 1, touchesPerSide: 2), 6)
        XCTAssertEqual(TouchSlots.id(side: .top, slot: 4, touchesPerSide: 5), 20)
        XCTAssertNil(TouchSlots.id(side: .top, slot: 2, touchesPerSide: 2))
        XCTAssertNil(TouchSlots.id(side: .right, slot: 0, touchesPerSide: 0))
    }

    /// `TouchNormalization`'s table at the corners (0,0), (R,R) and the mixed corner (R,0) that shows the axis swap.
    func testNormalizationOfEachSideAtTheCorners() {
        let r = TouchNormalization.rawMaximum
        let expected: [(CaseSide, origin: (Double, Double), full: (Double, Double), mixed: (Double, Double))] = [
            (.right, (0, 0), (1, 1), (0, 1)),   // x = ry/R, y = rx/R
            (.left, (1, 1), (0, 0), (1, 0)),    // x = 1 − ry/R, y = 1 − rx/R
            (.bottom, (0, 0), (1, 1), (1, 0)),  // x = rx/R, y = ry/R
            (.top, (1, 1), (0, 0), (0, 1)),     // x = 1 − rx/R, y = 1 − ry/R
        ]
        for (side, origin, full, mixed) in expected {
            let a = TouchNormalization.normalized(rawX: 0, rawY: 0, side: side)
            let b = TouchNormalization.normalized(rawX: r, rawY: r, side: side)
            let c = TouchNormalization.normalized(rawX: r, rawY: 0, side: side)
            XCTAssertEqual([a.x, a.y], [origin.0, origin.1], "\(side) at (0,0)")
            XCTAssertEqual([b.x, b.y], [full.0, full.1], "\(side) at (R,R)")
            XCTAssertEqual([c.x, c.y], [mixed.0, mixed.1], "\(side) at (R,0)")
        }
    }

    func testRawFromNormalizedRoundTripsOnEverySide() {
        for side in CaseSide.allCases {
            let raw = TouchNormalization.raw(x: 0.25, y: 0.75, side: side)
            let back = TouchNormalization.normalized(rawX: raw.rawX, rawY: raw.rawY, side: side)
            XCTAssertEqual(back.x, 0.25, accuracy: 1e-4, "\(side)")
            XCTAssertEqual(back.y, 0.75, accuracy: 1e-4, "\(side)")
        }
        XCTAssertEqual(TouchNormalization.raw(x: .nan, y: 2, side: .bottom).rawX, 0)
        XCTAssertEqual(TouchNormalization.raw(x: .nan, y: 2, side: .bottom).rawY, 32767)
    }
}
