import Upload
import Vocabulary
import XCTest

/// Random orders of events from a seeded generator (replayable from the seed): answers delayed behind
/// scans, ticks, walk changes and credentials changes; faults (5xx, network errors, 403, a full state
/// directory); crashes. The invariants hold at every step: never a second effect while one is
/// unanswered (so never two requests in flight), never a part before its upload id is recorded, never
/// a record *stored* that the server does not hold with its SHA-256; and once the faults stop, the run
/// ends with every file stored once.
final class OutboxPropertyTests: XCTestCase {
    func testRandomEventOrdersKeepTheInvariants() {
        var exercised: [String: Int] = [:]
        for seed: UInt64 in 1...60 {
            var random = SeededRandom(seed: seed)
            var settings = OutboxSettings(unitID: OutboxWorld.unit, sampleSettleTime: .seconds(30))
            settings.onlyWhenIdle = Bool.random(using: &random)
            settings.deleteAfterUpload = Bool.random(using: &random)
            var world = OutboxWorld(settings: settings)
            world.addWalk("2026-11-26T0815Z-a", trackSize: Int64.random(in: 100...(20 * 1024 * 1024), using: &random), time: 1_000)
            world.addWalk("2026-11-27T0900Z-b", trackSize: Int64.random(in: 100...(20 * 1024 * 1024), using: &random), time: 2_000)
            world.files["samples/s.jsonl"] = ModelFile(content: "sample", size: 900, modified: 1_200)
            let original = world.files

            var machine = world.machine()
            var outstanding: OutboxAction?
            var wake: Duration?
            var faultsOn = true

            func take(_ actions: [OutboxAction]) {
                for action in actions {
                    switch action {
                    case .report(let report): world.reports.append(report)
                    case .wakeAt(let time): wake = time
                    default:
                        if let previous = outstanding {
                            world.violations.append("seed \(seed): \(action) asked while \(previous) is unanswered")
                        }
                        outstanding = action
                    }
                }
            }

            for step in 0..<3_000 where world.violations.isEmpty {
                if step == 2_000 { faultsOn = false }
                let roll = Int.random(in: 0..<100, using: &random)
                if let action = outstanding, roll < 60 {
                    outstanding = nil
                    var event: OutboxEvent?
                    let fault = faultsOn ? Int.random(in: 0..<40, using: &random) : 99
                    if case .send(let request) = action, case .uploadPart = request.operation { exercised["part", default: 0] += 1 }
                    if case .send = action, fault == 0 {
                        exercised["5xx", default: 0] += 1
                        event = .response(OutboxResponse(status: 503, errorCode: "SlowDown"))
                    } else if case .send = action, fault == 1 {
                        event = .networkFailed(reason: "Connection reset by peer")
                    } else if case .send = action, fault == 2 {
                        exercised["403", default: 0] += 1
                        event = .response(OutboxResponse(status: 403, errorCode: "AccessDenied"))
                    } else if case .writeRecord(let record) = action, fault == 3 {
                        exercised["ENOSPC", default: 0] += 1
                        event = .recordFailed(key: record.key, .noSpace)
                    } else {
                        var ignored: Duration?
                        event = world.perform(action, wake: &ignored)
                    }
                    if let event { take(machine.handle(event, now: world.clock)) }
                } else if roll < 70 {
                    world.clock += .milliseconds(Int64.random(in: 0...40_000, using: &random))
                    if let time = wake, time <= world.clock { wake = nil }
                    take(machine.handle(.tick, now: world.clock))
                } else if roll < 80 {
                    take(machine.handle(.scanned(world.scan()), now: world.clock))
                } else if roll < 87 {
                    world.walk = (!faultsOn || Bool.random(using: &random)) ? .idle : .inProgress
                    take(machine.handle(.walk(world.walk), now: world.clock))
                } else if roll < 92 {
                    take(machine.handle(.credentialsChanged, now: world.clock))
                } else if roll < 95 && faultsOn {
                    // A crash: the unanswered effect happened or not, the machine is gone.
                    if let action = outstanding, Bool.random(using: &random) {
                        var ignored: Duration?
                        _ = world.perform(action, wake: &ignored)
                    }
                    exercised["crash", default: 0] += 1
                    outstanding = nil
                    wake = nil
                    machine = world.machine()
                    take(machine.handle(.scanned(world.scan()), now: world.clock))
                }
            }
            // The end: no faults, no walk; a restart (as after a 403) and runs until nothing is left.
            if let action = outstanding {
                var ignored: Duration?
                if let event = world.perform(action, wake: &ignored) { take(machine.handle(event, now: world.clock)) }
            }
            world.walk = .idle
            world.runToEnd()
            XCTAssertEqual(world.violations, [], "seed \(seed)")
            for (path, file) in original {
                let key = world.s3.objects.first { $0.value.content == file.content }?.key
                XCTAssertNotNil(key, "seed \(seed): \(path) not stored")
                guard let key else { continue }
                XCTAssertTrue(world.s3.holds(key, intact: file), "seed \(seed): \(key)")
                XCTAssertEqual(world.s3.creations[key], 1, "seed \(seed): \(key) stored twice")
            }
        }
        // The generator reached what the invariants are about.
        for what in ["part", "5xx", "403", "ENOSPC", "crash"] {
            XCTAssertGreaterThan(exercised[what] ?? 0, 10, what)
        }
    }
}
