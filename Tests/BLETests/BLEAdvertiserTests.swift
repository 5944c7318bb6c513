import XCTest
import Logging
import Platform
@testable import BLE
@testable import BLESockets

/// What a peripheral simulator asks the kernel to advertise (mgmt Add/Remove Advertising).
final class BLEAdvertiserTests: XCTestCase {
    static let legacy = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!

    /// As FSLib-iOS's README has it: the UUID in the advertisement, the name in the scan response.
    func testBeltSimulatorPlanLetsTheKernelAddFlagsAndKeepsItsOwnData() throws {
        let advertising = AdvertisingData(serviceUUIDLists: [ServiceUUIDList(width: .bits128, isComplete: true, uuids: [Self.legacy])])
        let scanResponse = AdvertisingData(localName: "naviGuertel SIM")
        let parameters = try AdvertisingPlan.parameters(advertising: advertising, scanResponse: scanResponse)
        XCTAssertEqual(parameters.flags, [.connectable, .discoverable])
        XCTAssertEqual(parameters.advertisingData, [0x11, 0x07] + Self.legacy.wire128)
        XCTAssertEqual(parameters.scanResponse, [0x10, 0x09] + Array("naviGuertel SIM".utf8))
    }

    func testDataWithItsOwnFlagsDoesNotAskTheKernelForFlags() throws {
        let advertising = AdvertisingData(flags: .leGeneralDiscoverable, localName: "Fuffr")
        let parameters = try AdvertisingPlan.parameters(advertising: advertising, connectable: false)
        XCTAssertEqual(parameters.flags, [])
        XCTAssertEqual(parameters.advertisingData, [0x02, 0x01, 0x06, 0x06, 0x09] + Array("Fuffr".utf8))
    }

    func testTheKernelsFlagsCountAgainstTheThirtyOneBytes() {
        let advertising = AdvertisingData(localName: String(repeating: "x", count: 27))  // 29 bytes + 3 for flags
        XCTAssertThrowsError(try AdvertisingPlan.parameters(advertising: advertising)) {
            XCTAssertEqual($0 as? BLEManagementError, .advertisingData(.tooLong(length: 29, limit: 28)))
        }
    }

    func testStartAddsTheInstanceAndStopRemovesIt() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .addAdvertising, .removeAdvertising:
                return [ScriptedKernel.complete(command, .success, [command.parameters.first ?? 0])]
            default:
                return [ScriptedKernel.complete(command, .unknownCommand)]
            }
        })
        defer { kernel.stop() }
        let client = ManagementClient(socket: kernel.clientSocket, logger: Logger(label: "test"))
        let advertiser = try await BLEAdvertiser.start(instance: 3, advertising: AdvertisingData(localName: "Pencil"), client: client)
        XCTAssertEqual(advertiser.instance, 3)
        let add = try XCTUnwrap(kernel.commands.first { $0.opcode == .addAdvertising })
        XCTAssertEqual(add.controllerIndex, 0)
        XCTAssertEqual(Array(add.parameters.prefix(11)), [0x03, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00])
        XCTAssertEqual(Array(add.parameters.dropFirst(11)), [0x07, 0x09] + Array("Pencil".utf8))
        try await advertiser.stop()
        XCTAssertEqual(kernel.commands.last?.opcode, .removeAdvertising)
        XCTAssertEqual(kernel.commands.last?.parameters, [0x03])
    }
}
