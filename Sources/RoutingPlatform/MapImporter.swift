#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Platform
import Routing
import Vocabulary

/// `wayfinder map import`: builds a map directory from an OpenStreetMap extract with Debian's
/// programs: osmium checks the file (`osmium fileinfo`), Routino's planetsplitter builds the routing
/// database, osmium exports what the database does not keep (crossings, steps, barriers, the streets'
/// lines), and the index and the manifest are written beside it.
///
/// Everything is built in a directory beside the destination and renamed into place at the end, so a
/// failed or interrupted import leaves the previous map whole (planetsplitter leaves `*.tmp` files
/// behind when it fails).
package struct MapImporter: Sendable {
    package var programs: RoutinoPrograms
    /// planetsplitter's sorting memory in MB (`--sort-ram-size`). Routino 3.4 raised its default to
    /// 1024 MB (256 MB in 3.3), which a Pi Zero 2 W's 512 MB cannot give; 64 MB sorts a city in a few
    /// passes more.
    package var sortMegabytes: Int = 64
    /// planetsplitter runs with `--prune-isolated=0`: its default (500 m) takes the access away from
    /// small groups of ways not joined to the rest, and a route to one then ends, with no error, at the
    /// nearest way still routable, half a kilometre off in the test town; kept, the route fails and says
    /// so. On the Monaco extract the database grows 0.6 % and no route of 28 changes.
    ///
    /// How long each program may run before it is stopped.
    package var timeout: Duration = .seconds(3600)

    package init(programs: RoutinoPrograms = .debian) {
        self.programs = programs
    }

    /// The tags osmium keeps: those the index reads. Fewer tags make a smaller export.
    package static let exportConfiguration = """
        {"attributes": {"type": false, "id": false}, "linear_tags": ["highway"], "area_tags": false,
         "include_tags": ["highway", "name", "crossing", "crossing_ref", "barrier", "kerb", "tactile_paving",
                          "traffic_signals:sound", "traffic_signals:vibration", "footway", "step_count", "railway"]}
        """

    package func importMap(from source: String, to destination: String, now: Date = Date()) throws(MapImportError) -> MapImportReport {
        let start = ContinuousClock.now
        var info = stat()
        guard stat(source, &info) == 0 else {
            throw .sourceUnreadable(path: source, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .sourceUnreadable(path: source, reason: "it is not a file") }
        guard access(source, R_OK) == 0 else { throw .sourceUnreadable(path: source, reason: String(cString: strerror(errno))) }

        // osmium reads every OSM format and says plainly what is wrong with a file that is not one.
        let check = try run(programs.osmium, ["fileinfo", "--extended", "--get=data.count.ways", source], package: "osmium-tool")
        guard check.status == .exited(0) else {
            throw .notOSM(path: source, detail: lastLine(check.stderr) ?? "\(check.status)")
        }
        let ways = Int(String(decoding: check.stdout, as: UTF8.self).filter { !$0.isWhitespace }) ?? 0
        guard ways > 0 else { throw .noWays(path: source) }

        let found: String?
        do {
            found = try programs.routinoVersion()
        } catch {
            throw .program(error)
        }
        guard let version = found else { throw .unknownRoutinoVersion }
        try checkDestination(destination)
        let work = destination + ".importing"
        removeTree(work)
        guard mkdir(work, 0o755) == 0 else {
            throw .destinationUnusable(path: work, reason: String(cString: strerror(errno)))
        }
        do {
            let splitStart = ContinuousClock.now
            let split = try run(programs.planetsplitter, ["--dir=\(work)", "--tmpdir=\(work)", "--sort-ram-size=\(sortMegabytes)",
                                                          "--prune-isolated=0", "--loggable", source], package: "routino")
            guard split.status == .exited(0) else {
                throw MapImportError.programFailed(program: "planetsplitter", detail: lastLine(split.stderr) ?? lastLine(split.stdout) ?? "\(split.status)")
            }
            let splitSeconds = (ContinuousClock.now - splitStart).inSeconds

            let exportStart = ContinuousClock.now
            let configuration = work + "/export.json", exported = work + "/export.geojsonseq"
            try write(Array(Self.exportConfiguration.utf8), to: configuration)
            let export = try run(programs.osmium, ["export", "--config=\(configuration)", "--format=geojsonseq",
                                                   "--format-option=print_record_separator=false",
                                                   "--geometry-types=point,linestring", "--overwrite",
                                                   "--output=\(exported)", source], package: "osmium-tool")
            guard export.status == .exited(0) else {
                throw MapImportError.programFailed(program: "osmium export", detail: lastLine(export.stderr) ?? "\(export.status)")
            }
            var builder = MapIndexBuilder()
            try GeoJSONSequence.forEachFeature(in: exported) { builder.add($0) }
            let index = builder.build()
            unlink(exported)
            unlink(configuration)
            let exportSeconds = (ContinuousClock.now - exportStart).inSeconds

            var featuresOnly = index
            featuresOnly.streets = []
            try write(Array(MapIndexFormat.text(featuresOnly).utf8), to: work + "/" + MapManifest.featuresFile)
            try write(Array(MapIndexFormat.text(MapIndex(streets: index.streets)).utf8), to: work + "/" + MapManifest.streetsFile)

            var files: [(name: String, bytes: Int)] = []
            for name in MapManifest.databaseFiles + [MapManifest.featuresFile, MapManifest.streetsFile] {
                var fileInfo = stat()
                guard stat(work + "/" + name, &fileInfo) == 0 else {
                    throw MapImportError.programFailed(program: "planetsplitter", detail: "it did not write \(name)")
                }
                files.append((name, Int(fileInfo.st_size)))
            }
            let manifest = MapManifest(
                routinoVersion: version, source: Self.baseName(source), built: now.formatted(.iso8601),
                area: Self.area(index.streets), files: files,
                counts: [("crossings", index.crossings.count), ("steps", index.steps.count),
                         ("barriers", index.barriers.count), ("streets", index.streets.count), ("source-ways", ways)])
            try write(Array(manifest.text.utf8), to: work + "/" + MapManifest.fileName)
            for leftover in (try? FileManager.default.contentsOfDirectory(atPath: work)) ?? [] where leftover.hasSuffix(".tmp") {
                unlink(work + "/" + leftover)
            }
            try replace(destination, with: work)
            return MapImportReport(directory: destination, manifest: manifest, seconds: (ContinuousClock.now - start).inSeconds,
                                   planetsplitterSeconds: splitSeconds, osmiumSeconds: exportSeconds)
        } catch let error as MapImportError {
            removeTree(work)
            throw error
        } catch {
            removeTree(work)
            throw .destinationUnusable(path: destination, reason: "\(error)")
        }
    }

    private func run(_ program: String, _ arguments: [String], package: String) throws(MapImportError) -> ChildProcessResult {
        do {
            return try ChildProcess.run(program, arguments, timeout: timeout, packageHint: package)
        } catch {
            throw .program(error)
        }
    }

    /// A destination is a new path or an earlier map (a directory with a manifest), never anything else.
    private func checkDestination(_ path: String) throws(MapImportError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR, access(path + "/" + MapManifest.fileName, F_OK) == 0 else {
            throw .destinationNotAMap(path: path)
        }
    }

    /// Puts the new map in place: the old one (if any) is moved aside first and removed after, so at
    /// every moment `destination` is a whole map or absent.
    private func replace(_ destination: String, with work: String) throws(MapImportError) {
        let old = destination + ".old"
        removeTree(old)
        let hadOld = rename(destination, old) == 0
        guard rename(work, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOld { _ = rename(old, destination) }
            throw .destinationUnusable(path: destination, reason: reason)
        }
        if hadOld { removeTree(old) }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(MapImportError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .destinationUnusable(path: path, reason: "\(error)")
        }
    }

    private func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    private func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last(where: { !$0.allSatisfy(\.isWhitespace) }).map { String($0.prefix(300)) }
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func area(_ streets: [MapStreet]) -> (south: Double, west: Double, north: Double, east: Double)? {
        let points = streets.flatMap(\.points)
        guard let s = points.map(\.latitude).min(), let n = points.map(\.latitude).max(),
              let w = points.map(\.longitude).min(), let e = points.map(\.longitude).max() else { return nil }
        return (s, w, n, e)
    }
}

