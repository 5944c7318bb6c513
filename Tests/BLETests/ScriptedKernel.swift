import Foundation
import Platform
import WayfinderTestKit
@testable import BLE

/// The kernel's side of a management socket, played over a `socketpair(AF_UNIX, SOCK_SEQPACKET)`
/// with real mgmt bytes, so `ManagementClient` and `BLEScanner` run their real I/O path in tests.
///
/// This is a test double, not a kernel: it answers what each test scripts. The rig runs the same
/// code against the kernel's own mgmt (btvirt controllers).
final class ScriptedKernel: @unchecked Sendable {
    typealias Script = @Sendable (_ command: ManagementCommandPacket, _ kernel: ScriptedKernel) -> [ManagementEventFrame]

    let clientSocket: ManagementSocket
    private let kernelSocket: ManagementSocket
    private let script: Script
    private let lock = NSLock()
    private var received: [ManagementCommandPacket] = []  // guarded by lock
    private var stopped = false  // guarded by lock
    /// Signalled when the thread has left its loop.
    private let exited = DispatchSemaphore(value: 0)
    private var joined = false  // guarded by lock

    init(script: @escaping Script) {
        var fds: [Int32] = [-1, -1]
        let rc = socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds)
        precondition(rc == 0, "socketpair failed: \(errno)")
        clientSocket = ManagementSocket(adopting: fds[0])
        kernelSocket = ManagementSocket(adopting: fds[1])
        self.script = script
        let thread = Thread { [self] in loop() }
        thread.start()
    }

    var commands: [ManagementCommandPacket] { lock.withLock { received } }
    var opcodes: [ManagementOpcode] { commands.map(\.opcode) }

    /// How many commands with `opcode` arrived so far.
    func count(_ opcode: ManagementOpcode) -> Int { commands.filter { $0.opcode == opcode }.count }

    /// Sends an event unprompted (a device advertising, bluetoothd's discovery ending…).
    func inject(_ frame: ManagementEventFrame) {
        try? kernelSocket.send(frame.packet)
    }

    func stop() {
        halt()
        kernelSocket.close()
    }

    /// Ends this kernel's thread and reads, on the caller's thread, every command the client sent
    /// that it had not read yet, answering each as the thread would. A command the client sent is in
    /// the socket's buffer once its `send` returned, so after this a check that a command was *not*
    /// sent covers everything sent before the call, with no silence waited out.
    func stopAndReadTheRest() {
        halt()
        while let packet = try? kernelSocket.receive(timeout: .zero) {
            handle(packet)
        }
        kernelSocket.close()
    }

    /// Stops the thread and waits for it to leave its loop: at most one receive timeout (50 ms).
    private func halt() {
        let mustJoin = lock.withLock { () -> Bool in
            stopped = true
            defer { joined = true }
            return !joined
        }
        if mustJoin { _ = exited.wait(timeout: .now() + 5) }
    }

    /// Waits until `condition` holds, false if not within `timeout`: what the client sends reaches
    /// this kernel's own thread over the socketpair, which no test loop drains, so it is polled.
    func wait(timeout: Duration = .seconds(5), until condition: () -> Bool) async -> Bool {
        (try? await eventually("the scripted kernel's condition", timeout: timeout, every: .milliseconds(10), condition)) != nil
    }

    private func loop() {
        defer { exited.signal() }
        while !lock.withLock({ stopped }) {
            let packet: [UInt8]?
            do { packet = try kernelSocket.receive(timeout: .milliseconds(50)) } catch { break }
            if let packet { handle(packet) }
        }
    }

    private func handle(_ packet: [UInt8]) {
        guard let command = try? ManagementCommandPacket(decoding: packet) else { return }
        lock.withLock { received.append(command) }
        for frame in script(command, self) { inject(frame) }
    }

    // MARK: Canned answers

    static func complete(_ command: ManagementCommandPacket, _ status: ManagementStatus = .success,
                         _ parameters: [UInt8] = []) -> ManagementEventFrame {
        ManagementEventFrame(controllerIndex: command.controllerIndex,
                             event: .commandComplete(opcode: command.opcode, status: status, returnParameters: parameters))
    }

    static func information(powered: Bool = true, lowEnergy: Bool = true) -> ControllerInformation {
        ControllerInformation(address: BluetoothAddress(string: "00:AA:01:00:00:00")!,
                              supportedSettings: [.powered, .connectable, .lowEnergy, .advertising],
                              currentSettings: (powered ? ControllerSettings.powered : []).union(lowEnergy ? ControllerSettings.lowEnergy : []),
                              name: "BlueZ virtual")
    }

    /// One adapter, hci0, answering the adapter queries; `other` handles everything else.
    static func oneAdapter(powered: Bool = true,
                           other: @escaping @Sendable (ManagementCommandPacket, ScriptedKernel) -> [ManagementEventFrame]) -> Script {
        let poweredNow = Flag(powered)
        return { command, kernel in
            switch command.opcode {
            case .readIndexList:
                return [complete(command, .success, [0x01, 0x00, 0x00, 0x00])]
            case .readControllerInformation:
                return [complete(command, .success, information(powered: poweredNow.value).returnParameters)]
            case .setPowered:
                poweredNow.value = command.parameters == [1]
                var settings: [UInt8] = []
                settings.appendLittleEndian(information(powered: poweredNow.value).currentSettings.rawValue)
                return [complete(command, .success, settings)]
            default:
                return other(command, kernel)
            }
        }
    }

    static func deviceFound(_ address: String, rssi: Int8, name: String, index: UInt16 = 0) -> ManagementEventFrame {
        ManagementEventFrame(controllerIndex: index, event: .deviceFound(DeviceFoundEvent(
            address: BluetoothAddress(string: address)!, addressType: .leRandom, rssi: rssi,
            eir: [UInt8(name.utf8.count + 1), 0x09] + Array(name.utf8))))
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool
        init(_ value: Bool) { stored = value }
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
