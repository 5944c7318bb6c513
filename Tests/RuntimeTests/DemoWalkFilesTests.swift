import Foundation
import Navigation
import Platform
@testable import Runtime
import TripReport
import Upload
import WayfinderTestKit
import XCTest

/// The files a walk leaves in the state directory are read by other programs (GPX tools, the lab's
/// upload pipeline, `jq` on the journal), so their bytes are an interface. `Fixtures/demo-walk` holds
/// the files of a real demo walk (`wayfinder run deploy/demo.toml --exit-when-done --fresh`, its track
/// cut to the first 600 points and the journal's route path made neutral); each test reads one back
/// and writes it again with the appliance's own writers, and the bytes must come out the same. A change
/// to how a number, a date or a key is written fails here, whatever library does the writing.
final class DemoWalkFilesTests: XCTestCase {
    static let directory = "\(Repository.root)/Tests/RuntimeTests/Fixtures/demo-walk"

    func fixture(_ name: String) throws -> [UInt8] {
        try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.directory)/\(name)").map(Array.init), "missing fixture \(name)")
    }

    func scratchDirectory() -> String {
        let path = NSTemporaryDirectory() + "wayfinder-walk-files-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The first line where two texts part, for a failure message a reader can act on.
    func firstDifference(_ written: [UInt8], _ expected: [UInt8]) -> String {
        let a = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "(end)", right = index < b.count ? String(b[index]) : "(end)"
            if left != right { return "line \(index + 1):\n  written:  \(left)\n  expected: \(right)" }
        }
        return "same lines"
    }

    func assertSameBytes(_ written: [UInt8], _ expected: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssert(written == expected, "\(what) is written differently: \(firstDifference(written, expected))", file: file, line: line)
    }

    func testTheTrackIsWrittenPointForPointAsTheApplianceWroteIt() throws {
        let bytes = try fixture("walk.gpx")
        let track = try GPXTrackReader.read(data: Data(bytes), source: "walk.gpx")
        XCTAssertEqual(track.pointCount, 600)
        let name = try XCTUnwrap(track.name)
        var text = GPXTrackFormat.header(name: name)
        for (index, segment) in track.segments.enumerated() {
            if index > 0 { text += GPXTrackFormat.segmentBreak }
            for point in segment {
                let mode: Fix.Mode = switch point.fix {
                case .twoD: .twoD
                case .threeD, .dgps, .pps: .threeD
                case .none?, nil: .noFix
                }
                let fix = Fix(coordinate: point.coordinate, altitude: point.elevation, mode: mode, satellites: point.satellites,
                              hdop: point.hdop, utcSeconds: point.time, receivedAt: .zero)
                text += GPXTrackFormat.point(fix)
            }
        }
        text += GPXTrackFormat.footer
        assertSameBytes(Array(text.utf8), bytes, "the track")
    }

    func testEveryJournalLineIsWrittenAsTheApplianceWroteIt() throws {
        let bytes = try fixture("walk.events.jsonl")
        let contents = TripJournalFormat.read(String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(contents.skippedLines, 0)
        XCTAssertEqual(contents.events.count, 293)
        let written = contents.events.map(TripJournalFormat.line).joined()
        assertSameBytes(Array(written.utf8), bytes, "the journal")
    }

    func testTheWalksManifestIsWrittenAsTheApplianceWroteIt() throws {
        let bytes = try fixture("walk.manifest.json")
        let manifest = try JSONDecoder().decode(WalkManifest.self, from: Data(bytes))
        assertSameBytes(try WalkManifestWriter.encode(manifest), bytes, "the manifest")
    }

    func testRouteProgressAndTheCurrentWalksPointerAreWrittenAsTheApplianceWroteThem() throws {
        let directory = scratchDirectory()
        let progressBytes = try fixture("progress.json")
        let progress = try JSONDecoder().decode(RouteProgress.self, from: Data(progressBytes))
        XCTAssertEqual(progress.skipped, [2])
        let store = ProgressStore(directory: directory, syncDirectory: { _ in 0 })
        try store.save(progress)
        assertSameBytes(try XCTUnwrap(FileManager.default.contents(atPath: store.path)).map { $0 }, progressBytes, "the route progress")

        let pointerBytes = try fixture("current.json")
        let pointer = try JSONDecoder().decode(TrackArchive.Pointer.self, from: Data(pointerBytes))
        let path = "\(directory)/current.json"
        XCTAssertEqual(TrackArchive.writePointer(pointer, to: path, syncDirectory: { _ in 0 }).count, 0)
        assertSameBytes(try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 }, pointerBytes, "the current walk's pointer")
    }
}
