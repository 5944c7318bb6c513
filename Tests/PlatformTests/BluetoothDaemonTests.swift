import Foundation
import XCTest
@testable import Platform

/// Whether bluetoothd runs decides who keeps pairing keys; found by name in a /proc-shaped folder.
final class BluetoothDaemonTests: XCTestCase {
    func proc(_ processes: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString)").path
        for (pid, comm) in processes {
            try FileManager.default.createDirectory(atPath: "\(root)/\(pid)", withIntermediateDirectories: true)
            try Data(comm.utf8).write(to: URL(fileURLWithPath: "\(root)/\(pid)/comm"))
        }
        try FileManager.default.createDirectory(atPath: "\(root)/sys", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    func testFoundByItsExactCommandName() throws {
        XCTAssertTrue(BluetoothDaemon.isRunning(proc: try proc(["1": "systemd\n", "412": "bluetoothd\n"])))
    }

    func testOtherNamesDoNotCount() throws {
        XCTAssertFalse(BluetoothDaemon.isRunning(proc: try proc(["1": "systemd\n", "9": "bluetoothctl\n", "10": "obexd\n"])))
        XCTAssertFalse(BluetoothDaemon.isRunning(proc: "/nonexistent-proc"))
    }
}
