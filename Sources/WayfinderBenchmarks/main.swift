// Benchmarks: the figures in the README come from `make bench` (a release build).
// Each case runs a fixed amount of work and reports the time per operation; the last case runs the
// whole appliance on the simulated board and reports wall time and peak memory.
import BLESockets
import Belt
import Config
import Foundation
import Logging
import Navigation
import Platform
import Runtime
import Simulation
import Sensors
import TouchCase

#if canImport(Glibc)
import Glibc
#endif

let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let clock = ContinuousClock()

// `WayfinderBenchmarks gestures EVENTS REPEATS LAYOUT`: only the gesture pipeline, small enough to run
// under callgrind (scripts/gesture-callgrind.sh); LAYOUT is "all" (each recognizer on all four sides)
// or "split" (two per side).
if CommandLine.arguments.dropFirst().first == "gestures" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    GesturePipelineBenchmark.callgrindMode(
        events: arguments.first.flatMap { Int($0) } ?? 20_000,
        repeats: arguments.dropFirst().first.flatMap { Int($0) } ?? 1,
        layout: arguments.dropFirst(2).first.flatMap(GesturePipelineBenchmark.Layout.init(rawValue:)) ?? .allSides)
    exit(0)
}

func measure(_ name: String, iterations: Int, unit: String = "op", _ body: () throws -> Void) rethrows {
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = start.duration(to: clock.now)
    let perOp = elapsed.inSeconds / Double(iterations)
    let text = perOp < 1e-6 ? "\(Int((perOp * 1e9).rounded())) ns" : perOp < 1e-3 ? "\((perOp * 1e7).rounded() / 10) µs" : "\((perOp * 1e4).rounded() / 10) ms"
    print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(text) per \(unit)  (\(iterations)×)")
}

/// Peak resident memory of this process (VmHWM), in MiB.
func peakMemory() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kb / 1024
}

/// Peers: other implementations run as subprocesses on the same input, so their figures
/// sit next to ours from the same run. `make bench` installs them (GeodSolve from Debian's
/// geographiclib-tools, pynmea2 in a venv under .bench/); a missing peer is reported and skipped.
enum Peer {
    /// The first executable named `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments`, `input` on stdin; returns stdout and the wall time, or a
    /// reason it failed.
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil) -> Result<(output: Data, seconds: Double), PeerError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // stdin from a file, so a peer that writes while it reads cannot block on us.
        let inputPath = NSTemporaryDirectory() + "wayfinder-bench-peer-\(getpid()).in"
        defer { try? FileManager.default.removeItem(atPath: inputPath) }
        do { try (input ?? Data()).write(to: URL(fileURLWithPath: inputPath)) } catch { return .failure(PeerError("\(inputPath): \(error)")) }
        guard let stdin = FileHandle(forReadingAtPath: inputPath) else { return .failure(PeerError("cannot read \(inputPath)")) }
        defer { try? stdin.close() }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let started = clock.now
        do { try process.run() } catch { return .failure(PeerError("\(executable): \(error)")) }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = started.duration(to: clock.now).inSeconds
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(PeerError("\(executable) exited \(process.terminationStatus): \(message)"))
        }
        return .success((output, seconds))
    }

    struct PeerError: Error { let reason: String; init(_ reason: String) { self.reason = reason } }

    /// One line: our rate, the peer's, and ours as a multiple of theirs.
    static func report(_ name: String, ours: Double, peer: String, theirs: Double, unit: String, note: String = "") {
        let ratio = ours / theirs
        let ratioText = ratio >= 10 ? "\(Int(ratio.rounded()))×" : "\((ratio * 100).rounded() / 100)×"
        print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) ours \(Int(ours.rounded())) \(unit), \(peer) \(Int(theirs.rounded())) \(unit): \(ratioText)\(note)")
    }

    static func missing(_ name: String, _ why: String) {
        print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) peer not run: \(why)")
    }
}

var sink = 0.0
// `WayfinderBenchmarks ROOT nmea` runs the NMEA case alone (for profiling).
if CommandLine.arguments.dropFirst(2).first == "nmea" {
    if try nmeaBenchmark(root: root) == 42 { print(42) }
    exit(0)
}
// `WayfinderBenchmarks ROOT latency [COUNT] [--upload ENDPOINT BUCKET CREDENTIALS]`: input to belt on the
// simulated board at 1× (LatencyBenchmark); with --upload, while the outbox sends large files there.
if CommandLine.arguments.dropFirst(2).first == "latency" {
    let rest = Array(CommandLine.arguments.dropFirst(3))
    let count = rest.first.flatMap { Int($0) } ?? 200
    var upload: LatencyBenchmark.UploadTarget?
    if let flag = rest.firstIndex(of: "--upload") {
        guard rest.count >= flag + 4 else {
            print("usage: WayfinderBenchmarks ROOT latency [COUNT] [--upload ENDPOINT BUCKET CREDENTIALS]")
            exit(64)
        }
        upload = LatencyBenchmark.UploadTarget(endpoint: rest[flag + 1], bucket: rest[flag + 2], credentials: rest[flag + 3])
    }
    try await LatencyBenchmark.run(root: root, count: count, upload: upload)
    exit(0)
}
// `WayfinderBenchmarks ROOT routing`: route planning on the Monaco extract alone (RoutingBenchmark).
if CommandLine.arguments.dropFirst(2).first == "routing" {
    try RoutingBenchmark.run(root: root)
    exit(0)
}
let a = Coordinate(latitude: 52.2728, longitude: 8.0617)
let b = Coordinate(latitude: 52.2760, longitude: 8.0380)
measure("geodesic inverse, 1.6 km", iterations: 200_000) { sink += Geodesic.wgs84.inverse(from: a, to: b).distance }
let far = Coordinate(latitude: -33.9, longitude: 151.2)
measure("geodesic inverse, Osnabrück → Sydney", iterations: 200_000) { sink += Geodesic.wgs84.inverse(from: a, to: far).distance }
measure("geodesic direct, 1 m step", iterations: 200_000) { sink += Geodesic.wgs84.direct(from: a, azimuth: 77, distance: 1).destination.latitude }

// Geodesic inverse against GeographicLib's GeodSolve on the same 100 000 problems: points spread
// over the globe (a fixed pseudo-random sequence), half of the pairs within 50 km of each other.
do {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func uniform() -> Double { // xorshift64*, in [0, 1)
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
    }
    func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 } // as written for GeodSolve
    var problems: [(Coordinate, Coordinate)] = []
    for k in 0..<100_000 {
        let from = Coordinate(latitude: rounded(uniform() * 170 - 85), longitude: rounded(uniform() * 360 - 180))
        let to = k % 2 == 0
            ? Coordinate(latitude: rounded(uniform() * 170 - 85), longitude: rounded(uniform() * 360 - 180))
            : Coordinate(latitude: rounded(max(-89, min(89, from.latitude + uniform() * 0.8 - 0.4))),
                         longitude: rounded(from.longitude + uniform() * 0.8 - 0.4))
        problems.append((from, to))
    }
    var distances = [Double](repeating: 0, count: problems.count)
    var best = Double.infinity
    for _ in 0..<3 {
        let started = clock.now
        for (index, problem) in problems.enumerated() { distances[index] = Geodesic.wgs84.inverse(from: problem.0, to: problem.1).distance }
        best = min(best, started.duration(to: clock.now).inSeconds)
    }
    sink += distances[7]
    let ours = Double(problems.count) / best
    let name = "geodesic inverse, 100 000 mixed problems"
    if let geodSolve = Peer.find("GeodSolve") {
        let input = Data(problems.map { "\($0.0.latitude) \($0.0.longitude) \($0.1.latitude) \($0.1.longitude)\n" }.joined().utf8)
        // GeodSolve's time is its whole run: start-up (timed on empty input and taken off), reading
        // the text, solving, writing the text. Best of 3.
        var startup = Double.infinity, peerBest = Double.infinity
        var failure: String?
        var output = Data()
        for _ in 0..<3 {
            switch Peer.run(geodSolve, ["-i"], input: Data()) {
            case let .success(run): startup = min(startup, run.seconds)
            case let .failure(error): failure = error.reason
            }
            switch Peer.run(geodSolve, ["-i"], input: input) {
            case let .success(run): peerBest = min(peerBest, run.seconds); output = run.output
            case let .failure(error): failure = error.reason
            }
        }
        if let failure {
            Peer.missing(name, failure)
        } else {
            // Same answers? s12 is the third column of each line.
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
            var worst = 0.0
            for (index, line) in lines.enumerated() where index < distances.count {
                if let s12 = line.split(separator: " ").last.flatMap({ Double($0) }) { worst = max(worst, abs(s12 - distances[index])) }
            }
            let theirs = Double(problems.count) / max(peerBest - startup, 1e-9)
            Peer.report(name, ours: ours, peer: "GeodSolve -i", theirs: theirs, unit: "/s",
                        note: "  (\(lines.count) answers, distances agree within \(worst < 1e-3 ? "1 mm" : "\(worst) m"); GeodSolve's time includes its text I/O)")
        }
    } else {
        print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) ours \(Int(ours.rounded())) /s")
        Peer.missing(name, "GeodSolve not found on PATH (Debian: apt-get install geographiclib-tools; make bench does)")
    }
}

let boards = BoardCatalog(directories: ["\(root)/boards"])
let config = try ConfigurationLoader.appliance(boards: boards).load(path: "\(root)/deploy/demo.toml")
let gpx = try Data(contentsOf: URL(fileURLWithPath: config.routePath))
try measure("GPX parse, demo route (12 points)", iterations: 2_000) { sink += Double(try GPXParser.parse(data: gpx, source: "demo").waypoints.count) }
try measure("configuration load + validation, demo.toml", iterations: 500) { _ = try ConfigurationLoader.appliance(boards: boards).load(path: "\(root)/deploy/demo.toml") }

var guidance = RouteGuidance(route: config.route, parameters: config.guidance)
_ = guidance.handle(.start, now: .zero)
var t = Duration.zero
measure("route guidance, one fix", iterations: 100_000, unit: "fix") {
    t += .milliseconds(10)
    let wobble = Double(Int(t.inSeconds * 100) % 7) * 1e-6
    sink += Double(guidance.handle(Fix(coordinate: Coordinate(latitude: a.latitude + wobble, longitude: a.longitude - 0.0002),
                                      receivedAt: t), now: t).count)
}

var controller = BeltNavigationController()
_ = controller.handle(.modeChanged(.app), now: .zero)
_ = controller.handle(.connected, now: .zero)
_ = try controller.startNavigation(direction: 0, isMagneticBearing: true, signal: .navigation, now: .zero)
var ct = Duration.zero
measure("belt controller, one direction update", iterations: 1_000_000, unit: "update") {
    ct += .milliseconds(150)
    sink += Double((try? controller.updateNavigationSignal(direction: Int(ct.inSeconds) % 360, isMagneticBearing: true,
                                                           signal: .navigation, now: ct))?.count ?? 0)
}

// BLE: the ATT codec, the GATT server core, and a GATT write round trip through the kernel.
let declarations: [ATTAttributeData] = [
    ATTAttributeData(handle: 2, value: [0x10, 0x03, 0x00, 0x01, 0xFE]),
    ATTAttributeData(handle: 5, value: [0x0A, 0x06, 0x00, 0x02, 0xFE]),
    ATTAttributeData(handle: 8, value: [0x08, 0x09, 0x00, 0x03, 0xFE]),
]
let readByType = ATTPDU.readByTypeResponse(declarations).encoded()
measure("ATT decode + encode, Read By Type response", iterations: 1_000_000, unit: "PDU") {
    sink += Double((try? ATTPDU(decoding: readByType))?.encoded().count ?? 0)
}
let beltLike = GATTDatabase(services: [GATTServiceDefinition(uuid: BLEUUID(0xFE51), characteristics: [
    GATTCharacteristicDefinition(uuid: BLEUUID(0xFE03), properties: [.write, .writeWithoutResponse]),
    GATTCharacteristicDefinition(uuid: BLEUUID(0xFE02), properties: [.write, .notify]),
])])
var serverCore = GATTServerCore(database: beltLike)
let channelWrite = ATTPDU.writeRequest(handle: 3, value: [0x00, 0x01, 0xAA, 0xAA, 0x00, 0x00, 0x03, 0x5A, 0x00, 0x00, 0x00, 0x01, 0xB8, 0x0B, 0x00, 0x00, 0x00, 0x01]).encoded()
measure("GATT server core, one 18-byte write request", iterations: 1_000_000, unit: "write") {
    sink += Double(serverCore.receive(channelWrite).count)
}
// The touch case (docs/touch-case.md): a 20-byte notification of four touches, each moved, through
// the session (decode, id → side, normalization, lifecycle, FuffrLib's moved set).
var touchSession = TouchCaseSession(command: TouchEnableCommand(sides: .all, touchesPerSide: 5)!)
_ = touchSession.connecting()
_ = touchSession.linkEstablished()
for case .perform(let op) in touchSession.discovered(Set([FuffrGATT.enabler] + FuffrGATT.touchCharacteristics), now: .zero) {
    _ = touchSession.completed(op, now: .zero)
}
let touchFrames = [UInt16(100), 200].map { x in [1, 6, 11, 16].flatMap { TouchRecord(id: $0, isDown: true, rawX: x, rawY: 500).bytes } }
var touchTime = Duration.zero
measure("touch case session, one 4-record notification", iterations: 1_000_000, unit: "notification") {
    touchTime += .milliseconds(10)
    let frame = touchFrames[Int(touchTime / .milliseconds(10)) % 2]
    sink += Double(touchSession.received(FuffrGATT.touchCharacteristics[0], frame, now: touchTime).count)
}
do {
    struct Quiet: GATTServerDelegate {
        func read(_ characteristic: BLEUUID) async -> [UInt8]? { nil }
        func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async {}
        func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async {}
        func refused(_ why: String) async {}
        func disconnected(reason: String?) async {}
    }
    let silent = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
    let (central, peripheral) = try PacketSocket.pair()
    let server = GATTServerConnection(socket: peripheral, database: beltLike, logger: silent)
    let serving = Task { await server.run(delegate: Quiet()) }
    let client = SocketGATTClient(socket: central, clock: .continuous(), logger: silent)
    _ = try await client.discover(services: [BLEUUID(0xFE51)])
    let value = Array(channelWrite.dropFirst(3))
    let writes = 5_000
    let started = clock.now
    for _ in 0..<writes {
        try await client.write(characteristic: BLEUUID(0xFE03), value: value, withResponse: true)
    }
    let perWrite = started.duration(to: clock.now).inSeconds / Double(writes)
    print("\("GATT write with response over a socketpair".padding(toLength: 46, withPad: " ", startingAt: 0)) \((perWrite * 1e7).rounded() / 10) µs per write  (\(writes)×, client and server actors, kernel round trip)")
    await client.disconnect()
    await serving.value
}

sink += try nmeaBenchmark(root: root)

// The gesture pipeline: cost per touch event with eight recognizers on four sides.
GesturePipelineBenchmark.report(events: 1_000_000)

// Route planning: Routino's import and router on a real map, and our description of its routes.
try RoutingBenchmark.run(root: root)

// The whole appliance, the demo walk at 300×. With the GPS, compass, touch case and pencil simulated
// at the byte level, 1000× needs more CPU per real second than a loaded 2-core machine has, and the
// paced clock would then slow the walk down, so the wall time would measure the pacing: 300× is what
// such a machine keeps up with.
let demoAcceleration = 300.0
var options = Appliance.Options()
options.exitWhenDone = true
options.acceleration = demoAcceleration
options.freshStart = true
options.shutdownSignals = []
options.stateDirectory = NSTemporaryDirectory() + "wayfinder-bench-\(getpid())"
let quiet: @Sendable (String) -> Logger = { label in
    Logger(label: label) { LineLogHandler(label: $0, level: .critical, format: .terminal) { _ in } }
}
let (appliance, board) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options, makeLogger: quiet)
let start = clock.now
try await appliance.run()
let wall = start.duration(to: clock.now)
guard let board else {
    print("error: the benchmark's configuration must name the simulated board")
    exit(1)
}
let world = await board.snapshot()
try? FileManager.default.removeItem(atPath: options.stateDirectory!)
print("appliance: demo walk \(Int(world.walker.distanceWalked)) m, t+\(world.now.clockString) session time, at \(Int(demoAcceleration))×: \((wall.inSeconds * 100).rounded() / 100) s wall")
print("peak memory (VmHWM): \((peakMemory() * 10).rounded() / 10) MiB")
if sink == 42 { print(sink) }
