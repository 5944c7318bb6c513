import Foundation
import Fuzzing
import WayfinderTestKit
import XCTest

/// Every committed input of every fuzz target, run through the target as the fuzzer runs it: the
/// seeds (Corpus/<target>/) and every input a fuzzing run found breaking a property or crashing
/// (Corpus/<target>/regressions/), so a fixed crash stays fixed in the ordinary test run.
final class CorpusReplayTests: XCTestCase {
    static let corpus = Repository.root + "/Tests/FuzzingTests/Corpus"

    func testEveryTargetHasASeedCorpus() throws {
        for target in FuzzTargets.all {
            let files = Self.inputs(of: target.name)
            XCTAssertFalse(files.isEmpty, "\(target.name) has no seeds in \(Self.corpus)/\(target.name)")
        }
    }

    func testEveryCorpusDirectoryIsATarget() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
        for directory in directories {
            XCTAssertNotNil(FuzzTargets.named(directory), "\(directory) in the corpus names no fuzz target")
        }
    }

    func testEverySeedAndRegressionKeepsItsTargetsProperties() throws {
        var replayed = 0
        for target in FuzzTargets.all {
            for file in Self.inputs(of: target.name) {
                let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file), file)
                do {
                    try target.run(Array(bytes))
                } catch {
                    XCTFail("\(target.name) \(file): \(error)")
                }
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, FuzzTargets.all.count)
    }

    static func inputs(of target: String) -> [String] {
        let files = FileManager.default
        var found: [String] = []
        for directory in ["\(corpus)/\(target)", "\(corpus)/\(target)/regressions"] {
            guard let names = try? files.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                if files.fileExists(atPath: "\(directory)/\(name)", isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append("\(directory)/\(name)")
                }
            }
        }
        return found
    }
}
