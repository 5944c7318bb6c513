import XCTest
import Logging
import Platform
@testable import BLE
@testable import BLESockets

/// The scanner's real I/O path (socket, reader thread, client, session) against a scripted kernel
/// over a socketpair. The rig runs it against the kernel's own mgmt.
final class BLEScannerTests: XCTestCase {
    let logger = Logger(label: "test")

    func scan(_ kernel: ScriptedKernel, for duration: Duration = .milliseconds(600),
              options: BLEScanOptions = BLEScanOptions(retryInterval: .milliseconds(200))) async throws(BLEManagementError) -> BLEScanResult {
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .seconds(3), logger: logger)
        return try await BLEScanner.scan(client: client, options: options, for: duration, clock: .continuous(), logger: logger)
    }

    func testOurOwnDiscoveryFindsDevicesAndIsStoppedAtTheEnd() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .startDiscovery:
                return [ScriptedKernel.complete(command, .success, [0x06]),
                        ManagementEventFrame(controllerIndex: 0, event: .discovering(addressTypes: .le, isDiscovering: true)),
                        ScriptedKernel.deviceFound("11:22:33:44:55:66", rssi: -61, name: "Fuffr"),
                        ScriptedKernel.deviceFound("11:22:33:44:55:66", rssi: -49, name: "Fuffr")]
            case .stopDiscovery:
                return [ScriptedKernel.complete(command, .success, [0x06])]
            default:
                return [ScriptedKernel.complete(command, .unknownCommand)]
            }
        })
        defer { kernel.stop() }
        let result = try await scan(kernel)
        XCTAssertEqual(result.adapter.name, "hci0")
        XCTAssertEqual(result.devices.all.map(\.name), ["Fuffr"])
        XCTAssertEqual(result.devices.all.first?.rssi, -49)
        let stopped = await kernel.wait { kernel.count(.stopDiscovery) == 1 }
        XCTAssertTrue(stopped)
        XCTAssertEqual(kernel.opcodes, [.readIndexList, .readControllerInformation, .startDiscovery, .stopDiscovery])
        XCTAssertEqual(kernel.commands.first { $0.opcode == .startDiscovery }?.parameters, [0x06])
    }

    /// bluetoothd already discovering: Busy, its results used, never its discovery stopped.
    func testBusyListensToBluetoothdsDiscoveryAndNeverStopsIt() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .startDiscovery:
                return [ScriptedKernel.complete(command, .busy, [0x06]),
                        ScriptedKernel.deviceFound("11:22:33:44:55:77", rssi: -70, name: "Pencil")]
            default:
                return [ScriptedKernel.complete(command, .success)]
            }
        })
        defer { kernel.stop() }
        let result = try await scan(kernel, for: .milliseconds(700))
        XCTAssertEqual(result.devices.all.map(\.name), ["Pencil"])
        XCTAssertGreaterThanOrEqual(kernel.count(.startDiscovery), 2, "asked again after the retry interval")
        // A stop the scanner wrongly sent would be in the kernel's socket by now, read or not.
        kernel.stopAndReadTheRest()
        XCTAssertEqual(kernel.count(.stopDiscovery), 0)
    }

    /// The kernel ends LE discovery by itself (Discovering = 0); the scanner starts it again.
    func testDiscoveryEndedByTheKernelIsRestarted() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, kernel in
            switch command.opcode {
            case .startDiscovery:
                var frames = [ScriptedKernel.complete(command, .success, [0x06])]
                if kernel.count(.startDiscovery) == 1 {
                    frames.append(ManagementEventFrame(controllerIndex: 0, event: .discovering(addressTypes: .le, isDiscovering: false)))
                }
                return frames
            default:
                return [ScriptedKernel.complete(command, .success, [0x06])]
            }
        })
        defer { kernel.stop() }
        _ = try await scan(kernel, for: .milliseconds(500), options: BLEScanOptions(retryInterval: .seconds(60)))
        XCTAssertEqual(kernel.count(.startDiscovery), 2)
        let stopped = await kernel.wait { kernel.count(.stopDiscovery) == 1 }
        XCTAssertTrue(stopped)
    }

    func testAPoweredOffAdapterIsReportedAndLeftOff() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter(powered: false) { command, _ in
            [ScriptedKernel.complete(command, .success)]
        })
        defer { kernel.stop() }
        do {
            _ = try await scan(kernel)
            XCTFail("scanned a powered-off adapter")
        } catch {
            XCTAssertEqual(error, .poweredOff(adapter: "hci0"))
        }
        XCTAssertEqual(kernel.opcodes, [.readIndexList, .readControllerInformation])
    }

    func testPowerOptionSwitchesTheAdapterOn() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter(powered: false) { command, _ in
            [ScriptedKernel.complete(command, .success, [0x06])]
        })
        defer { kernel.stop() }
        _ = try await scan(kernel, for: .milliseconds(300), options: BLEScanOptions(power: true))
        XCTAssertEqual(Array(kernel.opcodes.prefix(4)), [.readIndexList, .readControllerInformation, .setPowered, .startDiscovery])
        XCTAssertEqual(kernel.commands[2].parameters, [0x01])
    }

    /// An untrusted socket (no CAP_NET_ADMIN) gets Command Status Permission Denied (hci_mgmt_cmd).
    func testPermissionDeniedIsTyped() async {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            [ManagementEventFrame(controllerIndex: command.controllerIndex,
                                  event: .commandStatus(opcode: command.opcode, status: .permissionDenied))]
        })
        defer { kernel.stop() }
        do {
            _ = try await scan(kernel)
            XCTFail("scanned without permission")
        } catch {
            XCTAssertEqual(error, .permissionDenied(operation: "start discovery on hci0"))
        }
    }

    func testAKernelThatNeverAnswersTimesOut() async {
        let kernel = ScriptedKernel { _, _ in [] }
        defer { kernel.stop() }
        let client = ManagementClient(socket: kernel.clientSocket, commandTimeout: .milliseconds(200), logger: logger)
        do {
            _ = try await client.send(.readIndexList, index: ManagementIndex.none)
            XCTFail("answered")
        } catch {
            XCTAssertEqual(error, .timeout(operation: "Read Controller Index List"))
        }
        await client.close()
    }

    static func discoveringKernel() -> ScriptedKernel {
        ScriptedKernel(script: ScriptedKernel.oneAdapter { command, _ in
            switch command.opcode {
            case .startDiscovery:
                return [ScriptedKernel.complete(command, .success, [0x06]),
                        ScriptedKernel.deviceFound("11:22:33:44:55:88", rssi: -40, name: "naviGuertel")]
            default:
                return [ScriptedKernel.complete(command, .success, [0x06])]
            }
        })
    }

    static func updates(from kernel: ScriptedKernel) -> AsyncThrowingStream<DiscoveredDevice, any Error> {
        let socket = kernel.clientSocket
        let logger = Logger(label: "test")
        return BLEScanner.updates(options: BLEScanOptions(), logger: logger) { () throws(BLEManagementError) in
            ManagementClient(socket: socket, logger: logger)
        }
    }

    /// Takes the first update; the stream is released on return.
    static func firstUpdate(from kernel: ScriptedKernel) async throws -> DiscoveredDevice? {
        var iterator = updates(from: kernel).makeAsyncIterator()
        return try await iterator.next()
    }

    static func consume(from kernel: ScriptedKernel, noting seen: ScriptedKernel.Flag) async throws {
        var iterator = updates(from: kernel).makeAsyncIterator()
        while try await iterator.next() != nil { seen.value = true }
    }

    /// The consumer of `updates` going away (its stream released) cancels the scan, which still
    /// stops its discovery.
    func testAConsumerThatGoesAwayStopsDiscovery() async throws {
        let kernel = Self.discoveringKernel()
        defer { kernel.stop() }
        let first = try await Task { try await BLEScannerTests.firstUpdate(from: kernel) }.value
        XCTAssertEqual(first?.name, "naviGuertel")
        let stopped = await kernel.wait { kernel.count(.stopDiscovery) == 1 }
        XCTAssertTrue(stopped, "commands seen: \(kernel.opcodes)")
    }

    func testCancellingTheConsumingTaskStopsDiscovery() async throws {
        let kernel = Self.discoveringKernel()
        defer { kernel.stop() }
        let seen = ScriptedKernel.Flag(false)
        let consumer = Task { try await BLEScannerTests.consume(from: kernel, noting: seen) }
        let sawDevice = await kernel.wait { seen.value }
        XCTAssertTrue(sawDevice)
        XCTAssertEqual(kernel.count(.stopDiscovery), 0, "still scanning while consumed")
        consumer.cancel()
        let stopped = await kernel.wait { kernel.count(.stopDiscovery) == 1 }
        XCTAssertTrue(stopped, "commands seen: \(kernel.opcodes)")
    }

    func testMalformedPacketsFromTheKernelAreSkipped() async throws {
        let kernel = ScriptedKernel(script: ScriptedKernel.oneAdapter { command, kernel in
            if command.opcode == .startDiscovery {
                kernel.inject(ManagementEventFrame(controllerIndex: 0, event: .other(code: .deviceFound, parameters: [1, 2, 3])))
                return [ScriptedKernel.complete(command, .success, [0x06]),
                        ScriptedKernel.deviceFound("11:22:33:44:55:99", rssi: -40, name: "Fuffr")]
            }
            return [ScriptedKernel.complete(command, .success, [0x06])]
        })
        defer { kernel.stop() }
        let result = try await scan(kernel, for: .milliseconds(400))
        XCTAssertEqual(result.devices.all.map(\.name), ["Fuffr"])
    }
}
