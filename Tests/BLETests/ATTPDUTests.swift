import XCTest
@testable import BLE

/// Every PDU against bytes worked out by hand from Core Spec 5.3 Vol 3 Part F §3.4.
final class ATTPDUTests: XCTestCase {
    private let legacyBelt = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!

    private func assertVector(_ pdu: ATTPDU, _ hex: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Self.bytes(hex)
        XCTAssertEqual(pdu.encoded(), bytes, "encoding \(pdu)", file: file, line: line)
        XCTAssertEqual(try ATTPDU(decoding: bytes), pdu, "decoding \(hex)", file: file, line: line)
    }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = hex.filter(\.isHexDigit)
        return stride(from: 0, to: digits.count, by: 2).map {
            let start = digits.index(digits.startIndex, offsetBy: $0)
            return UInt8(digits[start..<digits.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    func testErrorResponse() {
        assertVector(.errorResponse(request: 0x0A, handle: 0x0005, error: .attributeNotFound), "01 0A 05 00 0A")
    }

    func testExchangeMTU() {
        assertVector(.exchangeMTURequest(clientRxMTU: 517), "02 05 02")
        assertVector(.exchangeMTUResponse(serverRxMTU: 23), "03 17 00")
    }

    func testFindInformation() {
        assertVector(.findInformationRequest(ATTHandleRange(0x0001, 0xFFFF)), "04 01 00 FF FF")
        assertVector(.findInformationResponse([ATTHandleUUID(handle: 0x0004, uuid: .clientCharacteristicConfiguration),
                                               ATTHandleUUID(handle: 0x0005, uuid: BLEUUID(0x2901))]),
                     "05 01 04 00 02 29 05 00 01 29")
        assertVector(.findInformationResponse([ATTHandleUUID(handle: 0x0010, uuid: legacyBelt)]),
                     "05 02 10 00 00 A1 0C 20 00 08 9A 9E E2 11 15 A1 33 33 33 65")
    }

    func testFindByTypeValue() {
        assertVector(.findByTypeValueRequest(ATTHandleRange(1, 0xFFFF), type: 0x2800, value: [0x51, 0xFE]),
                     "06 01 00 FF FF 00 28 51 FE")
        assertVector(.findByTypeValueResponse([ATTHandleRange(0x000A, 0x0020)]), "07 0A 00 20 00")
    }

    func testReadByType() {
        assertVector(.readByTypeRequest(ATTHandleRange(1, 0xFFFF), type: .characteristic), "08 01 00 FF FF 03 28")
        assertVector(.readByTypeRequest(ATTHandleRange(1, 0xFFFF), type: legacyBelt),
                     "08 01 00 FF FF 00 A1 0C 20 00 08 9A 9E E2 11 15 A1 33 33 33 65")
        // Declaration at 0x0002: notify (0x10), value handle 0x0003, UUID FE01.
        assertVector(.readByTypeResponse([ATTAttributeData(handle: 2, value: [0x10, 0x03, 0x00, 0x01, 0xFE]),
                                          ATTAttributeData(handle: 5, value: [0x0A, 0x06, 0x00, 0x02, 0xFE])]),
                     "09 07 02 00 10 03 00 01 FE 05 00 0A 06 00 02 FE")
    }

    func testReadAndReadBlob() {
        assertVector(.readRequest(handle: 0x0003), "0A 03 00")
        assertVector(.readResponse([0x01, 0x02, 0x03]), "0B 01 02 03")
        assertVector(.readResponse([]), "0B")
        assertVector(.readBlobRequest(handle: 0x0003, offset: 22), "0C 03 00 16 00")
        assertVector(.readBlobResponse([0xAA]), "0D AA")
    }

    func testReadByGroupType() {
        assertVector(.readByGroupTypeRequest(ATTHandleRange(1, 0xFFFF), type: .primaryService), "10 01 00 FF FF 00 28")
        assertVector(.readByGroupTypeResponse([ATTGroupData(handle: 1, endGroupHandle: 5, value: [0x00, 0x18]),
                                               ATTGroupData(handle: 6, endGroupHandle: 9, value: [0x51, 0xFE])]),
                     "11 06 01 00 05 00 00 18 06 00 09 00 51 FE")
    }

    func testWritesNotificationsAndIndications() {
        assertVector(.writeRequest(handle: 0x0004, value: [0x01, 0x00]), "12 04 00 01 00")
        assertVector(.writeResponse, "13")
        assertVector(.writeCommand(handle: 0x0006, value: [0x01, 0x02]), "52 06 00 01 02")
        assertVector(.handleValueNotification(handle: 0x0003, value: [0x01, 0x1E]), "1B 03 00 01 1E")
        assertVector(.handleValueIndication(handle: 0x0003, value: []), "1D 03 00")
        assertVector(.handleValueConfirmation, "1E")
    }

    func testTruncatedAndPaddedPDUsAreTypedErrors() {
        let cases: [(String, ATTDecodeError)] = [
            ("", .empty),
            ("01 0A 05 00", .badLength(.errorResponse, 4)),
            ("02 05", .badLength(.exchangeMTURequest, 2)),
            ("03 17 00 00", .badLength(.exchangeMTUResponse, 4)),
            ("05 03 04 00 02 29", .invalidField(.findInformationResponse, "format 3 is neither 1 nor 2")),
            ("05 01 04 00 02", .badLength(.findInformationResponse, 5)),
            ("05 01", .badLength(.findInformationResponse, 2)),
            ("07 0A 00 20", .badLength(.findByTypeValueResponse, 4)),
            ("08 01 00 FF FF 03", .badLength(.readByTypeRequest, 6)),
            ("09 01 02 00", .invalidField(.readByTypeResponse, "record length 1 < 2")),
            ("09 07 02 00 10 03 00 01", .badLength(.readByTypeResponse, 8)),
            ("11 03 01 00", .invalidField(.readByGroupTypeResponse, "record length 3 < 4")),
            ("12 04", .badLength(.writeRequest, 2)),
            ("13 00", .badLength(.writeResponse, 2)),
            ("1B 03", .badLength(.handleValueNotification, 2)),
            ("FF 00", .unsupportedOpcode(0xFF)),
            ("16 01 00 00 00", .unsupportedOpcode(0x16)),
        ]
        for (hex, expected) in cases {
            XCTAssertThrowsError(try ATTPDU(decoding: Self.bytes(hex)), hex) { error in
                XCTAssertEqual(error as? ATTDecodeError, expected, hex)
            }
        }
    }

    func testPrefixesOfMultiRecordPDUsFailUnlessOnARecordBoundary() {
        let vectors = ["01 0A 05 00 0A", "05 02 10 00 00 A1 0C 20 00 08 9A 9E E2 11 15 A1 33 33 33 65",
                       "09 07 02 00 10 03 00 01 FE 05 00 0A 06 00 02 FE", "11 06 01 00 05 00 00 18 06 00 09 00 51 FE"]
        for vector in vectors {
            let bytes = Self.bytes(vector)
            var decoded = 0
            for length in 0..<bytes.count {
                // A prefix either fails, or is itself a whole PDU (ending on a record boundary)
                // that re-encodes to exactly those bytes.
                let prefix = Array(bytes.prefix(length))
                if let pdu = try? ATTPDU(decoding: prefix) {
                    XCTAssertEqual(pdu.encoded(), prefix, "\(vector) cut to \(length)")
                    decoded += 1
                }
            }
            XCTAssertLessThanOrEqual(decoded, 1, "only a record boundary decodes: \(vector)")
        }
    }

    func testOpcodeClassification() {
        XCTAssertTrue(ATTOpcode.isCommand(0x52))
        XCTAssertFalse(ATTOpcode.isRequest(0x52))
        XCTAssertTrue(ATTOpcode.isRequest(0x0A))
        XCTAssertTrue(ATTOpcode.isRequest(0x16), "Prepare Write is a request we answer Request Not Supported")
        XCTAssertFalse(ATTOpcode.isRequest(0x1B))
        XCTAssertEqual(ATTOpcode.readBlobResponse.requestOpcode, .readBlobRequest)
    }
}
