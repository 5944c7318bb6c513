import TouchCase
import XCTest

/// The FFF1 enable command and the 5-byte touch record, byte for byte (FuffrLib's `FFRCaseHandler.m` and
/// `FFRRawTrackingData.h`).
final class WireFormatTests: XCTestCase {
    private func command(_ sides: CaseSides, _ n: Int) throws -> TouchEnableCommand {
        try XCTUnwrap(TouchEnableCommand(sides: sides, touchesPerSide: n))
    }

    /// Wire examples (docs/touch-case.md): left+right 1 → 05 01; all four 5 → 0F 05; all four 2 → 0F 02;
    /// power-save → 00 00.
    func testTheDocumentedWireExamples() throws {
        XCTAssertEqual(try command([.left, .right], 1).bytes, [0x05, 0x01])
        XCTAssertEqual(try command(.all, 5).bytes, [0x0F, 0x05])
        XCTAssertEqual(try command(.all, 2).bytes, [0x0F, 0x02])
        XCTAssertEqual(TouchEnableCommand.powerSave.bytes, [0x00, 0x00])
    }

    /// Right bit 0, Bottom bit 1, Left bit 2, Top bit 3 — not FFRSide's Top 1, Bottom 2, Left 4, Right 8.
    func testEachSideGoesToItsWireBitNotItsAPIValue() throws {
        XCTAssertEqual(try command(.right, 1).bytes, [0x01, 0x01])
        XCTAssertEqual(try command(.bottom, 1).bytes, [0x02, 0x01])
        XCTAssertEqual(try command(.left, 1).bytes, [0x04, 0x01])
        XCTAssertEqual(try command(.top, 1).bytes, [0x08, 0x01])
        XCTAssertEqual(CaseSides([.left, .right]).rawValue, 0x0C, "the API value of left|right")
        XCTAssertEqual(CaseSides.top.rawValue, 0x01)
        XCTAssertEqual(CaseSides.right.rawValue, 0x08)
    }

    func testTouchesPerSideOutsideZeroToFiveIsRefused() {
        XCTAssertNil(TouchEnableCommand(sides: .all, touchesPerSide: 6))
        XCTAssertNil(TouchEnableCommand(sides: .all, touchesPerSide: -1))
        XCTAssertNotNil(TouchEnableCommand(sides: .all, touchesPerSide: 0))
    }

    /// The firmware's reading (comments in `FFRCaseHandler.m`): bits 4–7 of the bitmap ignored, a count
    /// above 5 means 0, exactly 2 bytes.
    func testDecodingAWrittenCommandAsTheFirmwareDoes() throws {
        let high = try XCTUnwrap(TouchEnableCommand(wire: [0xF5, 0x03]))
        XCTAssertEqual(high.sides, [.right, .left])
        XCTAssertEqual(high.touchesPerSide, 3)
        XCTAssertEqual(TouchEnableCommand(wire: [0x0F, 0x06])?.touchesPerSide, 0)
        XCTAssertEqual(TouchEnableCommand(wire: [0x0F, 0x06])?.sensesTouches, false)
        XCTAssertNil(TouchEnableCommand(wire: [0x0F]))
        XCTAssertNil(TouchEnableCommand(wire: [0x0F, 0x01, 0x00]))
        XCTAssertEqual(CaseSides(wireBitmap: 0x05), [.left, .right])
    }

    /// `FFRRawTrackingData.h`: id in bits 0–4, down in bit 5, X and Y little-endian. Hand-computed:
    /// 0x23 = id 3, down; X = 0x7FFF; Y = 0x1234.
    func testARecordDecodesItsFields() throws {
        let record = try XCTUnwrap(TouchRecord(bytes: [0x23, 0xFF, 0x7F, 0x34, 0x12]))
        XCTAssertEqual(record, TouchRecord(id: 3, isDown: true, rawX: 32767, rawY: 0x1234))
        let released = try XCTUnwrap(TouchRecord(bytes: [0x14, 0x00, 0x01, 0x02, 0x00]))
        XCTAssertEqual(released, TouchRecord(id: 20, isDown: false, rawX: 256, rawY: 2))
        XCTAssertEqual(record.bytes, [0x23, 0xFF, 0x7F, 0x34, 0x12])
    }

    /// Bits 6–7 are unused: FuffrLib never reads them, so neither do we.
    func testTheTwoTopBitsOfByteZeroAreIgnored() {
        XCTAssertEqual(TouchRecord(bytes: [0xE1, 0, 0, 0, 0]), TouchRecord(id: 1, isDown: true, rawX: 0, rawY: 0))
    }

    /// As FuffrLib's `FFRCaseHandler.m`: only whole 5-byte records; anything else drops the notification.
    func testNotificationsSplitIntoWholeRecordsOnly() {
        XCTAssertEqual(TouchRecord.records(in: Array(repeating: 0, count: 20))?.count, 4)
        XCTAssertEqual(TouchRecord.records(in: [0x21, 1, 0, 2, 0])?.first?.rawY, 2)
        XCTAssertNil(TouchRecord.records(in: []))
        XCTAssertNil(TouchRecord.records(in: [0x21, 1, 0, 2]))
        XCTAssertNil(TouchRecord.records(in: Array(repeating: 0, count: 7)))
    }
}
