import Foundation

/// A peer program kept running and asked for one timed pass at a time, one line in and one line
/// out, so our passes and the peer's can alternate.
///
/// Why: on a shared machine the speed of the moment swings (this build VM swings almost 2× within
/// seconds). Timing our side for 0.1 s and the peer for 3 s afterwards compares different moments;
/// alternating short passes and taking each pair's ratio compares like with like.
final class PeerSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    /// Starts `executable`; throws the reason if it cannot be started.
    init(_ executable: String, _ arguments: [String]) throws(Peer.PeerError) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Peer.PeerError("\(executable): \(error)") }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The next line the peer prints, nil once it has exited.
    func readLine() -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }

    /// Sends `command` and returns the peer's one-line answer, nil if it has exited.
    func ask(_ command: String) -> String? {
        do { try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8)) } catch { return nil }
        return readLine()
    }
}
