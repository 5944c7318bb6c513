import BLE
@testable import Pencil
import XCTest

/// The advertised central ID and the ID the SDK writes (`FTPenManager.mm`, `FTPenServiceClient.mm`).
final class PenCentralIDTests: XCTestCase {
    /// u0 | u1<<8 | u2<<16 | u3<<24 of the identifier; all-zero becomes 2.
    func testDerivedIDIsLittleEndianOfTheFirstFourBytesAndNeverZero() {
        XCTAssertEqual(PenCentralID.derived(from: [0x78, 0x56, 0x34, 0x12, 0xAA]), 0x1234_5678)
        XCTAssertEqual(PenCentralID.derived(from: [0, 0, 0, 0, 9]), 2)
    }

    /// Firmware > 55 gets the derived ID, ≤ 55 (or unknown, the SDK's −1) gets 0x00000001.
    func testTheValueWrittenDependsOnTheRunningFirmware() {
        XCTAssertEqual(PenCentralID.value(toWrite: 0xCAFE_F00D, runningFirmware: 56), 0xCAFE_F00D)
        XCTAssertEqual(PenCentralID.value(toWrite: 0xCAFE_F00D, runningFirmware: 55), 1)
        XCTAssertEqual(PenCentralID.value(toWrite: 0xCAFE_F00D, runningFirmware: nil), 1)
    }

    /// Written little-endian, advertised big-endian (the same bytes reversed).
    func testWrittenAndAdvertisedByteOrders() {
        XCTAssertEqual(PenCentralID.wireBytes(0x1234_5678), [0x78, 0x56, 0x34, 0x12])
        XCTAssertEqual(PenCentralID.advertisedBytes(0x1234_5678), [0x12, 0x34, 0x56, 0x78])
        XCTAssertEqual(PenCentralID.parseAdvertised([0x12, 0x34, 0x56, 0x78]), 0x1234_5678)
    }

    /// 4 bytes big-endian, 1 byte (v55), none = 0; other lengths are not the SDK's.
    func testAdvertisedLengths() {
        XCTAssertEqual(PenCentralID.parseAdvertised([]), 0)
        XCTAssertEqual(PenCentralID.parseAdvertised([0x01]), 1)
        XCTAssertEqual(PenCentralID.parseAdvertised([0, 0, 0, 0]), 0)
        XCTAssertNil(PenCentralID.parseAdvertised([1, 2]))
    }

    /// An advertisement offering the pen service, its name and manufacturer data, as a pen sends it.
    func testAdvertisementFromAdvertisingData() throws {
        let pen = PenCharacteristic.penService
        var data = AdvertisingData(serviceUUIDLists: [ServiceUUIDList(width: .bits128, isComplete: true, uuids: [pen])],
                                   localName: "Pencil")
        data.manufacturerData = [ManufacturerData(bytes: PenCentralID.advertisedBytes(0xCAFE_F00D))]
        let ad = try XCTUnwrap(PenAdvertisement(peripheral: "AA:BB:CC:DD:EE:FF", data: data))
        XCTAssertEqual(ad.reconcilingCentral, 0xCAFE_F00D)
        XCTAssertTrue(ad.isReconciling(with: 0xCAFE_F00D))
        XCTAssertFalse(ad.isReconciling(with: 0x0000_0007))
        XCTAssertFalse(ad.isFree)
        XCTAssertEqual(ad.name, "Pencil")

        data.manufacturerData = []
        XCTAssertEqual(PenAdvertisement(peripheral: "x", data: data)?.isFree, true, "no manufacturer data reads as 0")
        data.manufacturerData = [ManufacturerData(bytes: [0x01])]
        XCTAssertEqual(PenAdvertisement(peripheral: "x", data: data)?.isReconciling(with: 0xCAFE_F00D), true,
                       "v55's 0x01 reconciles with any host")
        data.serviceUUIDLists = []
        XCTAssertNil(PenAdvertisement(peripheral: "x", data: data), "no pen service, not a pen")
    }
}
