import Foundation

/// An external tool (BlueZ's btgatt-server/-client, btmgmt) run by a check: stdin is a pipe we hold
/// open (btgatt-server exits at once on a /dev/null stdin, hil-rig.md trap 5; btgatt-client ends on
/// stdin EOF), stdout and stderr are collected line by line.
final class ToolProcess: @unchecked Sendable {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var text = ""  // guarded by lock

    init(_ path: String, _ arguments: [String]) throws {
        name = (path as NSString).lastPathComponent
        process.executableURL = URL(fileURLWithPath: try Self.locate(path))
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            let chunk = String(decoding: data, as: UTF8.self)
            self.lock.withLock { self.text += chunk }
        }
        try process.run()
    }

    /// Everything the tool printed so far, without terminal colour codes.
    var transcript: String {
        lock.withLock { text }.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    var isRunning: Bool { process.isRunning }

    /// Sends one line on the tool's stdin.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes stdin (btgatt-client then quits).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until the transcript contains `needle`.
    func waitFor(_ needle: String, timeout: Duration) async throws {
        try await waitUntil(timeout, "\(name) printing \"\(needle)\"") { self.transcript.contains(needle) }
    }

    /// Waits for the tool to exit by itself, else stops it.
    func finish(within limit: Duration) async {
        try? await waitUntil(limit, "\(name) exiting") { !self.isRunning }
        if process.isRunning {
            process.terminate()
            try? await waitUntil(.seconds(2), "\(name) exiting") { !self.isRunning }
        }
        output.fileHandleForReading.readabilityHandler = nil
    }

    private static func locate(_ tool: String) throws -> String {
        if tool.contains("/") { return tool }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw HILFailure("\(tool) is not on PATH (the rig image must provide it)")
    }
}
