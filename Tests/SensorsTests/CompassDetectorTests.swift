import Platform
@testable import Sensors
import XCTest
import WayfinderTestKit

/// `compass = "auto"`: identity checks in the documented order, and a clear "nothing here".
final class CompassDetectorTests: XCTestCase {
    func testFindsEachChipAtEachOfItsAddresses() throws {
        let identities: [(CompassChip, UInt8, [UInt8: UInt8])] = [
            (.qmc5883l, 0x0D, [0x0D: 0xFF]),
            (.hmc5883l, 0x1E, [0x0A: 0x48, 0x0B: 0x34, 0x0C: 0x33]),
            (.lis3mdl, 0x1C, [0x0F: 0x3D]),
            (.lis3mdl, 0x1E, [0x0F: 0x3D]),
            (.bno055, 0x28, [0x00: 0xA0]),
            (.bno055, 0x29, [0x00: 0xA0]),
        ]
        for (chip, address, registers) in identities {
            let bus = RegisterMapI2C()
            bus.addDevice(at: address, registers: registers)
            let driver = try CompassDetector.detect(on: bus)
            XCTAssertEqual(driver.chip, chip)
            XCTAssertEqual(driver.address, address)
            XCTAssertFalse(bus.transactions.contains { if case .write = $0 { true } else { false } },
                           "probing only reads")
        }
    }

    func testNothingAnsweringNamesEveryAddressProbed() {
        let bus = RegisterMapI2C(bus: 1)
        bus.addDevice(at: 0x42) // a u-blox GPS: not probed, not a compass
        XCTAssertThrowsError(try CompassDetector.detect(on: bus)) { error in
            guard case let .notFound(busNumber, probed)? = error as? CompassError else { return XCTFail("\(error)") }
            XCTAssertEqual(busNumber, 1)
            XCTAssertEqual(probed.map(\.address), [0x28, 0x29, 0x1C, 0x1E, 0x1E, 0x0D])
            XCTAssertTrue(probed.allSatisfy { $0.outcome == .noAnswer })
            let message = "\(error)"
            for text in ["/dev/i2c-1", "BNO055 at 0x28", "0x29", "LIS3MDL at 0x1c", "HMC5883L at 0x1e", "QMC5883L at 0x0d", "i2cdetect"] {
                XCTAssertTrue(message.contains(text), "\(text) in: \(message)")
            }
        }
    }

    func testAnotherPartAt0x1EIsReportedNotMistaken() {
        // An LSM303AGR magnetometer (WHO_AM_I_M 0x4F → 0x40) answers at 0x1E but is neither part.
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x1E, registers: [0x4F: 0x40])
        XCTAssertThrowsError(try CompassDetector.detect(on: bus)) { error in
            guard case let .notFound(_, probed)? = error as? CompassError else { return XCTFail("\(error)") }
            XCTAssertEqual(probed.filter { $0.address == 0x1E }.map(\.outcome),
                           [.otherDevice(found: [0x00]), .otherDevice(found: [0x00, 0x00, 0x00])])
        }
    }

    func testABusFaultAtOneAddressDoesNotStopTheSearch() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x28, registers: [0x00: 0xA0])
        bus.failNext(at: 0x28, with: .timedOut(bus: 1, address: 0x28))
        bus.addDevice(at: 0x0D, registers: [0x0D: 0xFF])
        let driver = try CompassDetector.detect(on: bus)
        XCTAssertEqual(driver.chip, .qmc5883l, "the BNO055 timed out, the next candidate answered")
    }

    func testAnHMC5883LAtTheSharedAddressIsNotTakenForALIS3MDL() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x1E, registers: [0x0A: 0x48, 0x0B: 0x34, 0x0C: 0x33])
        XCTAssertEqual(try CompassDetector.detect(on: bus).chip, .hmc5883l, "an HMC5883L is not taken for a LIS3MDL")
    }
}
