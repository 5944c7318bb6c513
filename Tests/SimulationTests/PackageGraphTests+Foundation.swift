import Foundation
import WayfinderTestKit
import XCTest

/// The `wayfinder` binary links FoundationEssentials, never full Foundation: one call of
/// Foundation-only API (`String(format:)`, `NSString`, `FileHandle`, `ISO8601DateFormatter`,
/// `XMLParser`) brings corelibs Foundation and ICU's 32 MiB of data into the static binary
/// (docs/architecture.md, "FoundationEssentials only"). An unconditional `import Foundation` is where
/// such a call would start; `scripts/foundation-check.sh` checks the linked binary itself.
extension PackageGraphTests {
    /// Files that import Foundation for a reason not yet replaced: GPX's reader uses Foundation's
    /// XMLParser (FoundationXML). A file here that no longer imports it fails the test, so the list
    /// shrinks with the code.
    static let foundationPending: Set<String> = []

    /// Every module the binary links, from the manifest: the executable target and what it reaches.
    func binaryModules(_ graph: [String: Target]) -> [Target] {
        reach(from: "wayfinder", in: graph).keys.compactMap { graph[$0] }.filter { $0.type != "system" }
    }

    /// The lines of `text` that import Foundation or FoundationXML outside the fallback branch of
    /// `#if canImport(FoundationEssentials) … #else … #endif`, with their line numbers.
    static func unconditionalFoundationImports(in text: String) -> [(line: Int, text: String)] {
        let importLine = try! Regex(#"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(Foundation|FoundationXML)(?:\.\w+)*\s*$"#)
        var found: [(Int, String)] = []
        var inEssentialsIf = false, inFallback = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if canImport(FoundationEssentials)") { inEssentialsIf = true; continue }
            if inEssentialsIf && line.hasPrefix("#else") { inFallback = true; continue }
            if line.hasPrefix("#endif") { inEssentialsIf = false; inFallback = false; continue }
            if !inFallback, raw.wholeMatch(of: importLine) != nil { found.append((index + 1, String(raw))) }
        }
        return found
    }

    func testTheBinarysModulesImportFoundationOnlyAsAFallbackForFoundationEssentials() throws {
        let modules = binaryModules(try manifestTargets())
        XCTAssertTrue(modules.contains { $0.name == "Vocabulary" } && modules.contains { $0.name == "Runtime" },
                      "the binary's modules were not found in the manifest")
        var pendingSeen: Set<String> = []
        var checkedFiles = 0
        for module in modules {
            let directory = sourceDirectory(of: module)
            guard let files = FileManager.default.enumerator(atPath: directory) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
                checkedFiles += 1
                let imports = Self.unconditionalFoundationImports(in: text)
                let name = "\(module.name)/\(file)"
                if Self.foundationPending.contains(name) {
                    if !imports.isEmpty { pendingSeen.insert(name) }
                    continue
                }
                for found in imports {
                    XCTFail("Sources/\(name):\(found.line): `\(found.text)` links full Foundation and ICU into the binary; "
                            + "import FoundationEssentials (`#if canImport(FoundationEssentials)`, Foundation in `#else`)")
                }
            }
        }
        XCTAssertGreaterThan(checkedFiles, 400, "the sources were not found under \(Repository.root)")
        for name in Self.foundationPending.subtracting(pendingSeen).sorted() {
            XCTFail("Sources/\(name) no longer imports Foundation: take it off `foundationPending`")
        }
    }

    func testTheImportCheckTellsTheFallbackFromAnUnconditionalImport() {
        let fallback = "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif\n"
        XCTAssertTrue(Self.unconditionalFoundationImports(in: fallback).isEmpty)
        let plain = "import Logging\nimport Foundation\n"
        XCTAssertEqual(Self.unconditionalFoundationImports(in: plain).map(\.line), [2])
        let other = "#if canImport(Glibc)\nimport Glibc\n#else\nimport Foundation\n#endif\nimport struct Foundation.Data\n"
        XCTAssertEqual(Self.unconditionalFoundationImports(in: other).map(\.line), [4, 6])
        XCTAssertEqual(Self.unconditionalFoundationImports(in: "@preconcurrency import FoundationXML\n").map(\.line), [1])
        XCTAssertTrue(Self.unconditionalFoundationImports(in: "import FoundationEssentials\n// import Foundation\n").isEmpty)
    }
}
