import ApplianceMetrics
import Foundation
import Platform
import Synchronization
import XCTest

/// The metrics file is replaced whole: node_exporter never reads part of one, nor a temporary file.
final class MetricsTextfileTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-metrics-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testTheFileHoldsExactlyWhatWasWrittenReadableByOthersWhateverTheUmask() throws {
        let textfile = MetricsTextfile(directory: directory)
        let old = umask(0o077)
        defer { umask(old) }
        try textfile.write(Array("a 1\n".utf8))
        try textfile.write(Array("b 2\n".utf8))
        XCTAssertEqual(textfile.path, directory + "/wayfinder.prom")
        XCTAssertEqual(try String(contentsOfFile: textfile.path, encoding: .utf8), "b 2\n")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: textfile.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o644, "node_exporter's user reads it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["wayfinder.prom"], "no temporary file is left")
    }

    /// The writer's temporary file is `wayfinder.prom.tmp-<pid>`: not `*.prom`, which is all the
    /// textfile collector reads.
    func testTheTemporaryNameIsNotAPromFile() throws {
        let temporary = MetricsTextfile.fileName + AtomicFile.temporaryMarker + "\(getpid())"
        XCTAssertFalse(temporary.hasSuffix(".prom"))
        XCTAssertEqual(AtomicFile.temporary(temporary)?.file, MetricsTextfile.fileName)
    }

    /// A reader listing the directory and reading every `*.prom` file while the writer replaces it,
    /// again and again with texts of different lengths, only ever sees one of the whole texts, and no
    /// other `*.prom` file.
    func testAReaderNeverSeesAHalfFileOrAnotherPromFile() throws {
        let textfile = MetricsTextfile(directory: directory)
        let texts = [String(repeating: "wayfinder_a 1\n", count: 3000), String(repeating: "wayfinder_b 22\n", count: 50)]
        try textfile.write(Array(texts[0].utf8))
        let reader = Reader()
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) { [directory] in
            var seen: [String] = []
            while !reader.done.load(ordering: .relaxed) {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".prom") {
                    if name != MetricsTextfile.fileName { seen.append("another .prom file: \(name)") }
                    guard let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) else { continue }
                    if !texts.contains(text) { seen.append("a half file of \(text.utf8.count) bytes") }
                }
                reader.reads.add(1, ordering: .relaxed)
            }
            reader.problems.withLock { $0 = seen }
        }
        // At least 400 writes, and on until the reader has read 50 times in between (bounded).
        var round = 0
        while round < 400 || (reader.reads.load(ordering: .relaxed) < 50 && round < 200_000) {
            try textfile.write(Array(texts[round % 2].utf8))
            round += 1
        }
        reader.done.store(true, ordering: .relaxed)
        finished.wait()
        XCTAssertGreaterThanOrEqual(reader.reads.load(ordering: .relaxed), 50, "the reader read while the writer wrote")
        XCTAssertEqual(reader.problems.withLock { $0 }, [])
    }

    final class Reader: Sendable {
        let done = Atomic(false)
        let reads = Atomic(0)
        let problems = Mutex<[String]>([])
    }

    func testTheLeftoversOfAnEndedWriterAreRemovedAndNothingElse() throws {
        for name in ["wayfinder.prom.tmp-999999", "wayfinder.prom.tmp-\(getpid())", "other.prom.tmp-999999", "other.prom"] {
            FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
        }
        let textfile = MetricsTextfile(directory: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertEqual(textfile.removeLeftovers(names: names), ["wayfinder.prom.tmp-999999"])
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: directory)),
                       ["wayfinder.prom.tmp-\(getpid())", "other.prom.tmp-999999", "other.prom"])
    }

    func testAMissingDirectoryFailsSayingWhatToDo() {
        let textfile = MetricsTextfile(directory: directory + "/missing")
        XCTAssertThrowsError(try textfile.write(Array("x 1\n".utf8))) { error in
            let problem = error as? MetricsWriteProblem
            XCTAssertEqual(problem?.errno, ENOENT)
            XCTAssertEqual(problem?.description,
                           "cannot create \(directory)/missing/wayfinder.prom.tmp-\(getpid()): No such file or directory; "
                           + "\(directory)/missing does not exist: install node_exporter (Debian: apt install prometheus-node-exporter), "
                           + "or set [metrics] textfile_directory to the directory its --collector.textfile.directory names")
        }
    }

    func testEachCauseHasItsAdvice() {
        func advice(_ e: Int32) -> String {
            MetricsWriteProblem(directory: "/d", path: "/d/wayfinder.prom", step: "create", errno: e).advice
        }
        XCTAssertEqual(advice(EACCES), "the service's user may not write in /d: chgrp wayfinder /d && chmod g+w /d")
        XCTAssertEqual(advice(EROFS), "/d is read-only for the service: the unit's ReadWritePaths= must name it (systemctl edit wayfinder)")
        XCTAssertEqual(advice(ENOSPC), "the file system of /d is full")
    }
}
