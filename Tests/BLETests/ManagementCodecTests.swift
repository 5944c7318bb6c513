import XCTest
import Platform
@testable import BLE

/// mgmt packets byte for byte, hand-computed from mgmt-api.txt (BlueZ 5.66): header Command/Event
/// Code (2), Controller Index (2), Parameter Length (2), little-endian, then the parameters.
final class ManagementCodecTests: XCTestCase {
    // MARK: Commands

    func testCommandsWithoutParametersForNoController() throws {
        XCTAssertEqual(try ManagementCommand.readVersion.packet(index: ManagementIndex.none), [0x01, 0x00, 0xFF, 0xFF, 0x00, 0x00])
        XCTAssertEqual(try ManagementCommand.readIndexList.packet(index: ManagementIndex.none), [0x03, 0x00, 0xFF, 0xFF, 0x00, 0x00])
        XCTAssertEqual(try ManagementCommand.readControllerInformation.packet(index: 1), [0x04, 0x00, 0x01, 0x00, 0x00, 0x00])
    }

    func testModeCommandsCarryOneByte() throws {
        XCTAssertEqual(try ManagementCommand.setPowered(true).packet(index: 0), [0x05, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        XCTAssertEqual(try ManagementCommand.setPowered(false).packet(index: 0), [0x05, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        XCTAssertEqual(try ManagementCommand.setConnectable(true).packet(index: 2), [0x07, 0x00, 0x02, 0x00, 0x01, 0x00, 0x01])
        XCTAssertEqual(try ManagementCommand.setLowEnergy(true).packet(index: 0), [0x0D, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
    }

    func testDiscoveryCommandsAskForLEPublicAndRandom() throws {
        XCTAssertEqual(DiscoveryAddressTypes.le.rawValue, 0x06)
        XCTAssertEqual(try ManagementCommand.startDiscovery(.le).packet(index: 0), [0x23, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
        XCTAssertEqual(try ManagementCommand.stopDiscovery(.le).packet(index: 0), [0x24, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
    }

    func testSetLocalNameFillsBothNULTerminatedFields() throws {
        let packet = try ManagementCommand.setLocalName(name: "Fuffr", shortName: "Ff").packet(index: 0)
        XCTAssertEqual(Array(packet[0..<6]), [0x0F, 0x00, 0x00, 0x00, 0x04, 0x01], "260 = 249 + 11 parameter bytes")
        XCTAssertEqual(packet.count, 6 + 260)
        XCTAssertEqual(Array(packet[6..<12]), Array("Fuffr".utf8) + [0])
        XCTAssertEqual(Array(packet[(6 + 249)..<(6 + 252)]), [0x46, 0x66, 0x00])
        XCTAssertThrowsError(try ManagementCommand.setLocalName(name: String(repeating: "n", count: 249), shortName: "").packet(index: 0)) {
            XCTAssertEqual($0 as? ManagementEncodingError, .nameTooLong(field: "name", bytes: 249, limit: 248))
        }
        XCTAssertThrowsError(try ManagementCommand.setLocalName(name: "", shortName: "elevenchars").packet(index: 0))
    }

    func testAddAdvertisingLayout() throws {
        let parameters = AddAdvertisingParameters(instance: 1, flags: [.connectable, .discoverable], duration: 2, timeout: 0x0102,
                                                  advertisingData: [0x02, 0x0A, 0x00], scanResponse: [0x03, 0x09, 0x41, 0x42])
        XCTAssertEqual(try ManagementCommand.addAdvertising(parameters).packet(index: 1), [
            0x3E, 0x00, 0x01, 0x00, 0x12, 0x00,  // 11 fixed + 3 + 4 = 18 parameter bytes
            0x01,                                // Instance
            0x03, 0x00, 0x00, 0x00,              // Flags: connectable | discoverable
            0x02, 0x00,                          // Duration
            0x02, 0x01,                          // Timeout
            0x03, 0x04,                          // Adv_Data_Len, Scan_Rsp_Len
            0x02, 0x0A, 0x00, 0x03, 0x09, 0x41, 0x42,
        ])
        XCTAssertEqual(try ManagementCommand.removeAdvertising(instance: 1).packet(index: 1), [0x3F, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01])
        var bad = parameters
        bad.instance = 0
        XCTAssertThrowsError(try ManagementCommand.addAdvertising(bad).packet(index: 1)) {
            XCTAssertEqual($0 as? ManagementEncodingError, .invalidAdvertisingInstance(0))
        }
        bad.instance = 1
        bad.scanResponse = [UInt8](repeating: 0, count: 256)
        XCTAssertThrowsError(try ManagementCommand.addAdvertising(bad).packet(index: 1))
    }

    func testCommandPacketsDecodeAsTheKernelReadsThem() throws {
        let packet = try ManagementCommandPacket(decoding: [0x23, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
        XCTAssertEqual(packet.opcode, .startDiscovery)
        XCTAssertEqual(packet.controllerIndex, 0)
        XCTAssertEqual(packet.parameters, [0x06])
        XCTAssertThrowsError(try ManagementCommandPacket(decoding: [0x23, 0x00, 0x00, 0x00, 0x02, 0x00, 0x06]))
    }

    // MARK: Events

    func testCommandCompleteOfReadVersion() throws {
        let frame = try ManagementEventFrame(decoding: [0x01, 0x00, 0xFF, 0xFF, 0x06, 0x00, 0x01, 0x00, 0x00, 0x01, 0x15, 0x00])
        XCTAssertEqual(frame.controllerIndex, ManagementIndex.none)
        XCTAssertEqual(frame.event, .commandComplete(opcode: .readVersion, status: .success, returnParameters: [0x01, 0x15, 0x00]))
        XCTAssertEqual(try ManagementVersion(returnParameters: [0x01, 0x15, 0x00]), ManagementVersion(version: 1, revision: 21))
    }

    func testCommandStatusCarriesPermissionDenied() throws {
        let frame = try ManagementEventFrame(decoding: [0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x23, 0x00, 0x14])
        XCTAssertEqual(frame.event, .commandStatus(opcode: .startDiscovery, status: .permissionDenied))
    }

    /// Start Discovery while someone else discovers: Command Complete with Busy and the Address_Type
    /// echoed (`start_discovery_internal` in net/bluetooth/mgmt.c).
    func testBusyStartDiscoveryReply() throws {
        let frame = try ManagementEventFrame(decoding: [0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x23, 0x00, 0x0A, 0x06])
        XCTAssertEqual(frame.event, .commandComplete(opcode: .startDiscovery, status: .busy, returnParameters: [0x06]))
        XCTAssertEqual(try ManagementReply.addressTypes([0x06]), .le)
    }

    func testSmallEvents() throws {
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x05]).event, .controllerError(code: 5))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x04, 0x00, 0x01, 0x00, 0x00, 0x00]),
                       ManagementEventFrame(controllerIndex: 1, event: .indexAdded))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x05, 0x00, 0x01, 0x00, 0x00, 0x00]).event, .indexRemoved)
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x06, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01, 0x02, 0x00, 0x00]).event,
                       .newSettings([.powered, .lowEnergy]))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x13, 0x00, 0x00, 0x00, 0x02, 0x00, 0x06, 0x01]).event,
                       .discovering(addressTypes: .le, isDiscovering: true))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x13, 0x00, 0x00, 0x00, 0x02, 0x00, 0x06, 0x00]).event,
                       .discovering(addressTypes: .le, isDiscovering: false))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x23, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]).event, .advertisingAdded(instance: 1))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x24, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]).event, .advertisingRemoved(instance: 1))
        XCTAssertEqual(try ManagementEventFrame(decoding: [0x0C, 0x00, 0x00, 0x00, 0x01, 0x00, 0x09]).event,
                       .other(code: ManagementEventCode(rawValue: 0x0C), parameters: [0x09]))
    }

    func testDeviceFoundWithEIR() throws {
        let eir: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x03, 0x51, 0xFE, 0x0C, 0x09] + Array("naviGuertel".utf8)
        let packet: [UInt8] = [0x12, 0x00, 0x00, 0x00, UInt8(14 + eir.count), 0x00,
                               0x2C, 0x1B, 0x0A, 0x51, 0x7F, 0xC4,  // C4:7F:51:0A:1B:2C, little-endian
                               0x01,                                // LE Public
                               0xC6,                                // RSSI -58
                               0x00, 0x00, 0x00, 0x00,              // Flags
                               UInt8(eir.count), 0x00] + eir
        let frame = try ManagementEventFrame(decoding: packet)
        guard case let .deviceFound(found) = frame.event else { return XCTFail("\(frame.event)") }
        XCTAssertEqual(found.address, BluetoothAddress(string: "C4:7F:51:0A:1B:2C"))
        XCTAssertEqual(found.addressType, .lePublic)
        XCTAssertEqual(found.rssi, -58)
        XCTAssertEqual(found.flags, [])
        XCTAssertEqual(found.advertisingData.data.localName, "naviGuertel")
        XCTAssertEqual(found.advertisingData.data.serviceUUIDs, [BLEUUID(0xFE51)])
        XCTAssertEqual(frame.packet, packet, "the encoder a simulated kernel uses gives the same bytes")
    }

    func testDeviceFoundRSSI127MeansUnavailableAndFlagsDecode() throws {
        let event = try DeviceFoundEvent(parameters: [1, 2, 3, 4, 5, 6, 0x02, 0x7F, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00])
        XCTAssertNil(event.rssi)
        XCTAssertEqual(event.addressType, .leRandom)
        XCTAssertEqual(event.flags, .notConnectable)
        XCTAssertEqual(event.address.description, "06:05:04:03:02:01")
        XCTAssertEqual(event.eir, [])
    }

    func testMalformedEventsAreTypedErrors() {
        XCTAssertThrowsError(try ManagementEventFrame(decoding: [0x12, 0x00, 0x00])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .truncatedHeader(count: 3))
        }
        XCTAssertThrowsError(try ManagementEventFrame(decoding: [0x13, 0x00, 0x00, 0x00, 0x03, 0x00, 0x06, 0x01])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .lengthMismatch(declared: 3, actual: 2))
        }
        XCTAssertThrowsError(try ManagementEventFrame(decoding: [0x13, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .truncated(what: "Discovering event", needed: 2, available: 1))
        }
        // Device Found whose EIR length runs past the event.
        let overlong: [UInt8] = [1, 2, 3, 4, 5, 6, 0x01, 0xC6, 0, 0, 0, 0, 0x05, 0x00, 0x02, 0x01]
        XCTAssertThrowsError(try DeviceFoundEvent(parameters: overlong)) {
            XCTAssertEqual($0 as? ManagementDecodingError, .truncated(what: "Device Found event", needed: 19, available: 16))
        }
        XCTAssertThrowsError(try DeviceFoundEvent(parameters: [1, 2, 3, 4, 5, 6, 0x07, 0xC6, 0, 0, 0, 0, 0, 0])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .unknownAddressType(7))
        }
        XCTAssertThrowsError(try DeviceFoundEvent(parameters: [1, 2, 3])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .truncated(what: "Device Found event", needed: 14, available: 3))
        }
        XCTAssertThrowsError(try ManagementEventFrame(decoding: [0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x23, 0x00]))
    }

    // MARK: Replies

    func testReadControllerInformationReply() throws {
        var bytes: [UInt8] = [0x56, 0x34, 0x12, 0xEB, 0x27, 0xB8,  // B8:27:EB:12:34:56
                              0x09,                                // Bluetooth 5.0
                              0x0F, 0x00,                          // Manufacturer 15 (Broadcom)
                              0xFF, 0x0E, 0x00, 0x00,              // Supported: 0x0EFF
                              0x01, 0x02, 0x00, 0x00,              // Current: powered | LE
                              0x00, 0x00, 0x00]                    // Class of device
        bytes += Array("raspberrypi".utf8) + [UInt8](repeating: 0, count: 249 - 11)
        bytes += [UInt8](repeating: 0, count: 11)
        XCTAssertEqual(bytes.count, 280)
        let info = try ControllerInformation(returnParameters: bytes)
        XCTAssertEqual(info.address.description, "B8:27:EB:12:34:56")
        XCTAssertEqual(info.bluetoothVersion, 9)
        XCTAssertEqual(info.manufacturer, 15)
        XCTAssertTrue(info.supportsLowEnergy)
        XCTAssertTrue(info.isPowered)
        XCTAssertTrue(info.isLowEnergyEnabled)
        XCTAssertEqual(info.name, "raspberrypi")
        XCTAssertEqual(info.shortName, "")
        XCTAssertEqual(info.returnParameters, bytes)
        XCTAssertThrowsError(try ControllerInformation(returnParameters: Array(bytes.prefix(279))))
    }

    func testIndexListAndSettingsReplies() throws {
        XCTAssertEqual(try ManagementReply.indexList([0x02, 0x00, 0x00, 0x00, 0x01, 0x00]), [0, 1])
        XCTAssertEqual(try ManagementReply.indexList([0x00, 0x00]), [])
        XCTAssertThrowsError(try ManagementReply.indexList([0x02, 0x00, 0x00, 0x00])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .truncated(what: "Read Controller Index List reply", needed: 6, available: 4))
        }
        XCTAssertEqual(try ManagementReply.settings([0x01, 0x02, 0x00, 0x00]), [.powered, .lowEnergy])
        XCTAssertEqual(try ManagementReply.instance([0x01]), 1)
        XCTAssertThrowsError(try ManagementReply.instance([]))
    }

    func testStatusCodesAndTheirText() {
        XCTAssertEqual(ManagementStatus(code: 0x0A), .busy)
        XCTAssertEqual(ManagementStatus(code: 0x0F), .notPowered)
        XCTAssertEqual(ManagementStatus(code: 0x11), .invalidIndex)
        XCTAssertEqual(ManagementStatus(code: 0x14), .permissionDenied)
        XCTAssertEqual(ManagementStatus(code: 0x14).description, "Permission Denied")
        XCTAssertEqual(ManagementStatus(code: 0x42), .other(0x42))
        for code in UInt8(0)...0xFF { XCTAssertEqual(ManagementStatus(code: code).code, code) }
    }

    func testRandomPacketsNeverTrap() {
        var generator = TestRandom(seed: 42)
        let codes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x12, 0x13, 0x23, 0x24, 0x77]
        for _ in 0..<5000 {
            let parameters = (0..<Int(generator.next() % 24)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let declared = generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : UInt8(parameters.count)
            let packet: [UInt8] = [codes[Int(generator.next() % UInt64(codes.count))], 0x00, 0x00, 0x00, declared, 0x00] + parameters
            if let frame = try? ManagementEventFrame(decoding: packet), case let .deviceFound(event) = frame.event {
                _ = event.advertisingData
            }
        }
    }
}
