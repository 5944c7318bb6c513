import Foundation
import Logging
import Platform
import Runtime
import Status
import Synchronization
import Vocabulary
import WayfinderTestKit
import XCTest

/// The control socket end to end on a real Unix socket: requests and answers, a control carried out,
/// `follow`, and a peer the server refuses.
final class ControlServerTests: XCTestCase {
    /// A handler whose status counts the controls it was given.
    final class CountingHandler: ControlHandler, @unchecked Sendable {
        private let lock = NSLock()
        private var waypoint = 1
        private var sinks: [AsyncStream<Void>.Continuation] = []
        private(set) var sources: [ControlPeerDescription] = []

        func status() async -> StatusReport {
            let waypoint = lock.withLock { self.waypoint }
            return StatusReport(wayfinderVersion: "test", uptimeSeconds: 1,
                                route: RouteStatus(name: "demo", state: .navigating, waypoint: waypoint, waypointCount: 5))
        }

        func perform(_ command: ControlCommand, from source: ControlPeerDescription) async throws(ControlRefusal) -> String {
            guard command == .navigation(.nextWaypoint) else { throw ControlRefusal("only next is possible here") }
            let (waypoint, sinks) = lock.withLock { () -> (Int, [AsyncStream<Void>.Continuation]) in
                self.waypoint += 1
                self.sources.append(source)
                return (self.waypoint, self.sinks)
            }
            for sink in sinks { sink.yield() }
            return "walking to waypoint \(waypoint) of 5"
        }

        func changes() -> AsyncStream<Void> {
            let (stream, sink) = AsyncStream<Void>.makeStream()
            lock.withLock { sinks.append(sink) }
            return stream
        }
    }

    private var directory = ""

    override func setUp() {
        directory = NSTemporaryDirectory() + "control-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func serve(_ handler: CountingHandler, access: ControlAccess? = nil) throws -> (ControlServer, Task<Void, Never>, String) {
        let path = directory + "/control.sock"
        let listener = try ControlSocketListener(path: path)
        let server = ControlServer(listener: listener, access: access ?? ControlAccess(ownerUID: getuid(), group: nil),
                                   handler: handler, logger: Logger(label: "control-test"))
        let task = Task { await server.run() }
        return (server, task, path)
    }

    /// One request and its answer, from a thread of its own (the client blocks).
    private func ask(_ path: String, _ request: ControlRequest) async throws -> ControlResponse {
        try await Task.detached {
            try ControlResponse(line: ControlSocketClient.ask(path, request.line, timeout: 5000))
        }.value
    }

    func testStatusAControlAndARefusedControlAreAnsweredAndTheControlIsCarriedOutWithItsSource() async throws {
        let handler = CountingHandler()
        let (server, task, path) = try serve(handler)
        defer { server.stop(); task.cancel() }

        let status = try await ask(path, .status)
        XCTAssertTrue(status.ok)
        XCTAssertEqual(status.status?.route?.waypoint, 1)

        let next = try await ask(path, .control(.navigation(.nextWaypoint)))
        XCTAssertEqual(next.result, "walking to waypoint 2 of 5")
        XCTAssertEqual(next.status?.route?.waypoint, 2, "the answer carries the status after the control")
        XCTAssertEqual(handler.sources.first?.uid, getuid())
        XCTAssertEqual(handler.sources.first?.pid, getpid(), "the control is logged with the peer the kernel names")

        let refused = try await ask(path, .control(.navigation(.stop)))
        XCTAssertFalse(refused.ok)
        XCTAssertEqual(refused.error, "only next is possible here")
        XCTAssertEqual(refused.control, .navigation(.stop))
    }

    func testAMalformedRequestIsAnsweredWithWhatIsWrongAndTheConnectionStaysUsable() async throws {
        let (server, task, path) = try serve(CountingHandler())
        defer { server.stop(); task.cancel() }
        let answers = try await Task.detached { () throws -> [String] in
            let client = try ControlSocketClient(path: path)
            try client.send(#"{"request":"reboot"}"#)
            let first = try client.receive(timeout: 5000) ?? ""
            try client.send(ControlRequest.status.line + "\n")
            let second = try client.receive(timeout: 5000) ?? ""
            return [first, second]
        }.value
        let refused = try ControlResponse(line: answers[0])
        XCTAssertEqual(refused.error, "unknown request \"reboot\"; the requests are status, follow and control")
        XCTAssertEqual(try ControlResponse(line: answers[1]).status?.route?.waypoint, 1)
    }

    func testFollowSendsTheStatusNowAndAfterEachChange() async throws {
        let handler = CountingHandler()
        let (server, task, path) = try serve(handler)
        defer { server.stop(); task.cancel() }
        final class Answers: Sendable { let count = Mutex(0) }
        let answers = Answers()
        let follower = Task.detached { () throws -> [Int] in
            let client = try ControlSocketClient(path: path)
            try client.send(ControlRequest.follow.line)
            var waypoints: [Int] = []
            while waypoints.count < 3, let line = try client.receive(timeout: 5000) {
                waypoints.append(try ControlResponse(line: line).status?.route?.waypoint ?? -1)
                answers.count.withLock { $0 = waypoints.count }
            }
            return waypoints
        }
        // The follower's first answer is the status now; then two controls change it. It comes over a
        // kernel socket to a blocking client: polled, bounded.
        try await eventually("the follower's first answer") { answers.count.withLock { $0 } >= 1 }
        _ = try await ask(path, .control(.navigation(.nextWaypoint)))
        _ = try await ask(path, .control(.navigation(.nextWaypoint)))
        let seen = try await follower.value
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testAPeerTheAccessRuleDoesNotAllowIsToldWhyAndDisconnected() async throws {
        // Root is always allowed, so the rule under test names a different owner and no group, and
        // the test runs the client as nobody through setpriv; it needs root to do that.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("needs root, setpriv and python3 to connect as another user")
        }
        let (server, task, path) = try serve(CountingHandler(), access: ControlAccess(ownerUID: 4242, group: nil))
        defer { server.stop(); task.cancel() }
        // The socket file's mode keeps others out first; opened up here so the credential check is reached.
        XCTAssertEqual(chmod(path, 0o666), 0)
        chmod(directory, 0o755)
        let script = """
        import socket
        s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        s.connect("\(path)")
        try:
            s.send(b'{"request":"status"}')
        except BrokenPipeError:
            pass  # refused and hung up already; the refusal is waiting
        print(s.recv(65536).decode())
        try:
            print("closed" if s.recv(65536) == b"" else "more")
        except ConnectionResetError:
            print("closed")
        """
        let output = try run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script])
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, output)
        let refusal = try ControlResponse(line: lines[0])
        XCTAssertFalse(refusal.ok)
        XCTAssertEqual(refusal.error, "user 65534 may not use the control socket: it is for root and the appliance's user")
        XCTAssertNil(refusal.status, "nothing of the status is given away")
        XCTAssertEqual(lines[1], "closed", "then the server hangs up (a reset, as the request was never read)")

        // The command line, refused the same way, says so (exit 1), not "broken pipe".
        if let binary = WayfinderBinary.path {
            let refusedCLI = try run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "status", "--socket", path])
            XCTAssertTrue(refusedCLI.contains("user 65534 may not use the control socket"), refusedCLI)
        }
    }

    func testTheSocketFileIsForItsOwnerAndGroupOnlyAndAStaleOneIsReplacedButALiveOneIsNot() throws {
        let path = directory + "/control.sock"
        let first = try ControlSocketListener(path: path)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o660)
        XCTAssertThrowsError(try ControlSocketListener(path: path)) { error in
            XCTAssertEqual((error as? ControlSocketError)?.kind, .inUse)
        }
        // A socket file nobody listens on any more (an appliance that was killed) is taken over.
        let stale = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0)
        defer { close(stale) }
        first.close()
        XCTAssertTrue(waitUntil { access(path, F_OK) != 0 }, "close removes the socket file")
        let other = directory + "/stale.sock"
        _ = other.withCString { p -> Int32 in
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in Array(other.utf8).enumerated() { raw[i] = byte }
            }
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        }
        let replaced = try ControlSocketListener(path: other)
        replaced.close()
        // A path that is not a socket is never removed.
        let file = directory + "/not-a-socket"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
        XCTAssertThrowsError(try ControlSocketListener(path: file)) { error in
            XCTAssertEqual((error as? ControlSocketError)?.kind, .notASocket)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: file), Data("keep".utf8))
    }

    func testAClientOfNoApplianceIsToldSoInWords() {
        XCTAssertThrowsError(try ControlSocketClient(path: directory + "/nobody.sock")) { error in
            XCTAssertEqual((error as? ControlSocketError)?.kind, .notRunning)
            XCTAssertTrue("\(error)".contains("no appliance is running here"), "\(error)")
        }
    }

    /// Whether `condition` holds within 2 s: the socket file is removed by the server's own thread.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        (try? eventually("the condition", timeout: .seconds(2), every: .milliseconds(10), condition)) != nil
    }

    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
