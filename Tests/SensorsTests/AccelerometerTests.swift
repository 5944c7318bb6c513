import Platform
@testable import Sensors
import XCTest
import WayfinderTestKit

/// The accelerometers for tilt compensation against register models holding known accelerations,
/// their identity checks, and `auto` detection that says what it probed.
final class AccelerometerTests: XCTestCase {
    typealias T = CompassTestSupport

    func testLSM303AGRReadsLeftJustified10BitCountsAt4MilligPerDigit() throws {
        let bus = CompassBusModel()
        bus.autoIncrementBit7 = [0x19]
        bus.map.addDevice(at: 0x19, registers: [0x0F: 0x33, 0x27: 0x08])
        // 0.1 g, −0.2 g, 0.98 g = 25, −50, 245 digits, shifted left by 6 (left-justified).
        bus.map.setRegisters(of: 0x19, startingAt: 0x28, to: T.le(25 << 6) + T.le(-50 << 6) + T.le(245 << 6))
        let accelerometer = LSM303AGRAccelerometer(transport: bus)
        try accelerometer.identify()
        try accelerometer.performSetupWrites()
        XCTAssertEqual(bus.map.registerValue(0x20, of: 0x19), 0x57, "100 Hz, X/Y/Z on, normal mode")
        XCTAssertEqual(bus.map.registerValue(0x23, of: 0x19), 0x80, "block data update, ±2 g")
        let g = try XCTUnwrap(try accelerometer.read())
        XCTAssertEqual(g.x, 0.1, accuracy: 1e-12)
        XCTAssertEqual(g.y, -0.2, accuracy: 1e-12)
        XCTAssertEqual(g.z, 0.98, accuracy: 1e-12)
    }

    func testLSM303AGRWithoutNewDataReturnsNothing() throws {
        let bus = CompassBusModel()
        bus.map.addDevice(at: 0x19, registers: [0x27: 0x07])  // X, Y, Z new but not ZYXDA
        XCTAssertNil(try LSM303AGRAccelerometer(transport: bus).read())
    }

    func testADXL345ReadsFullResolutionAt256CountsPerG() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x53, registers: [0x00: 0xE5, 0x30: 0x80])
        bus.setRegisters(of: 0x53, startingAt: 0x32, to: T.le(-64) + T.le(32) + T.le(256))
        let adxl = ADXL345(transport: bus)
        try adxl.identify()
        try adxl.performSetupWrites()
        XCTAssertEqual([0x2C, 0x31, 0x2D].map { bus.registerValue($0, of: 0x53) }, [0x0A, 0x08, 0x08])
        let writes = bus.transactions.compactMap { t -> UInt8? in
            if case let .write(_, register, _) = t { return register } else { return nil }
        }
        XCTAssertEqual(writes.last, 0x2D, "measurement starts only after the data format is set")
        XCTAssertEqual(try adxl.read(), Vector3(-0.25, 0.125, 1))
        bus.setRegisters(of: 0x53, startingAt: 0x30, to: [0x00])
        XCTAssertNil(try adxl.read(), "DATA_READY clear: nothing new")
    }

    func testAWrongIdentityNamesWhatWasFound() {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x53, registers: [0x00: 0x12])
        XCTAssertThrowsError(try ADXL345(transport: bus).identify()) { error in
            XCTAssertEqual(error as? AccelerometerError,
                           .wrongIdentity(chip: .adxl345, address: 0x53, register: 0x00, expected: 0xE5, found: 0x12))
            XCTAssertTrue("\(error)".contains("reads 0x12 instead of 0xe5"), "\(error)")
        }
    }

    func testAutoFindsTheADXL345AtItsAlternateAddress() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x1D, registers: [0x00: 0xE5])
        let found = try AccelerometerDetector.detect(on: bus)
        XCTAssertEqual(found.chip, .adxl345)
        XCTAssertEqual(found.address, 0x1D)
    }

    func testAutoWithNothingOnTheBusListsEveryProbe() {
        let bus = RegisterMapI2C(bus: 3)
        bus.addDevice(at: 0x19, registers: [0x0F: 0x44])
        XCTAssertThrowsError(try AccelerometerDetector.detect(on: bus)) { error in
            guard case let .notFound(busNumber, probed) = error as? AccelerometerError else { return XCTFail("\(error)") }
            XCTAssertEqual(busNumber, 3)
            XCTAssertEqual(probed, ["LSM303AGR accelerometer at 0x19: identity 0x44",
                                    "ADXL345 at 0x53: no answer", "ADXL345 at 0x1d: no answer"])
            XCTAssertTrue("\(error)".contains("i2cdetect -y 3"), "\(error)")
        }
    }

    func testTiltCompensatedHeadingFromTheADXL345MatchesTheTrueHeading() throws {
        // A sensor pitched 20° nose-up and rolled 10°, facing 70°: gravity and the field both in body axes.
        let yaw = 70.0, pitch = T.radians(20), roll = T.radians(10)
        let fieldNED = Vector3(20, 1, 45)
        let field = T.toBody(fieldNED, yaw: T.radians(yaw), pitch: pitch, roll: roll)
        // A still accelerometer reads the reaction to gravity: +1 g along NED down in the body frame.
        let gravity = T.toBody(Vector3(0, 0, 1), yaw: T.radians(yaw), pitch: pitch, roll: roll)
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x53, registers: [0x00: 0xE5, 0x30: 0x80])
        bus.setRegisters(of: 0x53, startingAt: 0x32,
                         to: T.le(Int((gravity.x * 256).rounded())) + T.le(Int((gravity.y * 256).rounded()))
                            + T.le(Int((gravity.z * 256).rounded())))
        let measured = try XCTUnwrap(try ADXL345(transport: bus).read())
        let heading = try XCTUnwrap(TiltCompensation.heading(field: field, gravity: measured))
        let expected = try XCTUnwrap(TiltCompensation.levelHeading(field: fieldNED)) + yaw
        // 1/256 g quantisation moves the attitude by a fraction of a degree.
        XCTAssertEqual(T.angleDifference(heading, expected), 0, accuracy: 0.5)
    }
}
