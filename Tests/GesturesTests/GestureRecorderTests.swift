@testable import Gestures
import XCTest

/// Drives a `GestureRecorder` the way `GestureRecordingActor` does: touches in batches of one time,
/// a tick every 20 ms, then `finish`. Keeps what was written and where the syncs fell.
struct RecorderHarness {
    var recorder: GestureRecorder
    var lines: [RecordingLine] = []
    /// Line counts at which a sync was asked for.
    var syncs: [Int] = []
    var prompts: [(sample: Int, label: String)] = []
    var finished: [(number: Int, gestures: [String])] = []

    init(_ set: RecognizerSet = .standard, settings: GestureRecorder.Settings = .init()) {
        recorder = GestureRecorder(recognizers: set, settings: settings)
        take(recorder.start(RecordingLineCodecTests.header, atMs: 0))
    }

    mutating func take(_ out: GestureRecorder.Output) {
        lines += out.lines
        if out.sync { syncs.append(lines.count) }
        if let p = out.prompt { prompts.append(p) }
        if let f = out.finishedSample { finished.append(f) }
    }

    /// Plays the trace's touches with ticks between them, up to `endMs`, then finishes.
    mutating func play(_ trace: Trace, until endMs: Double, reason: String = "test") {
        let events = trace.items.compactMap { if case .touch(let e) = $0 { e } else { nil } }
        var index = 0
        var now = 0.0
        while now <= endMs {
            while index < events.count, events[index].timeMs <= now {
                var batch = [events[index]]
                index += 1
                while index < events.count, events[index].timeMs == batch[0].timeMs {
                    batch.append(events[index])
                    index += 1
                }
                take(recorder.touches(batch))
            }
            take(recorder.tick(atMs: now))
            now += 20
        }
        take(recorder.finish(atMs: endMs, reason: reason))
    }

    var gestures: [String] {
        lines.compactMap {
            if case .gesture(let t) = $0, RecordingComparison.isGesture(t) { RecordingComparison.key(t) } else { nil }
        }
    }

    var bytes: [UInt8] { lines.flatMap { Array(RecordingLineCodec.encode($0).utf8) + [0x0A] } }
}

/// FingerBlade's labelling trace: swipe right, tap, tap then swipe, double tap, long press, swipe left,
/// 2 s apart on the right edge (the simulated board's built-in trace has the same shape).
func labellingTrace() -> Trace {
    var trace = Trace()
    trace.stroke(600, 1, from: (0.2, 0.5), to: (0.8, 0.5), steps: 12)
    trace.tap(2600, 1, duration: 80)
    trace.tap(4600, 1, at: 0.3, duration: 80)
    trace.stroke(4800, 1, from: (0.2, 0.5), to: (0.8, 0.5), steps: 12)
    trace.tap(6600, 1, duration: 80)
    trace.tap(6800, 1, duration: 80)
    trace.touch(8600, 1, .began, 0.5, 0.5)
    for k in 1...45 { trace.touch(8600 + Double(k) * 20, 1, .moved, 0.5, 0.5) }
    trace.touch(9500, 1, .ended, 0.5, 0.5)
    trace.stroke(11000, 1, from: (0.8, 0.5), to: (0.2, 0.5), steps: 12)
    return trace
}

/// The live core of `wayfinder record`: what it writes, how it splits samples and cycles prompts,
/// when it syncs, and how it stamps frames so a replay regroups them exactly.
final class GestureRecorderTests: XCTestCase {
    func testTheStandardSetRecognizesEachLabelledGestureInItsOwnSample() {
        var harness = RecorderHarness(settings: .init(prompts: ["swipe right", "tap", "tap then swipe", "double tap",
                                                                "long press", "swipe left"]))
        harness.play(labellingTrace(), until: 13_000)
        XCTAssertEqual(harness.finished.map(\.number), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(harness.finished.map(\.gestures), [["swipe right"], ["tap"], ["tap-swipe"], ["double-tap"],
                                                          ["long-press"], ["swipe left"]])
        XCTAssertEqual(harness.prompts.map(\.label), ["swipe right", "tap", "tap then swipe", "double tap",
                                                      "long press", "swipe left", "swipe right"])
        XCTAssertEqual(harness.prompts.map(\.sample), [1, 2, 3, 4, 5, 6, 7])
        guard case .header = harness.lines.first, case .end(13_000, "test") = harness.lines.last else {
            return XCTFail("a session is framed by its header and end line")
        }
        XCTAssertFalse(harness.lines.contains {
            if case .gesture(let t) = $0 { t.state == .failed } else { false }
        }, "failures are not recorded")
    }

    func testEverySampleEndIsSyncedAndNothingStaysUnsyncedLongerThanTheInterval() {
        var harness = RecorderHarness(settings: .init(syncIntervalMs: 1000))
        harness.play(labellingTrace(), until: 13_000)
        XCTAssertEqual(harness.syncs.first, 1, "the header is synced at once")
        for (index, line) in harness.lines.enumerated() {
            if case .sampleEnd = line { XCTAssertTrue(harness.syncs.contains(index + 1), "sample end at line \(index + 1)") }
        }
        XCTAssertEqual(harness.syncs.last, harness.lines.count)
        // Between syncs, line times span at most the interval plus one tick.
        var lastSyncTime = 0.0
        for (index, line) in harness.lines.enumerated() {
            guard let t = line.timeMs else { continue }
            XCTAssertLessThanOrEqual(t - lastSyncTime, 1000 + 20 + 1e-9, "line \(index + 1) unsynced too long")
            if harness.syncs.contains(index + 1) { lastSyncTime = t }
        }
    }

    func testPromptsCycleAfterTheirRepeats() {
        var harness = RecorderHarness(settings: .init(prompts: ["cut A", "cut B"], repeats: 2))
        harness.play(labellingTrace(), until: 13_000)
        XCTAssertEqual(harness.prompts.map(\.label), ["cut A", "cut B", "cut A", "cut B"])
        XCTAssertEqual(harness.prompts.map(\.sample), [1, 3, 5, 7])
    }

    func testAFrameRaisedToAClockOffTheNanosecondGridIsNeverStampedBeforeIt() {
        var recorder = GestureRecorder(recognizers: .standard)
        _ = recorder.start(RecordingLineCodecTests.header, atMs: 0)
        _ = recorder.tick(atMs: 150.000_000_4)   // a host's clock between two nanoseconds
        let out = recorder.touches([TouchEvent(timeMs: 140, id: 1, side: .right, phase: .began, x: 0.5, y: 0.5)])
        let stamps = out.lines.compactMap { if case .touch(let t) = $0 { t.timeMs } else { nil } }
        XCTAssertEqual(stamps, [150.000_001], "rounded up: a replay must run the frame after the timers the clock passed")
    }

    func testAVersion1RecordingSaysItsTimesWereRounded() {
        var header = RecordingLineCodecTests.header
        let now = RecordingComparison(RecordingContents(header: header, lines: [], tornTail: nil, badLines: []), replayed: [])
        XCTAssertFalse(now.timesRounded)
        header.version = 1
        let old = RecordingComparison(RecordingContents(header: header, lines: [], tornTail: nil, badLines: []), replayed: [])
        XCTAssertTrue(old.timesRounded)
    }

    func testFramesWithOneTimeAreNudgedSoReplayRegroupsThemAsLive() {
        var recorder = GestureRecorder(recognizers: .standard)
        _ = recorder.start(RecordingLineCodecTests.header, atMs: 0)
        let a = recorder.touches([TouchEvent(timeMs: 100, id: 1, side: .right, phase: .began, x: 0.5, y: 0.5)])
        // The second batch carries the same time (a tick flushed between them): its own frame, one nanosecond later.
        let b = recorder.touches([TouchEvent(timeMs: 100, id: 2, side: .right, phase: .began, x: 0.2, y: 0.5)])
        // A tick moved the pipeline clock past a late batch: it is stamped at the clock, as the pipeline runs it.
        _ = recorder.tick(atMs: 150)
        let c = recorder.touches([TouchEvent(timeMs: 140, id: 1, side: .right, phase: .moved, x: 0.5, y: 0.5),
                                  TouchEvent(timeMs: 140, id: 2, side: .right, phase: .moved, x: 0.2, y: 0.5)])
        func times(_ out: GestureRecorder.Output) -> [Double] {
            out.lines.compactMap { if case .touch(let t) = $0 { t.timeMs } else { nil } }
        }
        XCTAssertEqual(times(a), [100])
        XCTAssertEqual(times(b), [100.000_001])
        XCTAssertEqual(times(c), [150, 150])
    }
}

/// Replay of a recording (`RecordingReplay`): the recorded set gives back the recorded log entry for
/// entry; a changed set shows, per gesture and sample, what it recognizes differently.
final class RecordingReplayTests: XCTestCase {
    func recorded() throws -> RecordingContents {
        var harness = RecorderHarness(settings: .init(prompts: ["swipe right", "tap", "tap then swipe", "double tap",
                                                                "long press", "swipe left"]))
        harness.play(labellingTrace(), until: 13_000)
        return try RecordingReader.read(harness.bytes)
    }

    func testReplayWithTheRecordedSetReproducesTheRecordedGestures() throws {
        let contents = try recorded()
        let result = RecordingReplay.run(contents)
        XCTAssertEqual(result.problems, [])
        XCTAssertTrue(result.comparison.logIdentical, result.comparison.summary)
        XCTAssertTrue(result.comparison.sameGestures, result.comparison.summary)
        XCTAssertEqual(result.comparison.rows.map(\.gesture),
                       ["double-tap", "long-press", "swipe left", "swipe right", "tap", "tap-swipe"])
        XCTAssertEqual(result.comparison.rows.map(\.same), [1, 1, 1, 1, 1, 1])
        XCTAssertTrue(result.comparison.summary.contains("every sample recognized the same gestures"))
    }

    func testALeftHandedSessionIsRecordedUnmirroredAndReplaysMirrored() throws {
        // The touch lines keep the case's x; the recorded set says "left", so a replay mirrors again
        // and the physical right-to-left stroke of sample 6 stays a rightward swipe
        // (docs/gestures.md, "Handedness").
        var harness = RecorderHarness(RecognizerSet.standard.with(handedness: .left))
        harness.play(labellingTrace(), until: 13_000)
        XCTAssertEqual(harness.gestures.filter { $0.hasPrefix("swipe") }, ["swipe left", "swipe right"])
        let contents = try RecordingReader.read(harness.bytes)
        XCTAssertEqual(contents.header.recognizers["pipeline"]?["handedness"], .string("left"),
                       "the header carries the set the recorder ran, whatever header it was given")
        XCTAssertEqual(contents.touches.first?.x, 0.2, "recorded as the case reported it")
        let same = RecordingReplay.run(contents)
        XCTAssertTrue(same.comparison.logIdentical, same.comparison.summary)
        let rightHanded = RecordingReplay.run(contents, recognizers: .standard)
        XCTAssertEqual(rightHanded.comparison.differences.map(\.sample), [1, 6])
    }

    func testReplayWithAChangedSetShowsWhatItRecognizesDifferently() throws {
        let contents = try recorded()
        // Without the tap-swipes, the cut of sample 3 becomes a tap and a swipe.
        guard case .object(var members) = RecognizerSet.standard.document else { return XCTFail() }
        members["recognizers"] = .array((members["recognizers"]?.array ?? []).filter { $0["type"]?.string != "tap_swipe" })
        members["failureRequirements"] = .array((members["failureRequirements"]?.array ?? []).filter {
            !($0["requiresFailureOf"]?.string ?? "").hasPrefix("tap-swipe")
        })
        let result = RecordingReplay.run(contents, recognizers: RecognizerSet(document: .object(members)))
        XCTAssertEqual(result.problems, [])
        XCTAssertFalse(result.comparison.logIdentical)
        XCTAssertEqual(result.comparison.differences.count, 1, result.comparison.summary)
        let difference = try XCTUnwrap(result.comparison.differences.first)
        XCTAssertEqual(difference.sample, 3)
        XCTAssertEqual(difference.prompt, "tap then swipe")
        XCTAssertEqual(difference.recorded, ["tap-swipe"])
        XCTAssertEqual(difference.now.sorted(), ["swipe right", "tap"])
        let row = try XCTUnwrap(result.comparison.rows.first { $0.gesture == "tap-swipe" })
        XCTAssertEqual([row.recorded, row.now, row.same], [1, 0, 0])
        XCTAssertTrue(result.comparison.summary.contains(#"sample 3 "tap then swipe": recorded tap-swipe; now"#),
                      result.comparison.summary)
    }
}
