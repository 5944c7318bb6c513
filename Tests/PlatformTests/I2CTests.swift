import Foundation
import XCTest
@testable import Platform
import WayfinderTestKit

/// I2C: the real bus's error path on a machine without /dev/i2c-*, the errno mapping of
/// `I2CError`, and the register-map fake that sensor drivers are tested against.
final class I2CTests: XCTestCase {

    // MARK: - Real bus

    func testOpeningAnUnusedBusNumberThrowsBusNotFoundWithTheEnableHint() throws {
        let bus = try XCTUnwrap((100...10_000).first { !FileManager.default.fileExists(atPath: "/dev/i2c-\($0)") })
        XCTAssertThrowsError(try I2CBus(bus: bus)) { error in
            XCTAssertEqual(error as? I2CError, .busNotFound(bus: bus))
            let message = "\(error)"
            XCTAssertTrue(message.contains("/dev/i2c-\(bus)"), message)
            XCTAssertTrue(message.contains("raspi-config"), message)
            XCTAssertTrue(message.contains("dtparam=i2c_arm=on"), message)
            XCTAssertTrue(message.contains("i2c-dev"), message)
        }
    }

    func testANegativeBusNumberIsBusNotFoundRatherThanACrash() {
        XCTAssertThrowsError(try I2CBus(bus: -1)) { error in
            XCTAssertEqual(error as? I2CError, .busNotFound(bus: -1))
        }
    }

    // MARK: - errno mapping

    func testNackErrnosAllMeanDeviceAbsentWithAWiringHint() {
        for code in [ENXIO, EREMOTEIO, ENODEV] {
            XCTAssertEqual(I2CError.mapping(errno: code, bus: 1, address: 0x1E, operation: "reading"),
                           .deviceAbsent(bus: 1, address: 0x1E), "errno \(code)")
        }
        let message = I2CError.deviceAbsent(bus: 1, address: 0x1E).description
        XCTAssertTrue(message.hasPrefix("no device acknowledged address 0x1e on /dev/i2c-1: check wiring and power"),
                      message)
    }

    func testOtherErrnosMapToTimeoutDriverOwnershipPermissionAndUnsupported() {
        XCTAssertEqual(I2CError.mapping(errno: ETIMEDOUT, bus: 1, address: 0x42, operation: "reading"),
                       .timedOut(bus: 1, address: 0x42))
        XCTAssertEqual(I2CError.mappingSelect(errno: EBUSY, bus: 1, address: 0x1E), .addressInUse(bus: 1, address: 0x1E))
        XCTAssertEqual(I2CError.mappingSelect(errno: EINVAL, bus: 1, address: 0x1E), .invalidAddress(bus: 1, address: 0x1E))
        XCTAssertEqual(I2CError.mapping(errno: EOPNOTSUPP, bus: 1, address: 0x0D, operation: "block read"),
                       .unsupportedOperation(bus: 1, address: 0x0D, operation: "block read"))
        XCTAssertEqual(I2CError.mapping(errno: EIO, bus: 1, address: 0x0D, operation: "reading"),
                       .transferFailed(bus: 1, address: 0x0D, operation: "reading", errno: EIO))
        XCTAssertEqual(I2CError.mappingOpen(errno: ENOENT, bus: 3), .busNotFound(bus: 3))
        XCTAssertEqual(I2CError.mappingOpen(errno: EACCES, bus: 1), .permissionDenied(bus: 1))
        let permission = I2CError.permissionDenied(bus: 1).description
        XCTAssertTrue(permission.contains("/dev/i2c-1") && permission.contains("'i2c' group"), permission)
        let owned = I2CError.addressInUse(bus: 1, address: 0x1E).description
        XCTAssertTrue(owned.contains("kernel driver"), owned)
    }

    // MARK: - Register-map fake

    func testFakeRoundTripsBytesWordsAndBlocks() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D, registers: [0x0D: 0xFF])
        XCTAssertEqual(try bus.readByte(address: 0x0D, register: 0x0D), 0xFF)

        try bus.writeByte(address: 0x0D, register: 0x09, value: 0x1D)
        XCTAssertEqual(try bus.readByte(address: 0x0D, register: 0x09), 0x1D)

        try bus.writeWord(address: 0x0D, register: 0x00, value: 0x1234)
        XCTAssertEqual(bus.registerValue(0x00, of: 0x0D), 0x34, "SMBus words are low byte first")
        XCTAssertEqual(bus.registerValue(0x01, of: 0x0D), 0x12)
        XCTAssertEqual(try bus.readWord(address: 0x0D, register: 0x00), 0x1234)

        let block = (0..<32).map { UInt8($0 * 3) }
        try bus.writeBlock(address: 0x0D, register: 0x40, bytes: block)
        XCTAssertEqual(try bus.readBlock(address: 0x0D, register: 0x40, count: 32), block)
        XCTAssertEqual(try bus.readBlock(address: 0x0D, register: 0x41, count: 2), [3, 6])
    }

    func testFakeBlockTransfersWrapTheRegisterPointerAfter0xFF() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x42)
        try bus.writeBlock(address: 0x42, register: 0xFE, bytes: [1, 2, 3])
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFE, count: 3), [1, 2, 3])
        XCTAssertEqual(bus.registerValue(0x00, of: 0x42), 3)
    }

    func testFakeNacksAnAddressWithoutADevice() {
        let bus = RegisterMapI2C(bus: 1)
        bus.addDevice(at: 0x0D)
        XCTAssertThrowsError(try bus.readByte(address: 0x1E, register: 0x00)) { error in
            XCTAssertEqual(error as? I2CError, .deviceAbsent(bus: 1, address: 0x1E))
        }
        bus.removeDevice(at: 0x0D)
        XCTAssertThrowsError(try bus.writeByte(address: 0x0D, register: 0x0B, value: 1)) { error in
            XCTAssertEqual(error as? I2CError, .deviceAbsent(bus: 1, address: 0x0D))
        }
    }

    func testFakeCanNackAPresentDeviceForTheNextTransfersAndThenRecover() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x1E, registers: [0x0A: 0x48])
        bus.failNext(at: 0x1E, times: 2)
        for _ in 0..<2 {
            XCTAssertThrowsError(try bus.readByte(address: 0x1E, register: 0x0A)) { error in
                XCTAssertEqual(error as? I2CError, .deviceAbsent(bus: 1, address: 0x1E))
            }
        }
        XCTAssertEqual(try bus.readByte(address: 0x1E, register: 0x0A), 0x48)

        bus.failNext(at: 0x1E, with: .timedOut(bus: 1, address: 0x1E))
        XCTAssertThrowsError(try bus.writeByte(address: 0x1E, register: 0x00, value: 0x70)) { error in
            XCTAssertEqual(error as? I2CError, .timedOut(bus: 1, address: 0x1E))
        }
        XCTAssertEqual(bus.registerValue(0x00, of: 0x1E), 0, "a failed write must not land")
    }

    func testFakeScriptedReadsComeFirstThenTheStoredValue() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D, registers: [0x06: 0x01])
        bus.scriptReads(of: 0x0D, register: 0x06, values: [0x00, 0x00, 0x05])
        let reads = try (0..<4).map { _ in try bus.readByte(address: 0x0D, register: 0x06) }
        XCTAssertEqual(reads, [0x00, 0x00, 0x05, 0x01])
    }

    func testFakeLogsTheTransfersTheDeviceSaw() throws {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D)
        try bus.writeByte(address: 0x0D, register: 0x0B, value: 0x01)
        _ = try bus.readBlock(address: 0x0D, register: 0x00, count: 6)
        bus.failNext(at: 0x0D)
        _ = try? bus.readByte(address: 0x0D, register: 0x06)
        XCTAssertEqual(bus.transactions, [
            .write(address: 0x0D, register: 0x0B, bytes: [0x01]),
            .read(address: 0x0D, register: 0x00, count: 6),
        ])
        bus.clearTransactions()
        XCTAssertEqual(bus.transactions, [])
    }

    func testTransportRejectsBadAddressesAndBlockLengthsBeforeTouchingTheBus() {
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D)
        XCTAssertThrowsError(try bus.readByte(address: 0x80, register: 0)) { error in
            XCTAssertEqual(error as? I2CError, .invalidAddress(bus: 1, address: 0x80))
        }
        XCTAssertThrowsError(try bus.readBlock(address: 0x0D, register: 0, count: 33)) { error in
            XCTAssertEqual(error as? I2CError, .invalidLength(bus: 1, count: 33, limit: 32))
        }
        XCTAssertThrowsError(try bus.readBlock(address: 0x0D, register: 0, count: 0))
        XCTAssertThrowsError(try bus.writeBlock(address: 0x0D, register: 0, bytes: []))
        XCTAssertThrowsError(try bus.writeBlock(address: 0x0D, register: 0, bytes: [UInt8](repeating: 0, count: 33)))
        XCTAssertEqual(bus.transactions, [])
    }

    func testDriversCanBeWrittenAgainstTheProtocol() throws {
        // What a sensor driver looks like: generic over the transport, no hardware needed.
        func chipID(on transport: some I2CTransport) throws(I2CError) -> UInt8 {
            try transport.readByte(address: 0x0D, register: 0x0D)
        }
        let bus = RegisterMapI2C()
        bus.addDevice(at: 0x0D, registers: [0x0D: 0xFF])
        XCTAssertEqual(try chipID(on: bus), 0xFF)
    }
}
