import Foundation
import WayfinderTestKit
import XCTest

/// The package graph keeps the pure cores pure: a core that depends, directly or through another
/// target, on `Platform` or a C library target could not be built, tested or reused without
/// libgpiod, libbluetooth and libi2c. The exception is a parsing library that does no I/O
/// (`parsingLibraries`). The graph is read from the manifest itself
/// (`swift package dump-package`), and docs/architecture.md shows it as generated here.
final class PackageGraphTests: XCTestCase {
    /// The cores that link no system library: fed bytes and time, they return events and bytes.
    static let pureCores = ["Vocabulary", "Belt", "BLE", "BLETestKit", "Sensors", "Navigation", "Gestures", "TouchCase", "Pencil", "Controls", "Status", "TripReport", "Upload", "Routing"]
    /// What a pure core must not reach: the platform, the C libraries, and the metrics' backend.
    static let impure = ["Platform", "CGPIOShim", "CSpawnShim", "CGPIOD", "CBluetooth", "CI2C", "CNettle", "CCurl", "ApplianceMetrics"]
    /// The one kind of C library a pure core may link: a parser that turns bytes in memory into
    /// values and does no I/O of its own. libxml2 reads GPX for `Navigation` from bytes it is handed
    /// (no file, no network: XML_PARSE_NONET and a read callback of ours), so it leaves the core as
    /// pure as the bytes-in, values-out code around it; it is the library Foundation's XMLParser
    /// linked into the core before. Each must be a system library with no dependencies of its own,
    /// so nothing impure comes in behind it.
    static let parsingLibraries = ["CXML2"]
    /// What two targets must not reach besides: the configuration is read through the files its
    /// caller hands over and names nothing of the belt's protocol; guidance shares with the belt only
    /// what `Vocabulary` holds (the requests, the signals, the controller's state), so it links
    /// neither the BLE stack nor the platform.
    static let keptApart: [String: [String]] = [
        "Config": impure + ["Belt"],
        "Navigation": impure + ["Belt", "BLE", "BLESockets"],
    ]

    struct Target {
        var name: String
        var type: String
        /// Targets of this package it depends on, in the manifest's order.
        var targets: [String]
        /// Products of other packages it depends on.
        var products: [String]
    }

    /// The manifest's targets. `dump-package` evaluates the manifest only: no dependency resolution,
    /// so no network, and a scratch path of its own keeps it off the `.build` lock `swift test` holds.
    func manifestTargets() throws -> [String: Target] {
        let scratch = NSTemporaryDirectory() + "wayfinder-dump-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", Repository.root, "--scratch-path", scratch, "dump-package"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw XCTSkip("cannot run `swift package dump-package`: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("no swift toolchain on PATH: \(errorText)") }
        XCTAssertEqual(process.terminationStatus, 0, errorText)

        struct Manifest: Decodable {
            struct Entry: Decodable {
                var name: String
                var type: String
                var dependencies: [[String: [String?]]]
            }
            var targets: [Entry]
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        var result: [String: Target] = [:]
        for entry in manifest.targets {
            var targets: [String] = [], products: [String] = []
            for dependency in entry.dependencies {
                for (kind, values) in dependency {
                    guard let name = values.first ?? nil else { continue }
                    if kind == "product" { products.append(name) } else { targets.append(name) }
                }
            }
            result[entry.name] = Target(name: entry.name, type: entry.type, targets: targets, products: products)
        }
        return result
    }

    /// Every target `name` reaches, with the path it takes to each.
    func reach(from name: String, in graph: [String: Target]) -> [String: [String]] {
        var paths: [String: [String]] = [name: [name]]
        var queue = [name]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            for next in graph[current]?.targets ?? [] where paths[next] == nil {
                paths[next] = (paths[current] ?? []) + [next]
                queue.append(next)
            }
        }
        return paths
    }

    func testNoPureCoreReachesPlatformOrACLibrary() throws {
        let graph = try manifestTargets()
        for core in Self.pureCores {
            XCTAssertNotNil(graph[core], "\(core) is not a target of the package")
            let paths = reach(from: core, in: graph)
            for bad in Self.impure {
                if let path = paths[bad] {
                    XCTFail("\(core) reaches \(bad): \(path.joined(separator: " → "))")
                }
            }
            XCTAssertEqual(graph[core]?.products ?? [], [], "\(core) depends on another package's product")
        }
        XCTAssertEqual(graph["Vocabulary"]?.targets, [], "Vocabulary is the leaf: it depends on nothing")
    }

    func testTheOnlySystemLibrariesPureCoresReachAreParsersWithoutDependencies() throws {
        let graph = try manifestTargets()
        for library in Self.parsingLibraries {
            XCTAssertEqual(graph[library]?.type, "system", "\(library) is not a system library target")
            XCTAssertEqual(graph[library]?.targets ?? ["(missing)"], [], "\(library) depends on other targets")
            XCTAssertFalse(Self.impure.contains(library))
        }
        for core in Self.pureCores {
            for (reached, path) in reach(from: core, in: graph) where graph[reached]?.type == "system" {
                XCTAssertTrue(Self.parsingLibraries.contains(reached),
                              "\(core) reaches the system library \(reached): \(path.joined(separator: " → "))")
            }
        }
        XCTAssertNotNil(reach(from: "Navigation", in: graph)["CXML2"], "GPX is read through libxml2")
    }

    func testTheConfigurationAndGuidanceReachNeitherThePlatformNorTheBelt() throws {
        let graph = try manifestTargets()
        for (target, kept) in Self.keptApart.sorted(by: { $0.key < $1.key }) {
            XCTAssertNotNil(graph[target], "\(target) is not a target of the package")
            let paths = reach(from: target, in: graph)
            for bad in kept {
                if let path = paths[bad] {
                    XCTFail("\(target) reaches \(bad): \(path.joined(separator: " → "))")
                }
            }
        }
    }

    /// Where a target's sources are: `Sources/NAME` or `Tests/NAME`, as this package lays them out.
    func sourceDirectory(of target: Target) -> String {
        "\(Repository.root)/\(target.type == "test" ? "Tests" : "Sources")/\(target.name)"
    }

    /// A module a file imports must be among what its target depends on, directly or not. A whole-package
    /// build finds any module it has built, so an import outside the closure compiles there and fails only
    /// where the target is built alone (the arm64 test bundle); this catches it on every `make test`.
    func testEveryImportIsAmongTheTargetsDependencies() throws {
        let graph = try manifestTargets()
        // Modules of the toolchain and the platform, which no manifest names.
        let toolchain: Set<String> = ["Foundation", "FoundationEssentials", "FoundationXML", "XCTest", "Testing",
                                      "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "_Concurrency"]
        let importLine = try Regex(#"^(?:@testable |@_exported )?import (\w+)"#).anchorsMatchLineEndings()
        var checkedFiles = 0
        for target in graph.values where target.type != "system" {
            var allowed: Set<String> = [target.name]
            for reached in reach(from: target.name, in: graph).keys {
                allowed.insert(reached)
                // Every product of another package this project uses brings one module of its name.
                allowed.formUnion(graph[reached]?.products ?? [])
            }
            let directory = sourceDirectory(of: target)
            guard let files = FileManager.default.enumerator(atPath: directory) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
                checkedFiles += 1
                for match in text.matches(of: importLine) {
                    guard let name = match.output[1].substring.map(String.init) else { continue }
                    XCTAssert(toolchain.contains(name) || allowed.contains(name),
                              "\(target.name)/\(file) imports \(name), which \(target.name) does not depend on")
                }
            }
        }
        XCTAssertGreaterThan(checkedFiles, 500, "the sources were not found under \(Repository.root)")
    }

    /// The table of library targets and what each depends on, as docs/architecture.md shows it.
    func table(_ graph: [String: Target]) -> String {
        let libraries = graph.values.filter { $0.type == "regular" || $0.type == "system" }.sorted { $0.name < $1.name }
        var lines = ["| target | depends on | pure core |", "|---|---|---|"]
        for target in libraries {
            let dependencies = (target.targets + target.products).map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| `\(target.name)` | \(dependencies.isEmpty ? "—" : dependencies) | \(Self.pureCores.contains(target.name) ? "yes" : "") |")
        }
        return lines.joined(separator: "\n")
    }

    func testTheArchitectureDocumentShowsTheCurrentGraph() throws {
        let expected = table(try manifestTargets())
        let path = "\(Repository.root)/docs/architecture.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let begin = "<!-- package-graph: begin (PackageGraphTests writes the expected table on failure) -->\n"
        let end = "\n<!-- package-graph: end -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            return XCTFail("docs/architecture.md has no package-graph markers; the table is:\n\(expected)")
        }
        XCTAssertEqual(String(text[start.upperBound..<stop.lowerBound]), expected,
                       "docs/architecture.md's package graph is out of date; the current one is:\n\(expected)")
    }

    /// The package has one product, an executable: nothing is declared for use outside it, so a
    /// declaration other modules of the package use is `package`, and `public` is left where an
    /// attribute needs an exported symbol (the fuzzer's C entry points, which libFuzzer's main calls).
    func testDeclarationsArePackageNotPublicWhereNothingRequiresIt() throws {
        let allowed: Set<String> = ["Sources/wayfinder-fuzz/FuzzMain.swift"]
        let sources = Repository.root + "/Sources"
        guard let files = FileManager.default.enumerator(atPath: sources) else { throw XCTSkip("no Sources/ at \(sources)") }
        // `public` as a modifier: before a declaration keyword or another modifier, outside comments.
        let modifier = try Regex(#"(^|[\s(])public\s+(?:[a-z]+(?:\([a-z]+\))?\s+)*(func|var|let|init|struct|class|enum|protocol|typealias|actor|extension|subscript|static)\b"#)
        var found: [String] = []
        var scanned = 0
        while let relative = files.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = "Sources/" + relative
            scanned += 1
            let text = try String(contentsOfFile: Repository.root + "/" + path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains(modifier), !allowed.contains(path) { found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
            }
        }
        XCTAssertGreaterThan(scanned, 100, "the scan found the sources")
        XCTAssertEqual(found, [], "declare these `package` (or say here why they must be public):\n" + found.joined(separator: "\n"))
    }
}
