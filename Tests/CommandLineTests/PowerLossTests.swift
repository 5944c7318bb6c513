import Foundation
import Navigation
import Vocabulary
import WayfinderTestKit
import XCTest

/// The wearer pulls the battery: the process is killed with SIGKILL (no graceful stop) at several
/// points of a simulated walk. Each restart resumes at the waypoint saved on disk, keeps appending to
/// the walk's own track file (tracks/current.json names it), and that file parses every time.
///
/// The kill times come from a seed printed in the test's output (`power-loss seed: N`): a random one,
/// or `WAYFINDER_TEST_SEED=N` to replay a failed run's times.
final class PowerLossTests: XCTestCase {
    /// `WAYFINDER_TEST_SEED` when set to a number, else a random seed.
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["WAYFINDER_TEST_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: .min ... .max)
    }

    func testKilledAtManyPointsTheWalkResumesWhereItWasAndTheTrackParses() throws {
        let state = NSTemporaryDirectory() + "wayfinder-powerloss-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let arguments = ["run", "--config", Repository.root + "/deploy/demo.toml", "--acceleration", "240",
                         "--state-directory", state]
        let seed = Self.seed()
        print("power-loss seed: \(seed) (WAYFINDER_TEST_SEED=\(seed) replays these kill times)")
        var generator = SeededRandom(seed: seed)
        var resumedChecks = 0
        for round in 0..<6 {
            let (process, _, output, errors) = try WayfinderBinary.start(round == 0 ? arguments + ["--fresh"] : arguments)
            // Once every actor runs (a slow or emulated CPU takes a while to get there), 0.4–2.4 s of
            // real time: up to 9.6 minutes of the walk at 240×. A wait on the wall clock, since the
            // walk runs in a child process; its length is the point of the test, not a guess.
            WayfinderBinary.wait(for: "all actors started", from: process, output: output, errors: errors)
            Thread.sleep(forTimeInterval: Double.random(in: 0.4...2.4, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(round) (seed \(seed)): killed, not stopped")
            let log = output.finish() + errors.finish()

            // This run resumed at the waypoint the previous run had saved.
            let resumed = log.contains("resuming the route at waypoint")
            if round > 0, let expected = lastSavedIndex {
                let line = log.split(separator: "\n").first { $0.contains("resuming the route at waypoint") }
                XCTAssertNotNil(line, "round \(round): no resume line in\n\(log.prefix(2000))")
                if let line { XCTAssertTrue(line.contains("waypoint \(expected + 1)/"), "round \(round): expected waypoint \(expected + 1): \(line)") }
                resumedChecks += 1
            }
            lastSavedIndex = Self.savedIndex(state)

            // The walk's track parses after the kill; a resumed walk is still in the same file.
            let current = try XCTUnwrap(Self.currentTrack(state), "round \(round): no tracks/current.json")
            if resumed, let lastTrack { XCTAssertEqual(current, lastTrack, "round \(round): a resumed walk starts a new track file") }
            lastTrack = current
            let track = try Data(contentsOf: URL(fileURLWithPath: state + "/tracks/" + current))
            let route = try GPXParser.parse(data: track, source: current)
            XCTAssertGreaterThan(route.waypoints.count, 0, "round \(round)")
        }
        // A round that reached the destination makes the next one start afresh; most rounds resume.
        XCTAssertGreaterThanOrEqual(resumedChecks, 3)
    }

    var lastSavedIndex: Int?
    var lastTrack: String?

    /// The current walk's track file name, from tracks/current.json.
    static func currentTrack(_ state: String) -> String? {
        guard let data = FileManager.default.contents(atPath: state + "/tracks/current.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["file"] as? String
    }

    /// The waypoint index in progress.json, nil when there is none (a destination reached restarts at 0).
    static func savedIndex(_ state: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: state + "/progress.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              (object["destinationReached"] as? Bool) != true else { return nil }
        return object["currentIndex"] as? Int
    }
}
