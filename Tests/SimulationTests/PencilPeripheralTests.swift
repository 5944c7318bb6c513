import BLE
import Pencil
@testable import Simulation
import XCTest

/// The simulated Pencil's bytes and behaviour (docs/pencil.md, "The simulator").
final class PencilPeripheralTests: XCTestCase {
    /// The pen service with its 17 characteristics, CCCDs on the notifying ones, and DIS.
    func testDatabaseHoldsThePenServiceAndDeviceInformation() throws {
        let db = PencilPeripheral.gattDatabase
        let services = db.attributes.filter { $0.kind == .serviceDeclaration }.map(\.value)
        XCTAssertEqual(services, [BLEUUID(0x1800).attWire, PenCharacteristic.penService.attWire,
                                  BLEUUID(0x180A).attWire])
        for c in PenCharacteristic.penServiceCharacteristics {
            XCTAssertNotNil(db.valueHandle(of: c.uuid), "\(c)")
        }
        let cccds = Set(db.attributes.filter { $0.kind == .clientConfiguration }.compactMap(\.characteristic))
        XCTAssertEqual(cccds, Set([PenCharacteristic.isTipPressed, .isEraserPressed, .tipPressure, .eraserPressure,
                                   .batteryLevel, .hasListener, .motion, .encoderTurn].map(\.uuid)))
        XCTAssertNotNil(db.valueHandle(of: PenCharacteristic.softwareRevision.uuid))
    }

    /// Free pens advertise 00 00 00 00; after a CentralId write, the ID big-endian; v55 one byte.
    func testAdvertisingCarriesTheLastHostBigEndian() {
        var pen = PencilPeripheral()
        XCTAssertEqual(pen.manufacturerData, [0, 0, 0, 0])
        XCTAssertEqual(pen.write(.centralID, [0x0D, 0xF0, 0xFE, 0xCA], at: .zero), [])
        XCTAssertEqual(pen.manufacturerData, [0xCA, 0xFE, 0xF0, 0x0D])
        XCTAssertEqual(PenCentralID.parseAdvertised(pen.manufacturerData), 0xCAFE_F00D)
        pen.advertisesLegacyByte = true
        XCTAssertEqual(pen.manufacturerData, [0x01])
        pen.connect(at: .zero)
        XCTAssertFalse(pen.isAdvertising, "one central at a time")
        pen.disconnect()
        XCTAssertTrue(pen.isAdvertising)
    }

    /// ShouldPowerOff: the pen drops the link, switches off and forgets its host; a tip press wakes it.
    func testPowerOffDropsTheLinkAndForgetsTheHost() {
        var pen = PencilPeripheral()
        _ = pen.write(.centralID, [1, 2, 3, 4], at: .zero)
        pen.connect(at: .zero)
        XCTAssertEqual(pen.write(.shouldPowerOff, [0x01], at: .zero), [.dropLink])
        pen.disconnect()
        XCTAssertFalse(pen.isAdvertising)
        XCTAssertEqual(pen.centralID, 0)
        _ = pen.press(.tip, down: true)
        XCTAssertTrue(pen.isAdvertising)
    }

    /// Switches notify only when subscribed; the battery goes out on subscription and again 2 s later.
    func testNotificationsFollowSubscriptions() {
        var pen = PencilPeripheral()
        pen.connect(at: .zero)
        XCTAssertEqual(pen.press(.tip, down: true), [])
        _ = pen.setNotifications(.isTipPressed, enabled: true, at: .zero)
        XCTAssertEqual(pen.press(.tip, down: false), [.notify(.isTipPressed, [0])])
        XCTAssertEqual(pen.read(.isTipPressed), [0])
        XCTAssertEqual(pen.setNotifications(.batteryLevel, enabled: true, at: .seconds(1)), [.notify(.batteryLevel, [80])])
        XCTAssertEqual(pen.advance(to: .milliseconds(2999)), [])
        XCTAssertEqual(pen.advance(to: .seconds(3)), [.notify(.batteryLevel, [80])])
        XCTAssertEqual(pen.advance(to: .seconds(10)), [])
    }

    /// Malformed writes are violations, not state changes.
    func testMalformedWritesAreRecordedViolations() {
        var pen = PencilPeripheral()
        XCTAssertEqual(pen.write(.centralID, [1, 2], at: .zero), [])
        XCTAssertEqual(pen.write(.hasListener, [2], at: .zero), [])
        XCTAssertEqual(pen.write(.isTipPressed, [1], at: .zero), [])
        XCTAssertEqual(pen.violations.map(\.characteristic), [.centralID, .hasListener, .isTipPressed])
        XCTAssertEqual(pen.centralID, 0)
    }

    /// Reads give the SDK's layouts: the 10-byte PressureSetup, the 15-byte NUL-padded ManufacturingID.
    func testReadsUseTheSpecLayouts() throws {
        let pen = PencilPeripheral()
        XCTAssertEqual(pen.read(.pressureSetup)?.count, 10)
        let id = try XCTUnwrap(pen.read(.manufacturingID))
        XCTAssertEqual(id.count, 15)
        XCTAssertEqual(try PenValueDecoder.decode(.manufacturingID, id), .manufacturingID("53PA05-SIM0001"))
        XCTAssertEqual(pen.read(.softwareRevision), Array("60*".utf8))
    }

    /// The advertisement fits a legacy PDU and parses back to the pen's central ID.
    func testAdvertisementEncodesAndParsesBack() throws {
        var pen = PencilPeripheral()
        _ = pen.write(.centralID, PenCentralID.wireBytes(0x0102_0304), at: .zero)
        let bytes = try pen.advertising.encoded()
        XCTAssertLessThanOrEqual(bytes.count, 31 - 3, "room left for the flags the kernel adds")
        let parsed = try AdvertisingData(parsing: bytes)
        XCTAssertEqual(PenAdvertisement(peripheral: "p", data: parsed)?.reconcilingCentral, 0x0102_0304)
        XCTAssertEqual(try PencilPeripheral.scanResponse.encoded(), [0x07, 0x09] + Array("Pencil".utf8))
    }
}
