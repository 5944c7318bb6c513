import XCTest
@testable import BLE

/// AD/EIR parsing and encoding (Core Spec Vol 3 Part C §11; types from Core Specification Supplement Part A).
final class AdvertisingDataTests: XCTestCase {
    static let legacyBeltUUID = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!

    /// A legacy naviBelt as FSLib-iOS's README describes it: the 128-bit UUID (and flags) in the
    /// advertisement, the `naviGuertel…` name in the scan response. The kernel's Device Found EIR is
    /// the two concatenated.
    func testLegacyNaviBeltAdvertisementAndScanResponseParse() throws {
        let advertisement: [UInt8] = [0x02, 0x01, 0x06, 0x11, 0x07] + Self.legacyBeltUUID.wire128
        let scanResponse: [UInt8] = [0x11, 0x09] + Array("naviGuertel 0042".utf8)
        XCTAssertEqual(advertisement.count, 21, "a 128-bit UUID plus flags fits 31 bytes")
        XCTAssertEqual(advertisement[5], 0x00, "128-bit UUIDs travel little-endian: the last printed byte first")
        XCTAssertEqual(advertisement[20], 0x65)

        let data = try AdvertisingData(parsing: advertisement + scanResponse)
        XCTAssertEqual(data.flags, [.generalDiscoverable, .brEdrNotSupported])
        XCTAssertEqual(data.serviceUUIDs, [Self.legacyBeltUUID])
        XCTAssertEqual(data.serviceUUIDLists.first?.isComplete, true)
        XCTAssertEqual(data.localName, "naviGuertel 0042")
        XCTAssertTrue(data.isLocalNameComplete)
        XCTAssertEqual(data.otherStructures, [])
    }

    func testNewerBeltAdvertisesTheSixteenBitFE51() throws {
        let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x03, 0x51, 0xFE, 0x0C, 0x09] + Array("naviGuertel".utf8)
        let data = try AdvertisingData(parsing: bytes)
        XCTAssertEqual(data.serviceUUIDs, [BLEUUID(0xFE51)])
        XCTAssertEqual(data.serviceUUIDLists, [ServiceUUIDList(width: .bits16, isComplete: true, uuids: [BLEUUID(0xFE51)])])
        XCTAssertEqual(try data.encoded(), bytes, "canonical order re-encodes byte for byte")
    }

    /// FuffrLib's FFRTouchManager.m: a name containing "Fuffr"; service 0xFFF0 is optional.
    func testFuffrWithIncompleteServiceListAndTxPower() throws {
        let bytes: [UInt8] = [0x02, 0x01, 0x05, 0x03, 0x02, 0xF0, 0xFF, 0x06, 0x09] + Array("Fuffr".utf8) + [0x02, 0x0A, 0xF4]
        let data = try AdvertisingData(parsing: bytes)
        XCTAssertEqual(data.flags, [.limitedDiscoverable, .brEdrNotSupported])
        XCTAssertEqual(data.serviceUUIDLists.first?.isComplete, false)
        XCTAssertEqual(data.serviceUUIDs, [BLEUUID(0xFFF0)])
        XCTAssertEqual(data.localName, "Fuffr")
        XCTAssertEqual(data.txPowerLevel, -12)
        XCTAssertEqual(try data.encoded(), bytes)
    }

    /// Shortened name in the advertisement, complete one in the scan response: the complete one wins,
    /// in either order, and the shortened one is kept unparsed rather than lost.
    func testNameSplitBetweenAdvertisementAndScanResponsePrefersTheCompleteName() {
        let shortened: [UInt8] = [0x08, 0x08] + Array("naviGue".utf8)
        let complete: [UInt8] = [0x11, 0x09] + Array("naviGuertel 1234".utf8)
        for bytes in [shortened + complete, complete + shortened] {
            let data = AdvertisingData.parse(bytes).data
            XCTAssertEqual(data.localName, "naviGuertel 1234")
            XCTAssertTrue(data.isLocalNameComplete)
            XCTAssertEqual(data.otherStructures, [AdvertisingStructure(type: .shortenedLocalName, payload: Array("naviGue".utf8))])
        }
        let onlyShort = AdvertisingData.parse(shortened).data
        XCTAssertEqual(onlyShort.localName, "naviGue")
        XCTAssertFalse(onlyShort.isLocalNameComplete)
    }

    func testAThirtyTwoBitListAndServiceDataOfEveryWidthRoundTrip() throws {
        let data = AdvertisingData(
            serviceUUIDLists: [ServiceUUIDList(width: .bits32, isComplete: false, uuids: [BLEUUID(uuid32: 0x1234_5678)])],
            serviceData: [ServiceData(uuid: BLEUUID(0x180F), data: [0x64]),
                          ServiceData(uuid: BLEUUID(uuid32: 0xAABB_CCDD), width: .bits32, data: [1, 2]),
                          ServiceData(uuid: Self.legacyBeltUUID, width: .bits128, data: [])])
        let bytes = try data.encoded(limit: 255)
        XCTAssertEqual(Array(bytes[0..<6]), [0x05, 0x04, 0x78, 0x56, 0x34, 0x12])
        XCTAssertEqual(Array(bytes[6..<11]), [0x04, 0x16, 0x0F, 0x18, 0x64])
        XCTAssertEqual(Array(bytes[11..<19]), [0x07, 0x20, 0xDD, 0xCC, 0xBB, 0xAA, 0x01, 0x02])
        XCTAssertEqual(bytes[19], 17)
        XCTAssertEqual(bytes[20], 0x21)
        XCTAssertEqual(try AdvertisingData(parsing: bytes), data)
    }

    /// FTPenManager.mm: the SDK reads all bytes after the AD type; v55 firmware sends one byte.
    func testManufacturerDataIsKeptWholeEvenWithoutACompanyIdentifier() throws {
        let v55 = try AdvertisingData(parsing: [0x02, 0xFF, 0x01])
        XCTAssertEqual(v55.manufacturerData, [ManufacturerData(bytes: [0x01])])
        XCTAssertNil(v55.manufacturerData[0].companyID)
        let newer = try AdvertisingData(parsing: [0x05, 0xFF, 0x00, 0x00, 0x00, 0x02])
        XCTAssertEqual(newer.manufacturerData[0].bytes, [0x00, 0x00, 0x00, 0x02])
        XCTAssertEqual(newer.manufacturerData[0].companyID, 0x0000)
        XCTAssertEqual(ManufacturerData(companyID: 0x004C, data: [9]).bytes, [0x4C, 0x00, 0x09])
        XCTAssertEqual(ManufacturerData(companyID: 0x004C, data: [9]).data, [9])
    }

    func testUnknownTypesAreKeptRawAndReEncoded() throws {
        let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x19, 0x40, 0x02]  // Appearance (0x19), not interpreted
        let data = try AdvertisingData(parsing: bytes)
        XCTAssertEqual(data.otherStructures, [AdvertisingStructure(type: AdvertisingDataType(rawValue: 0x19), payload: [0x40, 0x02])])
        XCTAssertEqual(try data.encoded(), bytes)
    }

    func testAZeroLengthByteEndsTheSignificantPart() throws {
        let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x00, 0x05, 0x09, 0x41, 0x42, 0x43, 0x44] + [UInt8](repeating: 0, count: 10)
        let result = AdvertisingData.parse(bytes)
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.data.flags, .leGeneralDiscoverable)
        XCTAssertNil(result.data.localName, "what follows the terminator is padding, not data")
    }

    func testALengthRunningPastTheEndIsAnErrorButEarlierStructuresAreKept() {
        let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x06, 0x09] + Array("Fuf".utf8)
        let result = AdvertisingData.parse(bytes)
        XCTAssertEqual(result.errors, [.truncated(offset: 3, declared: 6, available: 4)])
        XCTAssertEqual(result.data.flags, .leGeneralDiscoverable)
        XCTAssertNil(result.data.localName)
        XCTAssertThrowsError(try AdvertisingData(parsing: bytes)) { error in
            XCTAssertEqual(error as? AdvertisingDataError, .truncated(offset: 3, declared: 6, available: 4))
        }
    }

    func testMalformedPayloadsAreReportedKeptRawAndParsingGoesOn() {
        let bytes: [UInt8] = [0x04, 0x03, 0x51, 0xFE, 0x00,  // 16-bit list of 3 bytes
                              0x01, 0x01,                    // flags with no byte
                              0x03, 0x0A, 0x01, 0x02,        // TX power of 2 bytes
                              0x02, 0x16, 0x0F,              // 16-bit service data too short for its UUID
                              0x04, 0x09, 0x41, 0x42, 0x43]
        let result = AdvertisingData.parse(bytes)
        XCTAssertEqual(result.errors, [
            .malformedStructure(type: .completeServiceUUIDs16, offset: 0, payloadLength: 3),
            .malformedStructure(type: .flags, offset: 5, payloadLength: 0),
            .malformedStructure(type: .txPowerLevel, offset: 7, payloadLength: 2),
            .malformedStructure(type: .serviceData16, offset: 11, payloadLength: 1),
        ])
        XCTAssertEqual(result.data.localName, "ABC")
        XCTAssertEqual(result.data.otherStructures.count, 4)
        XCTAssertEqual(result.data.serviceUUIDs, [])
    }

    func testNamesLoseTrailingNULPaddingAndSurviveInvalidUTF8() {
        XCTAssertEqual(AdvertisingData.parse([0x07, 0x09, 0x50, 0x65, 0x6E, 0x00, 0x00, 0x00]).data.localName, "Pen")
        XCTAssertEqual(AdvertisingData.parse([0x03, 0x09, 0xFF, 0x41]).data.localName, "\u{FFFD}A")
    }

    func testEncodingRefusesWhatDoesNotFit() {
        let long = AdvertisingData(flags: .leGeneralDiscoverable, localName: String(repeating: "x", count: 27))
        XCTAssertThrowsError(try long.encoded()) { error in
            XCTAssertEqual(error as? AdvertisingDataError, .tooLong(length: 32, limit: 31))
        }
        XCTAssertEqual(try long.encoded(limit: 32).count, 32)
        let misfit = AdvertisingData(serviceUUIDLists: [ServiceUUIDList(width: .bits16, isComplete: true, uuids: [Self.legacyBeltUUID])])
        XCTAssertThrowsError(try misfit.encoded()) { error in
            XCTAssertEqual(error as? AdvertisingDataError, .uuidDoesNotFitWidth(Self.legacyBeltUUID, width: .bits16))
        }
        let huge = AdvertisingData(otherStructures: [AdvertisingStructure(type: AdvertisingDataType(rawValue: 0x30), payload: [UInt8](repeating: 1, count: 255))])
        XCTAssertThrowsError(try huge.encoded(limit: 1000)) { error in
            XCTAssertEqual(error as? AdvertisingDataError, .structureTooLong(type: AdvertisingDataType(rawValue: 0x30), payloadLength: 255))
        }
    }

    func testServiceUUIDsAreListedOnceInOrder() {
        let data = AdvertisingData(serviceUUIDLists: [
            ServiceUUIDList(width: .bits16, isComplete: false, uuids: [BLEUUID(0xFE51), BLEUUID(0x180F)]),
            ServiceUUIDList(width: .bits128, isComplete: true, uuids: [BLEUUID(0xFE51), Self.legacyBeltUUID]),
        ])
        XCTAssertEqual(data.serviceUUIDs, [BLEUUID(0xFE51), BLEUUID(0x180F), Self.legacyBeltUUID])
    }

    func testRandomBytesNeverTrapAndReportAtMostOneTruncation() {
        var generator = TestRandom(seed: 0x5EED)
        for _ in 0..<2000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let result = AdvertisingData.parse(bytes)
            // Whatever parsed must encode again without trapping (bounded by the input's size).
            _ = try? result.data.encoded(limit: 1000)
            XCTAssertLessThanOrEqual(result.errors.filter { if case .truncated = $0 { true } else { false } }.count, 1)
        }
    }
}

/// A deterministic xorshift generator for fuzz-style tests.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
