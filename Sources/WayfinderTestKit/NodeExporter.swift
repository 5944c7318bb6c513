import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Debian's prometheus-node-exporter, started by a test on a free port of 127.0.0.1 with only its
/// textfile collector, reading `textfileDirectory`. Its own instance: the package's system service,
/// if it runs, listens on :9100 with its own directory, and neither is touched.
package final class NodeExporter: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Debian's path; `make test` installs the package (TEST_DEBIAN_PACKAGES).
    package static let executable = "/usr/bin/prometheus-node-exporter"

    package let port: Int
    private let pid: pid_t
    private let log: String
    private var stopped = false

    package init(textfileDirectory: String, readyWithin limit: Duration = .seconds(30)) throws {
        guard access(Self.executable, X_OK) == 0 else {
            throw Failure(description: "\(Self.executable) is missing: apt-get install prometheus-node-exporter (make test installs it)")
        }
        port = try SeaweedServer.freePorts(1)[0]
        log = NSTemporaryDirectory() + "node-exporter-\(UUID().uuidString).log"
        pid = try SeaweedServer.spawn([
            Self.executable, "--web.listen-address=127.0.0.1:\(port)",
            "--collector.disable-defaults", "--collector.textfile", "--collector.textfile.directory=\(textfileDirectory)",
        ], log: log)
        // Polling an external process's readiness is the one wait here; nothing is asserted on its duration.
        let deadline = ContinuousClock.now + limit
        while !SeaweedServer.answersHTTP(port: port) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                stopped = true
                throw Failure(description: "prometheus-node-exporter exited (status \(status)) before answering: \(logText)")
            }
            guard ContinuousClock.now < deadline else {
                stop()
                throw Failure(description: "prometheus-node-exporter did not answer on 127.0.0.1:\(port) within \(limit): \(logText)")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// What node_exporter printed (its own log, for a failure's message).
    package var logText: String { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").suffix(2000).description }

    /// The body of `GET /metrics`, fetched with Python's urllib (Debian's python3).
    package func scrape() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c",
                             "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())",
                             "http://127.0.0.1:\(port)/metrics"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let body = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "GET /metrics failed: \(problem)") }
        return body
    }

    /// Stops the exporter (SIGTERM) and waits for it.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(log)
    }
}
