import Foundation
@testable import Gestures
import WayfinderTestKit
import XCTest

/// `wayfinder record --simulated` as a process: a whole built-in session read back and replayed, and
/// a session killed with SIGKILL mid-way that still reads back with every sample written before.
final class RecordCommandTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func sessionFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("gestures-") && $0.hasSuffix(".jsonl") }.map { "\(directory)/\($0)" }
    }

    func testTheBuiltInSessionIsRecordedAndReplaysToTheSameGestures() throws {
        let prompts = "\(directory)/prompts.txt"
        try "# FingerBlade-style cuts\nswipe right\ntap\ntap then swipe\ndouble tap\nlong press\nswipe left\n"
            .write(toFile: prompts, atomically: true, encoding: .utf8)
        let run = try WayfinderBinary.run(["record", "--simulated", "--data-directory", directory, "--prompts", prompts])
        XCTAssertEqual(run.status, 0, run.errors)
        let files = sessionFiles()
        XCTAssertEqual(files.count, 1)
        let file = try XCTUnwrap(files.first)
        XCTAssertTrue(run.output.contains("recording to \(file)"), run.output)
        XCTAssertTrue(run.output.contains("sample 3: now tap then swipe"), run.output)

        let contents = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        XCTAssertEqual(contents.endReason, "trace played")
        XCTAssertNil(contents.tornTail)
        XCTAssertEqual(contents.badLines, [])
        XCTAssertEqual(contents.completedSamples, 6)
        XCTAssertTrue(contents.header.device.contains("simulated Fuffr case"), contents.header.device)
        XCTAssertEqual(RecognizerSet(document: contents.header.recognizers), RecognizerSet.standard)
        // The simulated case reports a moving finger at 50 Hz: each 250 ms stroke is a dozen touch lines.
        XCTAssertGreaterThan(contents.touches.count, 3 * 12)
        let completed = contents.gestures.filter { $0.state == .recognized || $0.state == .ended }.map(RecordingComparison.key)
        XCTAssertEqual(completed, ["swipe right", "tap", "tap-swipe", "double-tap", "long-press", "swipe left"])

        let same = try WayfinderBinary.run(["gestures", "replay", file])
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertTrue(same.output.contains("every sample recognized the same gestures"), same.output)
        XCTAssertTrue(same.output.contains("transition log: identical"), same.output)

        // A changed set: swipes need to travel 0.9 of the edge, so neither swipe is one any more.
        let changed = "\(directory)/changed.json"
        let text = RecognizerSet.standardText.replacingOccurrences(
            of: #""directions": ["left", "right", "up", "down"]"#, with: #""directions": ["left", "right", "up", "down"], "minimumDistance": 0.9"#)
        XCTAssertNotEqual(text, RecognizerSet.standardText)
        try text.write(toFile: changed, atomically: true, encoding: .utf8)
        let different = try WayfinderBinary.run(["gestures", "replay", file, "--recognizers", changed])
        XCTAssertEqual(different.status, 0, different.errors)
        XCTAssertTrue(different.output.contains(#"sample 1 "swipe right": recorded swipe right; now nothing"#), different.output)
        XCTAssertTrue(different.output.contains(#"sample 6 "swipe left": recorded swipe left; now nothing"#), different.output)
        XCTAssertTrue(different.output.contains("transition log: differs"), different.output)
    }

    /// Samples are recorded as the appliance would sense and recognize them: the configuration's
    /// The samples go into the state directory unless --data-directory says otherwise, so a state
    /// directory the appliance refuses (others can enter it) is refused here too, and left as it was.
    func testAnOpenStateDirectoryIsRefusedUnlessTheSamplesGoElsewhere() throws {
        let state = "\(directory)/open-state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(state, 0o755), 0)
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.root + "/deploy/routes/demo-walk.gpx")
            .replacingOccurrences(of: "../.build/demo-state", with: state)
        XCTAssertTrue(text.contains(state))
        let config = "\(directory)/open.toml"
        try text.write(toFile: config, atomically: true, encoding: .utf8)

        let refused = try WayfinderBinary.run(["record", "--simulated", "--config", config])
        XCTAssertEqual(refused.status, 78, refused.errors)
        XCTAssertTrue(refused.errors.hasPrefix("wayfinder record: the state directory \(state) has mode 0755"), refused.errors)
        XCTAssertTrue(refused.errors.contains("or give --data-directory"), refused.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state), [], "nothing written into it")
        var info = stat()
        XCTAssertEqual(stat(state, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o755, "its mode as it was")

        let elsewhere = try WayfinderBinary.run(["record", "--simulated", "--config", config, "--duration", "1",
                                                 "--data-directory", directory])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.errors)
        XCTAssertEqual(sessionFiles().count, 1)
    }

    /// hand ([gestures] handedness) and sides ([devices.touch_case]), unless the command line says
    /// otherwise.
    func testTheConfigurationsHandAndSidesApplyUnlessTheCommandLineSaysOtherwise() throws {
        let text = try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "[gestures]\n", with: "[gestures]\nhandedness = \"left\"\n")
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.root + "/deploy/routes/demo-walk.gpx")
            .replacingOccurrences(of: "../.build/demo-state", with: directory + "/state")
        XCTAssertTrue(text.contains("handedness = \"left\""))
        let config = "\(directory)/left.toml"
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        func header(_ extra: [String]) throws -> RecordingHeader {
            for file in sessionFiles() { try FileManager.default.removeItem(atPath: file) }
            let run = try WayfinderBinary.run(["record", "--simulated", "--config", config, "--data-directory", directory] + extra)
            XCTAssertEqual(run.status, 0, run.errors)
            let file = try XCTUnwrap(sessionFiles().first)
            return try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file)))).header
        }
        let configured = try header([])
        XCTAssertEqual(RecognizerSet(document: configured.recognizers), RecognizerSet.standard.with(handedness: .left))
        XCTAssertEqual(configured.configuration["sides"], .array([.string("right"), .string("bottom"), .string("left")]), "in the case's order")
        let given = try header(["--handedness", "right", "--sides", "top"])
        XCTAssertEqual(RecognizerSet(document: given.recognizers), RecognizerSet.standard)
        XCTAssertEqual(given.configuration["sides"], .array([.string("top")]))
    }

    func testASessionKilledWithSIGKILLLeavesEverySampleWrittenBeforeTheKill() throws {
        let started = try WayfinderBinary.start(["record", "--simulated", "--loop", "--data-directory", directory,
                                                 "--prompt", "swipe right"])
        defer { if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) } }
        // Wait until the process said two samples are done (it says so after writing their lines): a
        // child process writing to a pipe, polled, bounded.
        try? WayfinderBinary.eventually("sample 3's prompt", from: started.process, log: { started.output.text + started.errors.text }) {
            started.output.text.contains("sample 3: now swipe right")
        }
        let said = started.output.text
        XCTAssertTrue(said.contains("sample 2 done"), said + started.errors.text)
        // About when the third sample's tap lands (the trace has it 0.9 s after sample 2 ends): the
        // kill's moment in the child's real-time session is what the test chooses, not a wait for it.
        Thread.sleep(forTimeInterval: 0.9)
        XCTAssertEqual(kill(started.process.processIdentifier, SIGKILL), 0)
        started.process.waitUntilExit()
        XCTAssertEqual(started.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(started.process.terminationStatus, SIGKILL)

        let file = try XCTUnwrap(sessionFiles().first)
        let contents = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        XCTAssertNil(contents.endReason, "a killed session has no end line")
        XCTAssertEqual(contents.badLines, [])
        XCTAssertGreaterThanOrEqual(contents.completedSamples, 2)
        let ends = contents.lines.compactMap { if case .sampleEnd(_, let n) = $0 { n } else { nil } }
        XCTAssertEqual(ends, Array(1...ends.count), "samples end in order, none lost")
        let completed = contents.gestures.filter { $0.state == .recognized || $0.state == .ended }.map(RecordingComparison.key)
        XCTAssertEqual(Array(completed.prefix(2)), ["swipe right", "tap"])
        // And it replays as it was recorded, torn tail or not.
        let replay = try WayfinderBinary.run(["gestures", "replay", file])
        XCTAssertEqual(replay.status, 0, replay.errors)
        XCTAssertTrue(replay.output.contains("no end line"), replay.output)
        XCTAssertTrue(replay.output.contains("transition log: identical"), replay.output)
    }

    func testAKillAtAnyMomentLeavesAFileThatReadsBack() throws {
        // From before the file exists to mid-session: a file, if there is one, is a recording whose
        // every complete line decodes; only the last line may be torn.
        for delay in [0.0, 0.05, 0.2, 0.7, 1.3, 2.1] {
            let sub = "\(directory)/kill-\(delay)"
            let started = try WayfinderBinary.start(["record", "--simulated", "--data-directory", sub])
            // The kill's moment in the child's life is what the test varies, not a wait for it.
            Thread.sleep(forTimeInterval: delay)
            XCTAssertEqual(kill(started.process.processIdentifier, SIGKILL), 0)
            started.process.waitUntilExit()
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: sub)) ?? []).filter { $0.hasSuffix(".jsonl") }
            XCTAssertLessThanOrEqual(files.count, 1)
            guard let name = files.first else { continue } // killed before the file was created
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(sub)/\(name)")))
            XCTAssertFalse(bytes.isEmpty, "the file appears holding its header (killed after \(delay) s)")
            let contents = try RecordingReader.read(bytes)
            XCTAssertEqual(contents.badLines, [], "killed after \(delay) s")
            XCTAssertNil(contents.endReason, "killed after \(delay) s")
            XCTAssertEqual(RecognizerSet(document: contents.header.recognizers), RecognizerSet.standard)
        }
    }

    func testTouchesOfOneNotificationAreOneFrameAndReplayTheSame() throws {
        // Two fingers spreading on the top edge: the case reports both in each 20 ms notification, so
        // they must share one frame stamp (a pinch sees both moves at once, docs/gestures.md, "Frames").
        let trace = "\(directory)/pinch.json"
        try """
        {"strokes": [
          {"side": "top", "finger": 0, "start_ms": 500, "duration_ms": 400, "from": [0.45, 0.5], "to": [0.2, 0.5]},
          {"side": "top", "finger": 1, "start_ms": 500, "duration_ms": 400, "from": [0.55, 0.5], "to": [0.8, 0.5]}
        ]}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let set = "\(directory)/pinch-set.json"
        try #"{"recognizers": [{"name": "pinch", "type": "pinch", "sides": ["top"]}]}"#
            .write(toFile: set, atomically: true, encoding: .utf8)
        let run = try WayfinderBinary.run(["record", "--simulated", "--trace", trace, "--recognizers", set,
                                           "--data-directory", directory])
        XCTAssertEqual(run.status, 0, run.errors)
        let file = try XCTUnwrap(sessionFiles().first)
        let contents = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        var ids: [Duration: Set<Int>] = [:]
        for touch in contents.touches where touch.phase == .moved {
            ids[touch.time, default: []].insert(touch.id)
        }
        XCTAssertGreaterThan(ids.count, 10)
        XCTAssertEqual(ids.values.filter { $0.count == 2 }.count, ids.count, "every moved frame carries both fingers")
        let states = contents.gestures.filter { $0.recognizer == "pinch" }.map(\.state)
        XCTAssertEqual(states.first, .began)
        XCTAssertEqual(states.last, .ended)
        // scale = d / d0 (UIKit's `scale`, absolute): d0 in the frame both began, d in the last moved frame
        // before the pinch ended, both read from the recorded touch lines — the recording holds exactly
        // what the pipeline saw. A frame's spread is taken from each finger's last line in it: a case
        // notification that arrives late can carry a finger's touch-down and its first move at once.
        // The frames are the ones before the last `ended`: on a machine that stalls for longer than
        // the case's 200 ms silence rule, the stroke is ended there and begins again, and the
        // recording shows that too.
        let ended = try XCTUnwrap(contents.gestures.last { $0.recognizer == "pinch" && $0.state == .ended })
        let before = contents.touches.filter { Self.milliseconds($0.time) <= ended.timeMs + 1e-6 }
        func spread(inLastFrameWith phase: TouchPhase) -> Double? {
            guard let t = before.filter({ $0.phase == phase }).map(\.time).max() else { return nil }
            var last: [Int: Double] = [:]
            for touch in before where touch.time == t { last[touch.id] = touch.x }
            let xs = Array(last.values)
            guard xs.count == 2 else { return nil }
            return abs(xs[0] - xs[1])
        }
        let d0 = try XCTUnwrap(spread(inLastFrameWith: .began)), d = try XCTUnwrap(spread(inLastFrameWith: .moved))
        let scale = try XCTUnwrap(ended.values.scale)
        XCTAssertGreaterThan(scale, 1, "the fingers spread apart")
        XCTAssertEqual(scale, d / d0, accuracy: 1e-9)
        let replay = try WayfinderBinary.run(["gestures", "replay", file])
        XCTAssertTrue(replay.output.contains("transition log: identical"), replay.output)
    }

    func testBadOptionsAreRefusedBeforeAnythingIsWritten() throws {
        let trace = "\(directory)/bad-trace.json"
        try #"{"strokes": [{"side": "front", "start_ms": 0, "duration_ms": 10, "from": [0.5, 0.5]}]}"#
            .write(toFile: trace, atomically: true, encoding: .utf8)
        let run = try WayfinderBinary.run(["record", "--simulated", "--trace", trace, "--data-directory", directory])
        XCTAssertEqual(run.status, 78)
        XCTAssertTrue(run.errors.contains("strokes[0]: \"side\""), run.errors)
        let cycle = "\(directory)/cycle.json"
        try #"{"recognizers": [{"name": "a", "type": "tap"}, {"name": "b", "type": "tap"}], "failureRequirements": [{"recognizer": "a", "requiresFailureOf": "b"}, {"recognizer": "b", "requiresFailureOf": "a"}]}"#
            .write(toFile: cycle, atomically: true, encoding: .utf8)
        let cyclic = try WayfinderBinary.run(["record", "--simulated", "--recognizers", cycle, "--data-directory", directory])
        XCTAssertEqual(cyclic.status, 78)
        XCTAssertTrue(cyclic.errors.contains("--recognizers"), cyclic.errors)
        XCTAssertEqual(sessionFiles(), [])
    }

    static func milliseconds(_ time: Duration) -> Double {
        let (seconds, attoseconds) = time.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
