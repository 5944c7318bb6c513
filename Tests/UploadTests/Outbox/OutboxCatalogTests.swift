import Upload
import XCTest

/// What goes up and under which key: a walk's four files under its name once its manifest is written,
/// never the walk in progress; samples under their own name; names that cannot be a key refused.
final class OutboxCatalogTests: XCTestCase {
    let settings = OutboxSettings(prefix: "lab/", unitID: "unit-7")

    func file(_ path: String) -> ScannedFile { ScannedFile(path: path, size: 10, modified: 1) }

    func walkFiles(_ name: String, manifest: Bool = true) -> [ScannedFile] {
        [file("tracks/\(name).gpx"), file("tracks/\(name).events.jsonl"), file("tracks/\(name).html")]
            + (manifest ? [file("tracks/\(name).manifest.json")] : [])
    }

    func keys(_ scan: OutboxScan, walk: WalkActivity = .idle, settings: OutboxSettings? = nil) -> [String: String] {
        let selection = OutboxCatalog.select(scan, walk: walk, settings: settings ?? self.settings)
        return Dictionary(uniqueKeysWithValues: selection.items.map { ($0.file.path, $0.key) })
    }

    func testAFinishedWalksFilesGoUnderTheWalksNameWithFixedFileNames() {
        let walk = "2026-11-26T0815Z-demo-walk"
        XCTAssertEqual(keys(OutboxScan(files: walkFiles(walk))), [
            "tracks/\(walk).gpx": "lab/unit-7/walks/\(walk)/track.gpx",
            "tracks/\(walk).events.jsonl": "lab/unit-7/walks/\(walk)/events.jsonl",
            "tracks/\(walk).html": "lab/unit-7/walks/\(walk)/report.html",
            "tracks/\(walk).manifest.json": "lab/unit-7/walks/\(walk)/manifest.json",
        ])
    }

    func testAWalkWhoseManifestIsNotWrittenIsNotOffered() {
        XCTAssertEqual(keys(OutboxScan(files: walkFiles("2026-11-26T0815Z-a", manifest: false))), [:])
    }

    func testTheCurrentWalkIsHeldWhileAWalkIsInProgressAndOtherWalksAreNot() {
        let scan = OutboxScan(files: walkFiles("2026-11-26T0815Z-a") + walkFiles("2026-11-27T0900Z-b"),
                              currentWalkTrack: "2026-11-27T0900Z-b.gpx")
        let during = keys(scan, walk: .inProgress)
        XCTAssertEqual(during.count, 4)
        XCTAssertTrue(during.keys.allSatisfy { $0.contains("2026-11-26T0815Z-a") })
        XCTAssertEqual(keys(scan, walk: .idle).count, 8, "a finished current walk with its manifest goes up")
    }

    func testASampleGoesUnderSamplesWithItsOwnName() {
        XCTAssertEqual(keys(OutboxScan(files: [file("samples/gestures-20261126T081500Z.jsonl")])),
                       ["samples/gestures-20261126T081500Z.jsonl": "lab/unit-7/samples/gestures-20261126T081500Z.jsonl"])
    }

    func testWhatChoosesWalksOrSamples() {
        let scan = OutboxScan(files: walkFiles("w") + [file("samples/s.jsonl")])
        var onlySamples = settings
        onlySamples.walks = false
        XCTAssertEqual(Array(keys(scan, settings: onlySamples).keys), ["samples/s.jsonl"])
        var onlyWalks = settings
        onlyWalks.samples = false
        XCTAssertEqual(keys(scan, settings: onlyWalks).count, 4)
    }

    func testOtherFilesOfTracksAndTemporariesAreSkippedSilently() {
        let scan = OutboxScan(files: [file("tracks/current.json"), file("tracks/.w.gpx.tmp-123"),
                                      file("tracks/w.gpx.unreadable-2026"), file("samples/.s.jsonl.tmp"),
                                      file("progress.json")])
        let selection = OutboxCatalog.select(scan, walk: .idle, settings: settings)
        XCTAssertEqual(selection.items, [])
        XCTAssertEqual(selection.refused, [])
    }

    func testANameThatCannotBeAKeySegmentIsRefusedWithWhatToDo() {
        let scan = OutboxScan(files: [file("samples/my sample.jsonl"), file("samples/-x.jsonl"),
                                      file("samples/Grüße.jsonl"), file("samples/ok.jsonl")])
        let selection = OutboxCatalog.select(scan, walk: .idle, settings: settings)
        XCTAssertEqual(selection.items.map(\.key), ["lab/unit-7/samples/ok.jsonl"])
        XCTAssertEqual(selection.refused.map(\.path), ["samples/my sample.jsonl", "samples/-x.jsonl", "samples/Grüße.jsonl"])
        XCTAssertTrue(selection.refused[0].reason.contains("rename the file"), selection.refused[0].reason)
    }

    func testKeySegmentRule() {
        XCTAssertTrue(OutboxCatalog.isKeySafe("2026-11-26T0815Z-demo_walk.v2"))
        for bad in ["", ".", "..", ".hidden", "-dash", "a/b", "a b", "a%20", "é", String(repeating: "a", count: 256)] {
            XCTAssertFalse(OutboxCatalog.isKeySafe(bad), bad)
        }
        XCTAssertTrue(OutboxCatalog.isKeySafe(String(repeating: "a", count: 255)))
    }
}
