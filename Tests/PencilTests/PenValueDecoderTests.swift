@testable import Pencil
import XCTest

/// Every characteristic's layout, as the FiftyThree SDK reads it (`FTPenServiceClient.mm` for the Pen service,
/// `FTDeviceInfoServiceClient.mm` for DIS).
final class PenValueDecoderTests: XCTestCase {
    private func decode(_ c: PenCharacteristic, _ bytes: [UInt8]) throws -> PenValue? {
        try PenValueDecoder.decode(c, bytes)
    }

    /// IsTipPressed / IsEraserPressed: ≥ 1 byte, byte 0 ≠ 0 → pressed; extra bytes are ignored.
    func testSwitchesArePressedWhenTheFirstByteIsNonZero() throws {
        XCTAssertEqual(try decode(.isTipPressed, [0x01]), .tipPressed(true))
        XCTAssertEqual(try decode(.isTipPressed, [0x00]), .tipPressed(false))
        XCTAssertEqual(try decode(.isTipPressed, [0x80, 0x00]), .tipPressed(true))
        XCTAssertEqual(try decode(.isEraserPressed, [0x00, 0x01]), .eraserPressed(false))
        XCTAssertEqual(try decode(.isEraserPressed, [0xFF]), .eraserPressed(true))
        XCTAssertThrowsError(try decode(.isTipPressed, []))
    }

    /// TipPressure / EraserPressure / BatteryLevel: unsigned LE of 1, 2 or 4 bytes.
    func testUnsignedFieldsAreLittleEndianOfOneTwoOrFourBytes() throws {
        XCTAssertEqual(try decode(.tipPressure, [0x7F]), .tipPressure(127))
        XCTAssertEqual(try decode(.tipPressure, [0x34, 0x12]), .tipPressure(0x1234))
        XCTAssertEqual(try decode(.eraserPressure, [0x78, 0x56, 0x34, 0x12]), .eraserPressure(0x1234_5678))
        XCTAssertEqual(try decode(.batteryLevel, [0x4B]), .batteryLevel(75))
        XCTAssertEqual(try decode(.batteryLevel, [0x64, 0x00]), .batteryLevel(100))
    }

    /// The SDK reads other lengths as "max uint" (`CBCharacteristic+Helpers.m`); we drop them (docs/pencil.md).
    func testUnsignedFieldsOfOtherLengthsAreMalformed() {
        for bytes: [UInt8] in [[], [1, 2, 3], [1, 2, 3, 4, 5]] {
            XCTAssertThrowsError(try decode(.batteryLevel, bytes)) { error in
                XCTAssertEqual((error as? PenDecodeError)?.length, bytes.count)
            }
        }
    }

    /// HasListener: 1 byte, 01 listening, 00 not.
    func testHasListener() throws {
        XCTAssertEqual(try decode(.hasListener, [0x01]), .hasListener(true))
        XCTAssertEqual(try decode(.hasListener, [0x00]), .hasListener(false))
    }

    /// InactivityTimeout: 1 byte, minutes; 0 = disabled.
    func testInactivityTimeoutIsMinutes() throws {
        XCTAssertEqual(try decode(.inactivityTimeout, [0x0A]), .inactivityTimeout(10))
        XCTAssertEqual(try decode(.inactivityTimeout, [0x00]), .inactivityTimeout(0))
        XCTAssertEqual(try decode(.inactivityTimeout, [0xFF]), .inactivityTimeout(255))
    }

    /// PressureSetup: 10 × u8 in the SDK's order; and the encoder writes the same bytes back.
    func testPressureSetupFieldsInTableOrder() throws {
        let bytes: [UInt8] = [10, 20, 3, 4, 250, 1, 5, 6, 200, 0]
        let expected = PenPressureSetup(samplePeriodMilliseconds: 10, notificationPeriodMilliseconds: 20, tipFloor: 3,
                                        tipMin: 4, tipMax: 250, tipGated: true, eraserFloor: 5, eraserMin: 6,
                                        eraserMax: 200, eraserGated: false)
        XCTAssertEqual(try decode(.pressureSetup, bytes), .pressureSetup(expected))
        XCTAssertEqual(expected.bytes, bytes)
        XCTAssertThrowsError(try decode(.pressureSetup, Array(bytes.prefix(9))))
    }

    /// ManufacturingID: ASCII, trailing NULs stripped on read.
    func testManufacturingIDStripsTrailingNULs() throws {
        XCTAssertEqual(try decode(.manufacturingID, Array("53PA05-1234567".utf8) + [0, 0]), .manufacturingID("53PA05-1234567"))
        XCTAssertEqual(try decode(.manufacturingID, [0, 0, 0]), .manufacturingID(""))
    }

    /// LastErrorCode: error ID u32 LE, error value u32 LE.
    func testLastErrorCodeIsTwoLittleEndianWords() throws {
        XCTAssertEqual(try decode(.lastErrorCode, [0x02, 0, 0, 0, 0x10, 0x27, 0, 0]), .lastError(id: 2, value: 10_000))
        XCTAssertThrowsError(try decode(.lastErrorCode, [0x02, 0, 0, 0]))
    }

    /// AuthenticationCode: 20 opaque bytes.
    func testAuthenticationCodeIsOpaque() throws {
        let bytes = (0..<20).map(UInt8.init)
        XCTAssertEqual(try decode(.authenticationCode, bytes), .authenticationCode(bytes))
    }

    /// CentralId: u32 LE on the wire.
    func testCentralIDIsLittleEndian() throws {
        XCTAssertEqual(try decode(.centralID, [0x78, 0x56, 0x34, 0x12]), .centralID(0x1234_5678))
        XCTAssertThrowsError(try decode(.centralID, [0x78, 0x56]))
    }

    /// Motion: accel int16 LE × 3; magnetometer × 3 after it when ≥ 12 bytes.
    func testMotionWithAndWithoutMagnetometer() throws {
        let accel: [UInt8] = [0x01, 0x00, 0xFF, 0xFF, 0x00, 0x80]
        XCTAssertEqual(try decode(.motion, accel), .motion(PenMotion(acceleration: (1, -1, -32768))))
        let mag: [UInt8] = [0x10, 0x00, 0x20, 0x00, 0xF0, 0xFF]
        XCTAssertEqual(try decode(.motion, accel + mag),
                       .motion(PenMotion(acceleration: (1, -1, -32768), magnetometer: (16, 32, -16))))
        XCTAssertEqual(try decode(.motion, accel + [0x10]), .motion(PenMotion(acceleration: (1, -1, -32768))))
        XCTAssertThrowsError(try decode(.motion, [0x01, 0x00]))
    }

    /// MotionSetup: [samplePeriodMs, notificationPeriodMs].
    func testMotionSetup() throws {
        XCTAssertEqual(try decode(.motionSetup, [5, 40]), .motionSetup(samplePeriodMilliseconds: 5, notificationPeriodMilliseconds: 40))
        XCTAssertThrowsError(try decode(.motionSetup, [5]))
    }

    /// EncoderTurn: the low byte as a signed 8-bit turn; 0 is ignored.
    func testEncoderTurnIsSignedAndZeroIsIgnored() throws {
        XCTAssertEqual(try decode(.encoderTurn, [0x03]), .encoderTurn(3))
        XCTAssertEqual(try decode(.encoderTurn, [0xFD]), .encoderTurn(-3))
        XCTAssertNil(try decode(.encoderTurn, [0x00]))
    }

    /// ShouldSwing / ShouldPowerOff are commands: nothing to decode.
    func testCommandsDecodeToNothing() throws {
        XCTAssertNil(try decode(.shouldSwing, [0x01]))
        XCTAssertNil(try decode(.shouldPowerOff, [0x01]))
    }

    /// DIS: ASCII strings (System ID included, as the SDK reads it); IEEE and PnP kept raw.
    func testDeviceInformation() throws {
        XCTAssertEqual(try decode(.manufacturerName, Array("FiftyThree Inc.".utf8)),
                       .deviceInformation(.manufacturerName, "FiftyThree Inc."))
        XCTAssertEqual(try decode(.modelNumber, Array("53PA05".utf8)), .deviceInformation(.modelNumber, "53PA05"))
        XCTAssertEqual(try decode(.softwareRevision, Array("60*".utf8)), .deviceInformation(.softwareRevision, "60*"))
        XCTAssertEqual(try decode(.ieeeCertification, [0xFE, 0x00]), .ieeeCertification([0xFE, 0x00]))
        XCTAssertEqual(try decode(.pnpID, [1, 2, 3, 4, 5, 6, 7]), .pnpID([1, 2, 3, 4, 5, 6, 7]))
    }

    /// First run of digits; `*` right after marks the running image; −1 (nil) when none is starred.
    func testFirmwareVersionStrings() {
        XCTAssertEqual(PenFirmwareVersion(parsing: "55"), PenFirmwareVersion(version: 55, isRunning: false))
        XCTAssertEqual(PenFirmwareVersion(parsing: "55*"), PenFirmwareVersion(version: 55, isRunning: true))
        XCTAssertEqual(PenFirmwareVersion(parsing: "v73* (rel)"), PenFirmwareVersion(version: 73, isRunning: true))
        XCTAssertEqual(PenFirmwareVersion(parsing: "60 *"), PenFirmwareVersion(version: 60, isRunning: false))
        XCTAssertNil(PenFirmwareVersion(parsing: "none"))
        XCTAssertEqual(PenFirmwareVersion.running(factory: "55", upgrade: "60*"), 60)
        XCTAssertEqual(PenFirmwareVersion.running(factory: "55*", upgrade: "60"), 55)
        XCTAssertNil(PenFirmwareVersion.running(factory: "55", upgrade: "60"))
    }

    /// Bands: ≤ 10 critically low, ≤ 25 low, ≤ 50 medium-low, ≤ 75 medium-high, else high; raw values of the enum.
    func testBatteryBandsAtTheirEdges() {
        let cases: [(UInt32, PenBatteryLevel)] = [(0, .criticallyLow), (10, .criticallyLow), (11, .low), (25, .low),
                                                  (26, .mediumLow), (50, .mediumLow), (51, .mediumHigh),
                                                  (75, .mediumHigh), (76, .high), (100, .high)]
        for (percent, band) in cases { XCTAssertEqual(PenBatteryLevel(percent: percent), band, "\(percent) %") }
        XCTAssertEqual(PenBatteryLevel.allCases.map(\.rawValue), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(PenBatteryLevel.criticallyLow.rawValue, 5)
    }

    /// The UUIDs round-trip in any case, and the pen service lists its 17 characteristics.
    func testCharacteristicUUIDs() {
        XCTAssertEqual(PenCharacteristic(uuidString: "9e289d8f-3b25-4ce7-b8a8-b624bb3fc5c7"), .isTipPressed)
        XCTAssertEqual(PenCharacteristic.penServiceCharacteristics.count, 17)
        XCTAssertEqual(PenCharacteristic.centralID.uuid.uuidString, "0365CFC0-BE72-11E3-A496-0002A5D5C51B")
        XCTAssertEqual(PenCharacteristic.softwareRevision.uuid.uuid16, 0x2A28)
        for c in PenCharacteristic.allCases {
            XCTAssertEqual(BLEUUID(string: c.rawValue)?.uuidString, c.rawValue, "\(c)'s raw value is a UUID in the printed form")
            XCTAssertEqual(PenCharacteristic(uuid: c.uuid), c, "\(c) round-trips through its typed UUID")
        }
        XCTAssertEqual(PenCharacteristic.penService.uuidString, "1DEF5645-3C5D-4667-973D-8965706A2961")
        XCTAssertEqual(PenCharacteristic.usageService.uuidString, "55518435-9BAB-4612-BDCE-F5B0C8C127AC")
    }
}
