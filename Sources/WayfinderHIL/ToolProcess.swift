import Foundation

/// An external tool (BlueZ's btgatt-server/-client, btmgmt) run by a check: stdin is a pipe we hold
/// open (btgatt-server exits at once on a /dev/null stdin, docs/hil.md "Traps"; btgatt-client ends on
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

    /// The exit status once the tool has exited, else nil.
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Runs a tool to its end and returns its status and output. The wait polls (as `finish` does)
    /// rather than blocking a thread: the guest has one CPU, so the cooperative pool has one thread,
    /// and the simulated peripherals serving the appliance run on it.
    /// `closingInput` false keeps stdin an open, silent pipe: BlueZ's shells (btmgmt) spin on a stdin
    /// at end of file instead of exiting after their command.
    static func run(_ path: String, _ arguments: [String], within limit: Duration = .seconds(30),
                    closingInput: Bool = true) async throws -> (status: Int32, output: String) {
        let tool = try ToolProcess(path, arguments)
        if closingInput { tool.closeInput() }
        await tool.finish(within: limit)
        tool.closeInput()
        guard let status = tool.exitStatus else { throw HILFailure("\(tool.name) \(arguments.joined(separator: " ")) did not exit within \(limit)") }
        return (status, tool.transcript)
    }

    /// Runs a tool that must succeed; its output.
    @discardableResult
    static func succeed(_ path: String, _ arguments: [String], within limit: Duration = .seconds(30),
                        closingInput: Bool = true) async throws -> String {
        let (status, output) = try await run(path, arguments, within: limit, closingInput: closingInput)
        guard status == 0 else {
            throw HILFailure("\(path) \(arguments.joined(separator: " ")) exited with \(status): \(output.suffix(400))")
        }
        return output
    }

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
        // The handler may still be delivering the last of the output: wait until it has been quiet
        // for 150 ms (at most 2 s), so a long output is not cut short.
        var length = lock.withLock { text.utf8.count }
        var quiet = Duration.zero
        var waited = Duration.zero
        while quiet < .milliseconds(150), waited < .seconds(2) {
            try? await Task.sleep(for: .milliseconds(50))
            waited += .milliseconds(50)
            let now = lock.withLock { text.utf8.count }
            quiet = now == length ? quiet + .milliseconds(50) : .zero
            length = now
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
