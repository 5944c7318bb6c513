import XCTest
import Logging
import Platform
@testable import BLE
@testable import BLESockets

/// `BLEPairing` over its real I/O path (socket, reader thread, client) against a scripted kernel that
/// behaves as net/bluetooth/mgmt.c and smp.c do for an LE Just Works pairing: the User Confirmation
/// Request arrives while Pair Device is outstanding, SMP waits for the answer, then the keys come as
/// New Long Term Key events and only then the Pair Device Command Complete.
final class BLEPairingTests: XCTestCase {
    let logger = Logger(label: "test")
    static let belt = PairingCodecTests.belt
    static let hint = "hold the belt's Home button until it vibrates in fast pulses"

    static func pairComplete(_ status: ManagementStatus, _ peer: ManagementAddress = belt, index: UInt16 = 0) -> ManagementEventFrame {
        ManagementEventFrame(controllerIndex: index, event: .commandComplete(opcode: .pairDevice, status: status, returnParameters: peer.bytes))
    }

    static func confirmRequest(_ peer: ManagementAddress = belt, justWorks: Bool = true, index: UInt16 = 0) -> ManagementEventFrame {
        ManagementEventFrame(controllerIndex: index, event: .userConfirmationRequest(
            UserConfirmationRequest(peer: peer, isJustWorks: justWorks, value: justWorks ? 0 : 123_456)))
    }

    static func newKey(_ hint: Bool = true, _ key: LongTermKey = PairingCodecTests.key) -> ManagementEventFrame {
        ManagementEventFrame(controllerIndex: 0, event: .newLongTermKey(storeHint: hint, key: key))
    }

    func pair(_ kernel: ScriptedKernel, timeout: Duration = .seconds(3)) async throws(BLEPairingError) -> PairingOutcome {
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
        return try await BLEPairing.pair(adapter: "hci0", peer: Self.belt, hint: Self.hint, timeout: timeout,
                                         logger: logger, client: client)
    }

    /// A kernel whose Pair Device waits for our User Confirmation Reply, then bonds.
    static func justWorksKernel(keyEvents: [ManagementEventFrame] = [newKey()]) -> ScriptedKernel {
        ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .setBondable:
                var settings: [UInt8] = []
                settings.appendLittleEndian(ControllerSettings([.powered, .lowEnergy, .bondable]).rawValue)
                return [ScriptedKernel.complete(command, .success, settings)]
            case .pairDevice:
                return [confirmRequest()]
            case .userConfirmationReply:
                return [ScriptedKernel.complete(command, .success, command.parameters)] + keyEvents + [pairComplete(.success)]
            default:
                return [ScriptedKernel.complete(command, .unknownCommand)]
            }
        })
    }

    func testJustWorksIsConfirmedWhilePairDeviceWaitsAndTheStoredKeyIsKept() async throws {
        let kernel = Self.justWorksKernel()
        defer { kernel.stop() }
        let outcome = try await pair(kernel)
        XCTAssertEqual(outcome.peer, Self.belt)
        XCTAssertEqual(outcome.bond, Bond(peer: Self.belt, longTermKeys: [PairingCodecTests.key]))
        XCTAssertEqual(kernel.opcodes, [.readIndexList, .readControllerInformation, .setBondable, .pairDevice,
                                        .userConfirmationReply, .setBondable])
        let sent = kernel.commands
        XCTAssertEqual(sent[2].parameters, [0x01], "bondable for the pairing")
        XCTAssertEqual(sent[3].parameters, PairingCodecTests.beltBytes + [0x01, 0x03], "NoInputNoOutput")
        XCTAssertEqual(sent[4].parameters, PairingCodecTests.beltBytes + [0x01])
        XCTAssertEqual(sent[5].parameters, [0x00], "put back as it was")
    }

    func testAnAlreadyBondableAdapterIsLeftAlone() async throws {
        let kernel = ScriptedKernel(script: { command, _ in
            switch command.opcode {
            case .readIndexList:
                return [ScriptedKernel.complete(command, .success, [0x01, 0x00, 0x00, 0x00])]
            case .readControllerInformation:
                var information = ScriptedKernel.information()
                information.currentSettings.insert(.bondable)
                return [ScriptedKernel.complete(command, .success, information.returnParameters)]
            case .pairDevice:
                return [Self.confirmRequest()]
            case .userConfirmationReply:
                return [ScriptedKernel.complete(command, .success, command.parameters), Self.newKey(), Self.pairComplete(.success)]
            default:
                return [ScriptedKernel.complete(command, .unknownCommand)]
            }
        })
        defer { kernel.stop() }
        _ = try await pair(kernel)
        XCTAssertEqual(kernel.count(.setBondable), 0)
    }

    /// smp.c `smp_notify_keys`: no store hint when the peer did not ask for bonding.
    func testKeysWithoutStoreHintLeaveNoBond() async throws {
        let kernel = Self.justWorksKernel(keyEvents: [Self.newKey(false)])
        defer { kernel.stop() }
        let outcome = try await pair(kernel)
        XCTAssertNil(outcome.bond)
    }

    /// A peer on a resolvable private address: its IRK arrives first and names its identity, the LTK
    /// and the Pair Device answer then use the identity (mgmt-api.txt, "Pair Device Command").
    func testAResolvablePeerIsBondedUnderItsIdentity() async throws {
        let rpa = ManagementAddress(BluetoothAddress(string: "51:22:33:44:55:66")!, type: .leRandom)
        let identity = PairingCodecTests.staticRandom
        let irk = IdentityResolvingKey(peer: identity, value: Array(0x10...0x1F))
        var identityKey = PairingCodecTests.key
        identityKey.peer = identity
        let key = identityKey
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .setBondable:
                return [ScriptedKernel.complete(command, .success, [0, 0, 0, 0])]
            case .pairDevice:
                return [Self.confirmRequest(rpa)]
            case .userConfirmationReply:
                return [ScriptedKernel.complete(command, .success, command.parameters),
                        ManagementEventFrame(controllerIndex: 0, event: .newIdentityResolvingKey(storeHint: true, randomAddress: rpa.address, key: irk)),
                        Self.newKey(true, key), Self.pairComplete(.success, identity)]
            default:
                return [ScriptedKernel.complete(command, .unknownCommand)]
            }
        })
        defer { kernel.stop() }
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
        let outcome = try await BLEPairing.pair(adapter: nil, peer: rpa, hint: Self.hint, logger: logger, client: client)
        XCTAssertEqual(outcome.peer, identity)
        XCTAssertEqual(outcome.bond, Bond(peer: identity, longTermKeys: [key], identityResolvingKey: irk))
    }

    func testAuthenticationFailedTellsHowToEnterPairingMode() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .pairDevice: return [Self.pairComplete(.authenticationFailed)]
            default: return [ScriptedKernel.complete(command, .success, [0, 0, 0, 0])]
            }
        })
        defer { kernel.stop() }
        do {
            _ = try await pair(kernel)
            XCTFail("paired")
        } catch {
            XCTAssertEqual(error, .refused(peer: Self.belt, hint: Self.hint))
            XCTAssertTrue(error.description.contains("Home button"), error.description)
            XCTAssertTrue(error.description.contains("pairing mode"), error.description)
        }
        XCTAssertEqual(kernel.opcodes.last, .setBondable, "bondable is put back after a failure too")
    }

    /// Confirm_Hint 0 needs a display: we decline, SMP fails (Authentication Failed), and the error
    /// says why rather than "not in pairing mode".
    func testANumericComparisonIsDeclined() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .pairDevice: return [Self.confirmRequest(justWorks: false)]
            case .userConfirmationNegativeReply:
                return [ScriptedKernel.complete(command, .success, command.parameters), Self.pairComplete(.authenticationFailed)]
            default: return [ScriptedKernel.complete(command, .success, [0, 0, 0, 0])]
            }
        })
        defer { kernel.stop() }
        do {
            _ = try await pair(kernel)
            XCTFail("paired")
        } catch {
            XCTAssertEqual(error, .numericComparisonRequired(peer: Self.belt))
        }
        XCTAssertEqual(kernel.count(.userConfirmationReply), 0)
        XCTAssertEqual(kernel.count(.userConfirmationNegativeReply), 1)
    }

    /// Someone else's pairing (another peer, another adapter) is not ours to answer.
    func testConfirmationsForOtherPeersOrAdaptersAreNotAnswered() async throws {
        let phone = ManagementAddress(BluetoothAddress(string: "11:22:33:44:55:66")!, type: .lePublic)
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .pairDevice:
                return [Self.confirmRequest(phone), Self.confirmRequest(index: 1), Self.confirmRequest()]
            case .userConfirmationReply:
                return [ScriptedKernel.complete(command, .success, command.parameters), Self.newKey(), Self.pairComplete(.success)]
            default:
                return [ScriptedKernel.complete(command, .success, [0, 0, 0, 0])]
            }
        })
        defer { kernel.stop() }
        _ = try await pair(kernel)
        let replies = kernel.commands.filter { $0.opcode == .userConfirmationReply }
        XCTAssertEqual(replies.map(\.parameters), [PairingCodecTests.beltBytes + [0x01]])
        XCTAssertEqual(replies.map(\.controllerIndex), [0])
    }

    /// The kernel waits for an absent peer without limit (`hci_connect_le_scan`): our deadline
    /// cancels the pairing so the adapter stops looking.
    func testOurDeadlineCancelsThePairing() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .pairDevice: return []
            case .cancelPairDevice: return [ScriptedKernel.complete(command, .success, command.parameters), Self.pairComplete(.cancelled)]
            default: return [ScriptedKernel.complete(command, .success, [0, 0, 0, 0])]
            }
        })
        defer { kernel.stop() }
        do {
            _ = try await pair(kernel, timeout: .milliseconds(300))
            XCTFail("paired")
        } catch {
            XCTAssertEqual(error, .timedOut(peer: Self.belt, after: .milliseconds(300), hint: Self.hint))
            XCTAssertTrue(error.description.contains("within 0.3 s"), error.description)
        }
        XCTAssertEqual(kernel.commands.first { $0.opcode == .cancelPairDevice }?.parameters, PairingCodecTests.beltBytes + [0x01])
    }

    func testStatusesBecomeErrorsThatSayWhatToDo() {
        let session = PairingSession(controllerIndex: 0, adapterName: "hci0", target: Self.belt, hint: Self.hint)
        func error(_ status: ManagementStatus) -> BLEPairingError? {
            if case let .failure(error) = session.finish(status: status, returnParameters: []) { return error }
            return nil
        }
        XCTAssertEqual(error(.alreadyPaired), .alreadyPaired(peer: Self.belt))
        XCTAssertEqual(error(.connectFailed), .unreachable(peer: Self.belt, status: .connectFailed, hint: Self.hint))
        XCTAssertEqual(error(.timeout), .unreachable(peer: Self.belt, status: .timeout, hint: Self.hint))
        XCTAssertEqual(error(.disconnected), .interrupted(peer: Self.belt, status: .disconnected, hint: Self.hint))
        XCTAssertEqual(error(.failed), .interrupted(peer: Self.belt, status: .failed, hint: Self.hint))
        XCTAssertEqual(error(.notSupported), .notSupported(peer: Self.belt, adapter: "hci0"))
        XCTAssertEqual(error(.busy), .busy(peer: Self.belt))
        XCTAssertEqual(error(.rejected), .rejected(peer: Self.belt, adapter: "hci0", hint: Self.hint))
        XCTAssertEqual(error(.notPowered), .management(.poweredOff(adapter: "hci0")))
        XCTAssertEqual(error(.permissionDenied), .management(.permissionDenied(operation: "pair with \(Self.belt)")))
        XCTAssertEqual(error(.invalidParameters), .failed(operation: "Pair Device with \(Self.belt) on hci0", status: .invalidParameters))
        XCTAssertTrue(BLEPairingError.busy(peer: Self.belt).description.contains("bluetoothctl"))
        XCTAssertTrue(BLEPairingError.rejected(peer: Self.belt, adapter: "hci1", hint: Self.hint).description.contains("btmgmt --index 1 le on"))
        XCTAssertTrue(BLEPairingError.alreadyPaired(peer: Self.belt).description.contains("--unpair"))
    }

    func testUnpairRemovesKeysAndSaysWhetherThereWereAny() async throws {
        for (status, expected) in [(ManagementStatus.success, true), (.notPaired, false)] {
            let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
                [ScriptedKernel.complete(command, command.opcode == .unpairDevice ? status : .success, command.parameters)]
            })
            defer { kernel.stop() }
            let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
            let removed = try await BLEPairing.unpair(adapter: "hci0", peer: Self.belt, logger: logger, client: client)
            XCTAssertEqual(removed, expected)
            XCTAssertEqual(kernel.commands.last?.opcode, .unpairDevice)
            XCTAssertEqual(kernel.commands.last?.parameters, PairingCodecTests.beltBytes + [0x01, 0x01], "and disconnect")
        }
    }

    func testLoadGivesTheKernelIRKsThenLongTermKeys() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in [ScriptedKernel.complete(command)] })
        defer { kernel.stop() }
        let irk = IdentityResolvingKey(peer: PairingCodecTests.staticRandom, value: Array(0x10...0x1F))
        let bonds = [Bond(peer: Self.belt, longTermKeys: [PairingCodecTests.key]),
                     Bond(peer: PairingCodecTests.staticRandom, longTermKeys: [], identityResolvingKey: irk)]
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
        try await BLEPairing.load(bonds, adapter: "hci0", logger: logger, client: client)
        XCTAssertEqual(Array(kernel.opcodes.suffix(2)), [.loadIdentityResolvingKeys, .loadLongTermKeys])
        XCTAssertEqual(kernel.commands.last?.parameters, [0x01, 0x00] + PairingCodecTests.keyBytes)
    }

    func testLoadWithoutPermissionSaysCapNetAdmin() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            [ScriptedKernel.complete(command, command.opcode == .loadLongTermKeys ? .permissionDenied : .success)]
        })
        defer { kernel.stop() }
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
        do {
            try await BLEPairing.load([Bond(peer: Self.belt, longTermKeys: [PairingCodecTests.key])], adapter: "hci0",
                                      logger: logger, client: client)
            XCTFail("loaded")
        } catch {
            XCTAssertTrue(error.description.contains("CAP_NET_ADMIN"), error.description)
        }
    }
}
