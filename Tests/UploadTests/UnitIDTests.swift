import Upload
import UploadPlatform
import XCTest

/// The unit's pseudonym: systemd's application-specific id construction over our application id, and
/// what a configured unit id may be. (Compared with systemd-id128 itself in UploadInteropTests.)
final class UnitIDTests: XCTestCase {
    /// The id is the HMAC's first 16 bytes with the version nibble 4 and the variant bits 10: taken apart
    /// by hand from the HMAC Nettle computes.
    func testTheIdIsTheHMACsFirstHalfMadeAVersion4UUID() throws {
        let machine = try XCTUnwrap(MachineID(text: "3d1219c7c4c5404aaa1f6d2a48adfda4\n"))
        let mac = try Nettle().hmacSHA256(key: machine.bytes, message: UnitID.applicationID)
        let id = try UnitID.appSpecific(machine, hashes: Nettle())
        XCTAssertEqual(id.count, 16)
        XCTAssertEqual(Array(id[0..<6]), Array(mac[0..<6]))
        XCTAssertEqual(id[6], 0x40 | (mac[6] & 0x0F))
        XCTAssertEqual(id[7], mac[7])
        XCTAssertEqual(id[8], 0x80 | (mac[8] & 0x3F))
        XCTAssertEqual(Array(id[9..<16]), Array(mac[9..<16]))
    }

    func testTheIdIsWrittenAsAUUIDAndIsNotTheMachineId() throws {
        let machine = try XCTUnwrap(MachineID(text: "3d1219c7c4c5404aaa1f6d2a48adfda4"))
        let text = try UnitID.derive(from: machine, hashes: Nettle())
        XCTAssertEqual(text.count, 36)
        XCTAssertEqual(text.split(separator: "-").map(\.count), [8, 4, 4, 4, 12])
        XCTAssertEqual(Array(text)[14], "4")
        XCTAssertFalse(text.replacingOccurrences(of: "-", with: "").contains("3d1219c7"))
        XCTAssertTrue(UnitID.isKeySafe(text))
    }

    func testMachineIdsThatAreNotOnesAreRefused() {
        XCTAssertNil(MachineID(text: "uninitialized\n"))
        XCTAssertNil(MachineID(text: "00000000000000000000000000000000\n"))
        XCTAssertNil(MachineID(text: "3d1219c7c4c5404aaa1f6d2a48adfda"))
        XCTAssertNil(MachineID(text: "3d1219c7-c4c5-404a-aa1f-6d2a48adfda4"))
        XCTAssertNotNil(MachineID(text: "3D1219C7C4C5404AAA1F6D2A48ADFDA4"))
    }

    func testKeySafeNames() {
        for good in ["unit-7", "lab.a_3", "2d2b5a74-8fce-473e-a973-5c02a48b1e20", String(repeating: "a", count: 64)] {
            XCTAssertTrue(UnitID.isKeySafe(good), good)
        }
        for bad in ["", ".", "..", ".hidden", "-x", "a/b", "a b", "ü", "a%20", String(repeating: "a", count: 65)] {
            XCTAssertFalse(UnitID.isKeySafe(bad), bad)
        }
    }
}
