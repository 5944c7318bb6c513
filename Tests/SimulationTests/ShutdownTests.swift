import Foundation
import WayfinderTestKit
import XCTest

/// Runs the real binary as systemd would and stops it with SIGTERM.
final class ShutdownTests: XCTestCase {
    var binary: URL {
        // The test bundle sits beside the products; `make test` builds the executable first.
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("wayfinder")
    }

    func testSIGTERMStopsTheBeltVibratingSavesProgressAndExitsZero() throws {
        let binaryPath = [binary.path, "\(Repository.root)/.build/debug/wayfinder"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let binaryPath else {
            return XCTFail("build the executable first (make test does): \(binary.path)")
        }
        let state = NSTemporaryDirectory() + "wayfinder-term-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["run", "--config", Repository.demoConfig, "--log-level", "debug", "--fresh",
                             "--acceleration", "30", "--state-directory", state]
        process.environment = ["JOURNAL_STREAM": "8:1"]   // journal format: one priority-prefixed line per event
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let output = OutputCollector(errors.fileHandleForReading)
        try process.run()

        // Wait until the belt is vibrating toward the first waypoint.
        let deadline = Date().addingTimeInterval(30)
        while !output.text.contains("→ belt: channel 2") {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                return XCTFail("the appliance never commanded the belt:\n\(output.text)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let text = output.finish()

        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, text)
        let beltLines = text.split(separator: "\n").filter { $0.contains("→ belt:") }
        XCTAssertEqual(beltLines.suffix(2).map { String($0.split(separator: "→ belt: ").last ?? "") },
                       ["stop all", "mode wait"], "the last commands silence the belt:\n\(beltLines.suffix(5).joined(separator: "\n"))")
        XCTAssertTrue(text.contains("shutting down: stopping the belt's vibration"), text)
        XCTAssertTrue(text.contains("shutting down: route progress saved"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/progress.json"))
    }
}

/// Reads a pipe on a background thread so the child never blocks on a full pipe.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock(); data.append(chunk); lock.unlock()
            }
            done.signal()
        }
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    func finish() -> String {
        _ = done.wait(timeout: .now() + 10)
        return text
    }
}
