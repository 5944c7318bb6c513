import Foundation
import Platform

/// The rig's two virtual controllers (btvirt -l2), as the guest's init names them in the
/// environment: the peripheral side plays the belt, case or pen; the central side is the Pi.
struct HILEnvironment: Sendable {
    let peripheralAdapter: String
    let peripheralAddress: BluetoothAddress
    let centralAdapter: String
    let centralAddress: BluetoothAddress

    static func fromProcess() throws -> HILEnvironment {
        let env = ProcessInfo.processInfo.environment
        func address(_ key: String, _ fallback: String) throws -> BluetoothAddress {
            let text = env[key] ?? fallback
            guard let a = BluetoothAddress(string: text) else { throw HILFailure("\(key)=\(text) is not a Bluetooth address") }
            return a
        }
        return HILEnvironment(
            peripheralAdapter: env["HIL_PERIPHERAL_ADAPTER"] ?? "hci0",
            peripheralAddress: try address("HIL_PERIPHERAL_ADDRESS", "00:AA:01:00:00:00"),
            centralAdapter: env["HIL_CENTRAL_ADAPTER"] ?? "hci1",
            centralAddress: try address("HIL_CENTRAL_ADDRESS", "00:AA:01:01:00:01"))
    }

    /// The adapter index of "hciN".
    static func index(of adapter: String) -> UInt16? {
        adapter.hasPrefix("hci") ? UInt16(adapter.dropFirst(3)) : nil
    }
}
