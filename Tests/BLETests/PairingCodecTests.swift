import XCTest
import Platform
@testable import BLE

/// The pairing commands and events byte for byte, hand-computed from mgmt-api.txt (BlueZ 5.66) and
/// the kernel's structs (include/net/bluetooth/mgmt.h, Debian 12's 6.1): header Code (2), Controller
/// Index (2), Parameter Length (2), little-endian, then the parameters.
final class PairingCodecTests: XCTestCase {
    /// C4:7F:51:0A:1B:2C is 2C 1B 0A 51 7F C4 on the wire.
    static let belt = ManagementAddress(BluetoothAddress(string: "C4:7F:51:0A:1B:2C")!, type: .lePublic)
    static let beltBytes: [UInt8] = [0x2C, 0x1B, 0x0A, 0x51, 0x7F, 0xC4]
    /// A static random address: its top two bits are set.
    static let staticRandom = ManagementAddress(BluetoothAddress(string: "F0:11:22:33:44:55")!, type: .leRandom)

    static let key = LongTermKey(peer: belt, keyType: 0x00, central: true, encryptionSize: 16,
                                 encryptionDiversifier: 0x1234, randomNumber: 0x0807_0605_0403_0201,
                                 value: Array(0xA0...0xAF))
    static let keyBytes: [UInt8] = beltBytes + [0x01,       // LE Public
                                                0x00,       // Key_Type: unauthenticated legacy
                                                0x01,       // Central
                                                0x10,       // Encryption_Size 16
                                                0x34, 0x12, // EDiv
                                                0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]  // Rand
        + Array(0xA0...0xAF)

    // MARK: Commands

    func testSetBondableAndSetIOCapabilityCarryOneByte() throws {
        XCTAssertEqual(try ManagementCommand.setBondable(true).packet(index: 0), [0x09, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        XCTAssertEqual(try ManagementCommand.setBondable(false).packet(index: 1), [0x09, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
        XCTAssertEqual(try ManagementCommand.setIOCapability(.noInputNoOutput).packet(index: 1),
                       [0x18, 0x00, 0x01, 0x00, 0x01, 0x00, 0x03])
        XCTAssertEqual(try ManagementCommand.setIOCapability(.keyboardDisplay).packet(index: 0),
                       [0x18, 0x00, 0x00, 0x00, 0x01, 0x00, 0x04])
    }

    func testPairDeviceCarriesAddressTypeAndIOCapability() throws {
        XCTAssertEqual(try ManagementCommand.pairDevice(Self.belt, ioCapability: .noInputNoOutput).packet(index: 0),
                       [0x19, 0x00, 0x00, 0x00, 0x08, 0x00] + Self.beltBytes + [0x01, 0x03])
    }

    func testCancelUnpairAndConfirmationRepliesCarryTheAddress() throws {
        let random = ManagementAddress(BluetoothAddress(string: "C4:7F:51:0A:1B:2C")!, type: .leRandom)
        XCTAssertEqual(try ManagementCommand.cancelPairDevice(random).packet(index: 0),
                       [0x1A, 0x00, 0x00, 0x00, 0x07, 0x00] + Self.beltBytes + [0x02])
        XCTAssertEqual(try ManagementCommand.unpairDevice(Self.belt, disconnect: true).packet(index: 0),
                       [0x1B, 0x00, 0x00, 0x00, 0x08, 0x00] + Self.beltBytes + [0x01, 0x01])
        XCTAssertEqual(try ManagementCommand.unpairDevice(Self.belt, disconnect: false).packet(index: 0).last, 0x00)
        XCTAssertEqual(try ManagementCommand.userConfirmationReply(Self.belt).packet(index: 2),
                       [0x1C, 0x00, 0x02, 0x00, 0x07, 0x00] + Self.beltBytes + [0x01])
        XCTAssertEqual(try ManagementCommand.userConfirmationNegativeReply(Self.belt).packet(index: 2),
                       [0x1D, 0x00, 0x02, 0x00, 0x07, 0x00] + Self.beltBytes + [0x01])
    }

    func testLoadLongTermKeysIsACountThen36BytesPerKey() throws {
        XCTAssertEqual(Self.key.bytes.count, 36)
        XCTAssertEqual(try ManagementCommand.loadLongTermKeys([Self.key]).packet(index: 0),
                       [0x13, 0x00, 0x00, 0x00, 0x26, 0x00,  // 2 + 36 = 38 parameter bytes
                        0x01, 0x00] + Self.keyBytes)
        XCTAssertEqual(try ManagementCommand.loadLongTermKeys([]).packet(index: 0),
                       [0x13, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00], "an empty list clears the kernel's")
    }

    func testLoadIdentityResolvingKeysIsACountThen23BytesPerKey() throws {
        let irk = IdentityResolvingKey(peer: Self.staticRandom, value: Array(0x10...0x1F))
        XCTAssertEqual(try ManagementCommand.loadIdentityResolvingKeys([irk]).packet(index: 1),
                       [0x30, 0x00, 0x01, 0x00, 0x19, 0x00,  // 2 + 23 = 25
                        0x01, 0x00,
                        0x55, 0x44, 0x33, 0x22, 0x11, 0xF0, 0x02] + Array(0x10...0x1F))
    }

    func testTooManyKeysForOneCommandIsAnEncodingError() {
        let keys = [LongTermKey](repeating: Self.key, count: 1821)  // 2 + 1821 × 36 > 65535
        XCTAssertThrowsError(try ManagementCommand.loadLongTermKeys(keys).packet(index: 0)) {
            XCTAssertEqual($0 as? ManagementEncodingError, .tooManyKeys(what: "long term keys", count: 1821))
        }
        XCTAssertNoThrow(try ManagementCommand.loadLongTermKeys(Array(keys.prefix(1820))).packet(index: 0))
    }

    // MARK: Replies and events

    func testPairDeviceReplyNamesThePeer() throws {
        let frame = try ManagementEventFrame(decoding: [0x01, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x19, 0x00, 0x05]
                                             + Self.beltBytes + [0x01])
        XCTAssertEqual(frame.event, .commandComplete(opcode: .pairDevice, status: .authenticationFailed,
                                                     returnParameters: Self.beltBytes + [0x01]))
        XCTAssertEqual(try ManagementReply.address(Self.beltBytes + [0x01]), Self.belt)
        XCTAssertThrowsError(try ManagementReply.address(Self.beltBytes))
    }

    func testNewLongTermKeyEvent() throws {
        let packet: [UInt8] = [0x0A, 0x00, 0x00, 0x00, 0x25, 0x00, 0x01] + Self.keyBytes
        let frame = try ManagementEventFrame(decoding: packet)
        XCTAssertEqual(frame.event, .newLongTermKey(storeHint: true, key: Self.key))
        XCTAssertEqual(frame.packet, packet)
        var noHint = packet
        noHint[6] = 0x00
        XCTAssertEqual(try ManagementEventFrame(decoding: noHint).event, .newLongTermKey(storeHint: false, key: Self.key))
    }

    func testUserConfirmationRequestEvent() throws {
        let justWorks: [UInt8] = [0x0F, 0x00, 0x00, 0x00, 0x0C, 0x00] + Self.beltBytes + [0x01, 0x01, 0x00, 0x00, 0x00, 0x00]
        XCTAssertEqual(try ManagementEventFrame(decoding: justWorks).event,
                       .userConfirmationRequest(UserConfirmationRequest(peer: Self.belt, isJustWorks: true, value: 0)))
        // Numeric comparison: hint 0 and the six-digit value 123456 = 0x0001E240.
        let comparison: [UInt8] = [0x0F, 0x00, 0x00, 0x00, 0x0C, 0x00] + Self.beltBytes + [0x01, 0x00, 0x40, 0xE2, 0x01, 0x00]
        let frame = try ManagementEventFrame(decoding: comparison)
        XCTAssertEqual(frame.event, .userConfirmationRequest(UserConfirmationRequest(peer: Self.belt, isJustWorks: false, value: 123_456)))
        XCTAssertEqual(frame.packet, comparison)
    }

    func testAuthenticationFailedEvent() throws {
        let packet: [UInt8] = [0x11, 0x00, 0x01, 0x00, 0x08, 0x00] + Self.beltBytes + [0x01, 0x05]
        let frame = try ManagementEventFrame(decoding: packet)
        XCTAssertEqual(frame.controllerIndex, 1)
        XCTAssertEqual(frame.event, .authenticationFailed(peer: Self.belt, status: .authenticationFailed))
        XCTAssertEqual(frame.packet, packet)
    }

    func testNewIdentityResolvingKeyEventMapsTheRandomAddressToTheIdentity() throws {
        let rpa: [UInt8] = [0x66, 0x55, 0x44, 0x33, 0x22, 0x51]  // 51:22:33:44:55:66, resolvable (top bits 01)
        let packet: [UInt8] = [0x18, 0x00, 0x00, 0x00, 0x1E, 0x00, 0x01] + rpa
            + [0x55, 0x44, 0x33, 0x22, 0x11, 0xF0, 0x02] + Array(0x10...0x1F)
        let frame = try ManagementEventFrame(decoding: packet)
        XCTAssertEqual(frame.event, .newIdentityResolvingKey(
            storeHint: true, randomAddress: BluetoothAddress(string: "51:22:33:44:55:66")!,
            key: IdentityResolvingKey(peer: Self.staticRandom, value: Array(0x10...0x1F))))
        XCTAssertEqual(frame.packet, packet)
    }

    func testTruncatedPairingEventsAreTypedErrors() {
        let truncated: [[UInt8]] = [
            [0x0A, 0x00, 0x00, 0x00, 0x24, 0x00, 0x01] + Array(Self.keyBytes.dropLast()),
            [0x0F, 0x00, 0x00, 0x00, 0x0B, 0x00] + Self.beltBytes + [0x01, 0x01, 0x00, 0x00, 0x00],
            [0x11, 0x00, 0x00, 0x00, 0x07, 0x00] + Self.beltBytes + [0x01],
            [0x18, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01],
        ]
        for packet in truncated {
            XCTAssertThrowsError(try ManagementEventFrame(decoding: packet), "\(packet)") {
                guard case .truncated = $0 as? ManagementDecodingError else { return XCTFail("\($0)") }
            }
        }
        // An address type outside 0–2 is refused, not guessed.
        XCTAssertThrowsError(try ManagementEventFrame(decoding: [0x11, 0x00, 0x00, 0x00, 0x08, 0x00] + Self.beltBytes + [0x07, 0x05])) {
            XCTAssertEqual($0 as? ManagementDecodingError, .unknownAddressType(7))
        }
    }

    func testIdentityAddressesArePublicOrStaticRandom() {
        XCTAssertTrue(Self.belt.isIdentity)
        XCTAssertTrue(Self.staticRandom.isIdentity)
        XCTAssertFalse(ManagementAddress(BluetoothAddress(string: "51:22:33:44:55:66")!, type: .leRandom).isIdentity)
    }
}
