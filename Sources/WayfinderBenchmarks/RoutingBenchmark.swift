// Route planning on a real map: `map import` and `route plan` as the appliance runs them, with
// Debian's routino and osmium-tool.
import Foundation
import Navigation
import Platform
import Routing
import RoutingPlatform

/// The Monaco extract the project keeps beside its clone (`../shared/maps/monaco.osm.pbf`, never
/// committed): imported with `MapImporter`, then 60 seeded random pairs of the map's street vertices
/// planned on foot with `RoutePlanner`.
///
/// What is measured:
/// - the import's wall time (and each program's share), the database's and the index's sizes;
/// - the peak RSS of planetsplitter and of `osmium export`, each run again alone under GNU time
///   (`/usr/bin/time -f %M`, the child's `ru_maxrss`) with the importer's arguments;
/// - `RoutePlanner.plan`'s wall time per pair (p50, p99): the router's process start, its search, its
///   output read and described; what share of the pairs has no route, and why;
/// - routino-router's peak RSS (each routed pair run again under GNU time);
/// - `RouteDescriber.describe` alone on each routed pair's points: its own cost beside the router's.
enum RoutingBenchmark {
    static let pairs = 60

    static func run(root: String) throws {
        let source = "\(root)/../shared/maps/monaco.osm.pbf"
        guard FileManager.default.isReadableFile(atPath: source) else {
            print("\("route planning, Monaco".padding(toLength: 46, withPad: " ", startingAt: 0)) skipped: \(source) not found (the project's shared maps, never committed)")
            return
        }
        let work = NSTemporaryDirectory() + "wayfinder-bench-routing-\(getpid())"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        let importer = MapImporter()
        let report = try importer.importMap(from: source, to: work + "/map")
        let size = { (names: [String]) in report.manifest.files.filter { names.contains($0.name) }.reduce(0) { $0 + $1.bytes } }
        let database = size(MapManifest.databaseFiles), index = size([MapManifest.featuresFile, MapManifest.streetsFile])
        let version = report.manifest.routinoVersion
        print(line("map import, Monaco (1.7 MB PBF)")
              + " \(ms(report.seconds)) wall (planetsplitter \(ms(report.planetsplitterSeconds)), osmium export + index \(ms(report.osmiumSeconds))); "
              + "database \(kB(database)), index \(kB(index)); Routino \(version)")

        // Each program again, alone, for its own peak RSS.
        let exportConfiguration = work + "/export.json"
        try Data(MapImporter.exportConfiguration.utf8).write(to: URL(fileURLWithPath: exportConfiguration))
        try FileManager.default.createDirectory(atPath: work + "/again", withIntermediateDirectories: true)
        let split = timed("planetsplitter", ["--dir=\(work)/again", "--tmpdir=\(work)/again", "--sort-ram-size=\(importer.sortMegabytes)",
                                             "--prune-isolated=0", "--loggable", source])
        let export = timed("osmium", ["export", "--config=\(exportConfiguration)", "--format=geojsonseq",
                                      "--format-option=print_record_separator=false", "--geometry-types=point,linestring",
                                      "--overwrite", "--output=\(work)/export.geojsonseq", source])
        print(line("map import, peak RSS of each program")
              + " planetsplitter \(mb(split?.maxRSSKilobytes)), osmium export \(mb(export?.maxRSSKilobytes))")

        let map = try MapDirectory.open(work + "/map", installedRoutino: version)
        let features = try map.features()
        // Seeded: the same pairs on every run (xorshift64*, as the geodesic case). The points are the
        // streets' own vertices: the extract's box is half sea, and a point in the sea tells nothing
        // about planning.
        let vertices = try map.streets().flatMap(\.points)
        guard !vertices.isEmpty else {
            print(line("route planning, Monaco") + " skipped: the map has no streets")
            return
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func point() -> Coordinate {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return vertices[Int((state &* 0x2545_F491_4F6C_DD1D) >> 11) % vertices.count]
        }
        let planner = RoutePlanner()
        var times: [Double] = []
        var routed: [(from: Coordinate, to: Coordinate)] = []
        var noRoute = 0, offWays = 0, other = 0
        for _ in 0..<pairs {
            let from = point(), to = point()
            let started = ContinuousClock.now
            let outcome = Result { () throws(RoutePlanError) in
                try planner.plan(on: map, index: features, from: from, to: to, profile: .foot, avoidSteps: false)
            }
            times.append((ContinuousClock.now - started).inSeconds)
            switch outcome {
            case .success: routed.append((from, to))
            case .failure(.noRoute): noRoute += 1
            case .failure(.offMap), .failure(.farFromWay): offWays += 1
            case .failure: other += 1
            }
        }
        times.sort()
        print(line("route plan, foot, \(pairs) random pairs")
              + " p50 \(ms(percentile(times, 0.5))), p99 \(ms(percentile(times, 0.99))) per plan (router process included); "
              + "\(routed.count) routed, \(noRoute) no route, \(offWays) more than \(Int(planner.maximumOffsetMetres)) m from a way"
              + (other > 0 ? ", \(other) other failures" : ""))

        // The router alone under GNU time, and the describer alone on the same points.
        var routerPeak = 0
        var describe: [Double] = []
        var pointsTotal = 0
        for pair in routed {
            let request = RoutinoRouterRequest(directory: map.path, profile: .foot, avoidSteps: false, waypoints: [pair.from, pair.to])
            guard let run = timed("routino-router", request.arguments), let points = try? RoutinoTextAll.parse(run.stdout) else { continue }
            routerPeak = max(routerPeak, run.maxRSSKilobytes)
            pointsTotal += points.count
            let repeats = 20
            let started = ContinuousClock.now
            for _ in 0..<repeats {
                sinkRoutes += RouteDescriber.describe(points, index: features, from: pair.from, to: pair.to).instructions.count
            }
            describe.append((ContinuousClock.now - started).inSeconds / Double(repeats))
        }
        describe.sort()
        print(line("routino-router, peak RSS") + " \(mb(routerPeak > 0 ? routerPeak : nil)) (largest of the \(routed.count) routed pairs)")
        if !describe.isEmpty {
            print(line("route describer alone, per route")
                  + " p50 \(µs(percentile(describe, 0.5))), max \(µs(describe.last ?? 0)) "
                  + "(\(pointsTotal / max(1, describe.count)) points a route on average; \(features.crossings.count) crossings, "
                  + "\(features.steps.count) steps, \(features.barriers.count) barriers in the index)")
        }
    }

    nonisolated(unsafe) static var sinkRoutes = 0

    struct TimedRun {
        var stdout: String
        var maxRSSKilobytes: Int
    }

    /// Runs `program` under GNU time and reads its peak RSS (`%M`, kilobytes) from the last line time
    /// writes; `nil`, with a printed reason, when time or the program fails.
    static func timed(_ program: String, _ arguments: [String]) -> TimedRun? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            print(line("peak RSS of \(program)") + " not measured: \(time) not found (Debian: apt-get install time; make bench does)")
            return nil
        }
        let marker = "wayfinder-bench-rss"
        let result: ChildProcessResult
        do {
            result = try ChildProcess.run(time, ["-f", "\(marker) %M", program] + arguments, timeout: .seconds(600))
        } catch {
            print(line("peak RSS of \(program)") + " not measured: \(error)")
            return nil
        }
        let errors = String(decoding: result.stderr, as: UTF8.self)
        guard result.status == .exited(0),
              let last = errors.split(separator: "\n").last(where: { $0.hasPrefix(marker) }),
              let kilobytes = Int(last.dropFirst(marker.count + 1)) else {
            print(line("peak RSS of \(program)") + " not measured: \(result.status), \(errors.split(separator: "\n").last ?? "")")
            return nil
        }
        return TimedRun(stdout: String(decoding: result.stdout, as: UTF8.self), maxRSSKilobytes: kilobytes)
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = (p * Double(sorted.count - 1)).rounded(.up)
        return sorted[min(sorted.count - 1, max(0, Int(exactly: rank) ?? 0))]
    }

    static func line(_ name: String) -> String { name.padding(toLength: 46, withPad: " ", startingAt: 0) }
    static func ms(_ seconds: Double) -> String { "\((seconds * 1e4).rounded() / 10) ms" }
    static func µs(_ seconds: Double) -> String { "\(Int((seconds * 1e6).rounded())) µs" }
    static func kB(_ bytes: Int) -> String { "\(bytes / 1000) kB" }
    static func mb(_ kilobytes: Int?) -> String {
        guard let kilobytes else { return "?" }
        return "\((Double(kilobytes) / 102.4).rounded() / 10) MiB"
    }
}
