import Platform
@testable import Sensors
import XCTest
import WayfinderTestKit

/// Each compass driver against a register model holding a known field.
final class CompassDriverTests: XCTestCase {
    typealias T = CompassTestSupport

    func testQMC5883LDecodesLSBFirstCountsAt3000PerGauss() throws {
        let bus = RegisterMapI2C()
        // 20 µT, −15 µT, 45 µT at 30 counts/µT.
        bus.addDevice(at: 0x0D, registers: [0x0D: 0xFF, 0x06: 0x01])
        bus.setRegisters(of: 0x0D, startingAt: 0x00, to: T.le(600) + T.le(-450) + T.le(1350))
        let qmc = QMC5883L(transport: bus)
        try qmc.identify()
        try qmc.performSetupWrites()
        XCTAssertEqual(bus.registerValue(0x0B, of: 0x0D), 0x01, "SET/RESET period")
        XCTAssertEqual(bus.registerValue(0x09, of: 0x0D), 0x1D, "OSR 512, ±8 G, 200 Hz, continuous")
        let field = try XCTUnwrap(try qmc.read()?.field)
        XCTAssertEqual(field, Vector3(20, -15, 45))
    }

    func testQMC5883LWithoutDataReadyReturnsNothingAndOverflowIsAnError() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D, registers: [0x06: 0x00])
        let qmc = QMC5883L(transport: bus)
        XCTAssertNil(try qmc.read())
        XCTAssertEqual(bus.transactions.count, 1, "no data read when DRDY is clear")
        bus.setRegisters(of: 0x0D, startingAt: 0x06, to: [0x03])
        XCTAssertThrowsError(try qmc.read()) { XCTAssertEqual($0 as? CompassError, .overflow(chip: .qmc5883l, address: 0x0D)) }
    }

    func testHMC5883LReadsXZYMostSignificantByteFirst() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x1E, registers: [0x0A: 0x48, 0x0B: 0x34, 0x0C: 0x33, 0x09: 0x01])
        // x = 21.8 µT (218 counts at 10.9/µT), z = −43.6 µT, y = 10.9 µT: stored X, Z, Y.
        bus.setRegisters(of: 0x1E, startingAt: 0x03, to: T.be(218) + T.be(-436) + T.be(109))
        let hmc = HMC5883L(transport: bus)
        try hmc.identify()
        try hmc.performSetupWrites()
        XCTAssertEqual([0x00, 0x01, 0x02].map { bus.registerValue($0, of: 0x1E) }, [0x70, 0x20, 0x00])
        let field = try XCTUnwrap(try hmc.read()?.field)
        XCTAssertEqual(field.x, 20, accuracy: 1e-9)
        XCTAssertEqual(field.y, 10, accuracy: 1e-9)
        XCTAssertEqual(field.z, -40, accuracy: 1e-9)
    }

    func testHMC5883LOverflowValueIsAnError() {
        XCTAssertThrowsError(try HMC5883L.decode(T.be(100) + T.be(-4096) + T.be(0))) {
            XCTAssertEqual($0 as? CompassError, .overflow(chip: .hmc5883l, address: 0x1E))
        }
    }

    func testLIS3MDLUsesTheAutoIncrementSubAddress() throws {
        let bus = CompassBusModel()
        bus.autoIncrementBit7 = [0x1C]
        bus.map.addDevice(at: 0x1C, registers: [0x0F: 0x3D, 0x22: 0x03, 0x27: 0x08])
        // 6842 counts/G = 68.42/µT: 10 µT, −20 µT, 30 µT.
        bus.map.setRegisters(of: 0x1C, startingAt: 0x28, to: T.le(684) + T.le(-1368) + T.le(2053))
        let lis = LIS3MDL(transport: bus)
        try lis.identify()
        try lis.performSetupWrites()
        XCTAssertEqual(bus.map.registerValue(0x22, of: 0x1C), 0x00, "continuous, from power-down")
        XCTAssertEqual(bus.map.registerValue(0x24, of: 0x1C), 0x40, "block data update")
        let field = try XCTUnwrap(try lis.read()?.field)
        XCTAssertEqual(field.x, 684 / 68.42, accuracy: 1e-9)
        XCTAssertEqual(field.y, -1368 / 68.42, accuracy: 1e-9)
        XCTAssertEqual(field.z, 2053 / 68.42, accuracy: 1e-9)
    }

    func testBNO055SetsNDOFThroughConfigModeAndReadsEulerAt16PerDegree() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x28, registers: [0x00: 0xA0, 0x35: 0xFF])
        bus.setRegisters(of: 0x28, startingAt: 0x1A, to: T.le(Int(271.5 * 16)) + T.le(-3 * 16) + T.le(12 * 16 + 8))
        let bno = BNO055(transport: bus)
        try bno.identify()
        XCTAssertEqual(bno.setupSteps.first { if case .wait = $0 { true } else { false } }, .wait(.milliseconds(19)))
        try bno.performSetupWrites()
        let writes = bus.transactions.compactMap { t -> [UInt8]? in
            if case let .write(_, register, bytes) = t, register == 0x3D { return bytes } else { return nil }
        }
        XCTAssertEqual(writes, [[0x00], [0x0C]], "CONFIG first, NDOF last")
        let sample = try XCTUnwrap(try bno.read())
        XCTAssertEqual(sample.orientation, EulerAngles(heading: 271.5, roll: -3, pitch: 12.5))
        XCTAssertEqual(sample.calibrationStatus, 0xFF)
    }

    func testBNO055CorruptedHeadingIsATypedError() {
        // Heading 0x7FFF/16 ≈ 2048°: an MSB flipped by the Pi's clock-stretching bug.
        XCTAssertThrowsError(try BNO055.decodeEuler([0xFF, 0x7F, 0, 0, 0, 0])) { error in
            guard case .implausibleReading(.bno055, 0x28, _)? = error as? CompassError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue("\(error)".contains("clock stretching"))
        }
    }

    func testStartRunsTheWaitsThroughTheGivenPause() async throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x28)
        var pauses: [Duration] = []
        try await BNO055(transport: bus).start { pauses.append($0) }
        XCTAssertEqual(pauses, [.milliseconds(19), .milliseconds(7)])
        XCTAssertEqual(bus.registerValue(0x3D, of: 0x28), 0x0C)
    }

    func testWrongIdentityNamesTheRegisterAndBothValues() {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D, registers: [0x0D: 0x80])
        XCTAssertThrowsError(try QMC5883L(transport: bus).identify()) { error in
            XCTAssertEqual(error as? CompassError,
                           .wrongIdentity(chip: .qmc5883l, address: 0x0D, register: 0x0D, expected: [0xFF], found: [0x80]))
            XCTAssertTrue("\(error)".contains("0x80"))
        }
    }

    func testNACKBetweenStatusAndDataIsATypedBusError() {
        let bus = CompassBusModel()
        bus.map.addDevice(at: 0x0D, registers: [0x06: 0x01])
        bus.nackRegisters = [0x00]
        XCTAssertThrowsError(try QMC5883L(transport: bus).read()) {
            XCTAssertEqual($0 as? CompassError, .bus(.deviceAbsent(bus: 1, address: 0x0D)))
        }
        let hmc = RegisterMapI2C()
        hmc.addDevice(at: 0x1E, registers: [0x09: 0x01])
        hmc.failNext(at: 0x1E, with: .timedOut(bus: 1, address: 0x1E))
        XCTAssertThrowsError(try HMC5883L(transport: hmc).read()) {
            XCTAssertEqual($0 as? CompassError, .bus(.timedOut(bus: 1, address: 0x1E)))
        }
    }
}
