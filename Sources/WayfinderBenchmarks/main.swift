// Benchmarks: the figures in the README come from `make bench` (a release build).
// Each case runs a fixed amount of work and reports the time per operation; the last case runs the
// whole appliance on the simulated board and reports wall time and peak memory.
import BLE
import Belt
import Config
import Foundation
import Logging
import Navigation
import Platform
import Runtime
import Sensors

#if canImport(Glibc)
import Glibc
#endif

let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let clock = ContinuousClock()

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

var sink = 0.0
let a = Coordinate(latitude: 52.2728, longitude: 8.0617)
let b = Coordinate(latitude: 52.2760, longitude: 8.0380)
measure("geodesic inverse, 1.6 km", iterations: 200_000) { sink += Geodesic.wgs84.inverse(from: a, to: b).distance }
let far = Coordinate(latitude: -33.9, longitude: 151.2)
measure("geodesic inverse, Osnabrück → Sydney", iterations: 200_000) { sink += Geodesic.wgs84.inverse(from: a, to: far).distance }
measure("geodesic direct, 1 m step", iterations: 200_000) { sink += Geodesic.wgs84.direct(from: a, azimuth: 77, distance: 1).destination.latitude }

let boards = BoardCatalog(directories: ["\(root)/boards"])
let config = try ConfigurationLoader(boards: boards).load(path: "\(root)/deploy/demo.toml")
let gpx = try Data(contentsOf: URL(fileURLWithPath: config.routePath))
try measure("GPX parse, demo route (12 points)", iterations: 2_000) { sink += Double(try GPXParser.parse(data: gpx, source: "demo").waypoints.count) }
try measure("configuration load + validation, demo.toml", iterations: 500) { _ = try ConfigurationLoader(boards: boards).load(path: "\(root)/deploy/demo.toml") }

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
    _ = try await client.discover(services: [BLEUUID(0xFE51).uuidString])
    let value = Array(channelWrite.dropFirst(3))
    let writes = 5_000
    let started = clock.now
    for _ in 0..<writes {
        try await client.write(characteristic: BLEUUID(0xFE03).uuidString, value: value, withResponse: true)
    }
    let perWrite = started.duration(to: clock.now).inSeconds / Double(writes)
    print("\("GATT write with response over a socketpair".padding(toLength: 46, withPad: " ", startingAt: 0)) \((perWrite * 1e7).rounded() / 10) µs per write  (\(writes)×, client and server actors, kernel round trip)")
    await client.disconnect()
    await serving.value
}

// ---- GPS: NMEA sentences parsed per second (issue 5) ----------------------------------------
// A 100 000-sentence mixed stream in u-blox multi-GNSS order (RMC, VTG, GGA, GSA ×3, GSV ×3, GNS,
// ZDA), a new UTC time every cycle; fed to GPSStreamParser in 4 KiB chunks, as a UART read would.
// The stream is written to $WAYFINDER_NMEA_STREAM when set, so a peer (pynmea2) can parse the same bytes.
do {
    func nmea(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }
    var stream: [UInt8] = []
    var sentences = 0
    var second = 0
    while sentences < 100_000 {
        let t = String(format: "%02d%02d%02d.00", second / 3600 % 24, second / 60 % 60, second % 60)
        let minutes = String(format: "%08.5f", 16.368 + Double(second % 1000) * 1e-5)
        let cycle = [
            "GNRMC,\(t),A,52\(minutes),N,00803.70200,E,2.500,84.20,221126,,,A,V",
            "GNVTG,84.20,T,,M,2.500,N,4.630,K,A",
            "GNGGA,\(t),52\(minutes),N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,",
            "GNGSA,A,3,02,05,12,15,24,29,,,,,,,1.32,0.78,1.06,1",
            "GNGSA,A,3,65,71,72,,,,,,,,,,1.32,0.78,1.06,2",
            "GNGSA,A,3,03,05,13,,,,,,,,,,1.32,0.78,1.06,3",
            "GPGSV,2,1,07,02,45,120,41,05,62,230,44,12,30,300,38,15,20,045,35,1",
            "GPGSV,2,2,07,24,55,180,43,29,12,080,30,31,05,010,,1",
            "GLGSV,1,1,03,65,40,100,36,71,70,250,40,72,25,320,33,1",
            "GNGNS,\(t),52\(minutes),N,00803.70200,E,AANN,12,0.78,63.1,47.4,,,V",
            "GNZDA,\(t),22,11,2026,00,00",
        ]
        for body in cycle.prefix(100_000 - sentences) { stream += Array(nmea(body).utf8) }
        sentences += min(cycle.count, 100_000 - sentences)
        second += 1
    }
    if let path = ProcessInfo.processInfo.environment["WAYFINDER_NMEA_STREAM"] {
        try Data(stream).write(to: URL(fileURLWithPath: path))
    }
    var best = Double.infinity
    var bestWithEpochs = Double.infinity
    for _ in 0..<5 {
        var parser = GPSStreamParser()
        var parsed = 0
        let started = clock.now
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 4096)
            parser.feed(stream[offset..<end]) { _ in parsed += 1 }
            offset = end
        }
        best = min(best, started.duration(to: clock.now).inSeconds)
        precondition(parsed == 100_000 && parser.counts.totalRejected == 0, "benchmark stream must parse cleanly")

        var decoder = GPSDecoder()
        let startedEpochs = clock.now
        offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 4096)
            sink += Double(decoder.feed(stream[offset..<end], now: .zero).count)
            offset = end
        }
        sink += Double(decoder.finish(now: .zero).count)
        bestWithEpochs = min(bestWithEpochs, startedEpochs.duration(to: clock.now).inSeconds)
    }
    print("\("NMEA parse, 100 000-sentence mixed stream".padding(toLength: 46, withPad: " ", startingAt: 0)) \(Int((100_000 / best).rounded())) sentences/s  (\((best * 1e4).rounded() / 10) ms, \(stream.count) bytes, best of 5)")
    print("\("  … and merged into epochs (GPSDecoder)".padding(toLength: 46, withPad: " ", startingAt: 0)) \(Int((100_000 / bestWithEpochs).rounded())) sentences/s  (\((bestWithEpochs * 1e4).rounded() / 10) ms)")
}
// ---- end GPS ----------------------------------------------------------------------------------

// The whole appliance, the demo walk at 1000×.
var options = Appliance.Options()
options.exitWhenDone = true
options.acceleration = 1000
options.freshStart = true
options.shutdownSignals = []
options.stateDirectory = NSTemporaryDirectory() + "wayfinder-bench-\(getpid())"
let quiet: @Sendable (String) -> Logger = { label in
    Logger(label: label) { LineLogHandler(label: $0, level: .critical, format: .terminal) { _ in } }
}
let appliance = try Appliance.build(configuration: config, options: options, makeLogger: quiet)
let start = clock.now
try await appliance.run()
let wall = start.duration(to: clock.now)
let world = await appliance.board!.snapshot()
try? FileManager.default.removeItem(atPath: options.stateDirectory!)
print("appliance: demo walk \(Int(world.walker.distanceWalked)) m, t+\(world.now.clockString) session time, at 1000×: \((wall.inSeconds * 100).rounded() / 100) s wall")
print("peak memory (VmHWM): \((peakMemory() * 10).rounded() / 10) MiB")
if sink == 42 { print(sink) }
