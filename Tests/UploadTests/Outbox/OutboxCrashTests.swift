import Upload
import XCTest

/// A crash at any moment: the machine is dropped after each action of a whole run, with the action
/// performed and its answer lost (the effect happened, the process did not learn of it); a new machine
/// built from the records on disk finishes the job, and nothing is stored twice or in conflict.
final class OutboxCrashTests: XCTestCase {
    func world(deleteAfterUpload: Bool) -> OutboxWorld {
        var world = OutboxWorld(settings: OutboxSettings(unitID: OutboxWorld.unit, deleteAfterUpload: deleteAfterUpload,
                                                         sampleSettleTime: .seconds(60)))
        world.addWalk("2026-11-26T0815Z-a", time: 1_000)
        world.addWalk("2026-11-27T0900Z-b", trackSize: 17 * 1024 * 1024, time: 2_000)
        world.files["samples/gestures-1.jsonl"] = ModelFile(content: "sample one", size: 4_000, modified: 1_500)
        return world
    }

    func crashAfterEveryAction(deleteAfterUpload: Bool) {
        var clean = world(deleteAfterUpload: deleteAfterUpload)
        let total = clean.runToEnd()
        XCTAssertGreaterThan(total, 30)
        guard clean.violations.isEmpty, total < 200 else { return XCTFail("the run without a crash: \(total) actions, \(clean.violations)") }
        let original = world(deleteAfterUpload: deleteAfterUpload).files
        for step in 1..<total {
            var world = world(deleteAfterUpload: deleteAfterUpload)
            XCTAssertEqual(world.runToEnd(crashAfter: step), step)
            world.runToEnd()
            XCTAssertEqual(world.violations, [], "crash after action \(step)")
            for (path, file) in original {
                let key = world.s3.objects.first { $0.value.content == file.content }?.key
                XCTAssertNotNil(key, "crash after action \(step): \(path) not stored")
                guard let key else { continue }
                XCTAssertTrue(world.s3.holds(key, intact: file), "crash after action \(step): \(key)")
                XCTAssertEqual(world.s3.creations[key], 1, "crash after action \(step): \(key) stored twice")
            }
            XCTAssertEqual(world.s3.objects.count, original.count, "crash after action \(step)")
            XCTAssertFalse(world.records().contains { $0.state == .conflict }, "crash after action \(step)")
            if deleteAfterUpload {
                XCTAssertEqual(world.files, [:], "crash after action \(step)")
                XCTAssertEqual(world.disk, [:], "crash after action \(step)")
            } else {
                XCTAssertEqual(world.records().map(\.state), Array(repeating: .stored, count: original.count), "crash after action \(step)")
            }
        }
    }

    func testACrashAfterAnyActionFinishesWithEveryObjectStoredOnce() {
        crashAfterEveryAction(deleteAfterUpload: false)
    }

    func testACrashAfterAnyActionWithDeleteAfterUploadFinishesAndDeletesEverything() {
        crashAfterEveryAction(deleteAfterUpload: true)
    }
}
