import Upload
import Vocabulary
import XCTest

/// Whole outbox runs against the S3 model: what is sent, in which order, and what each answer leads to.
final class OutboxMachineTests: XCTestCase {
    static let mib: Int64 = 1024 * 1024

    /// Two walks (the later one with a 20 MiB track: three parts) and a sample.
    func standardWorld(settings: OutboxSettings? = nil) -> OutboxWorld {
        var world = settings.map { OutboxWorld(settings: $0) } ?? OutboxWorld()
        world.addWalk("2026-11-26T0815Z-a", time: 1_000)
        world.addWalk("2026-11-27T0900Z-b", trackSize: 20 * Self.mib, time: 2_000)
        world.files["samples/gestures-1.jsonl"] = ModelFile(content: "sample one", size: 4_000, modified: 1_500)
        return world
    }

    func assertEverythingStoredOnceAndIntact(_ world: OutboxWorld, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(world.violations, [], file: file, line: line)
        for (path, model) in world.files {
            let key = world.records().first { $0.path == path }?.key ?? "?"
            XCTAssertTrue(world.s3.holds(key, intact: model), "\(path) not stored intact", file: file, line: line)
            XCTAssertEqual(world.s3.creations[key], 1, "\(key) created \(world.s3.creations[key] ?? 0) times", file: file, line: line)
            XCTAssertEqual(world.record(key)?.state, .stored, key, file: file, line: line)
        }
        XCTAssertEqual(world.s3.objects.count, world.files.count, file: file, line: line)
    }

    func testEveryFileIsStoredOnceAndIntactOldestFirst() {
        var world = standardWorld()
        world.runToEnd()
        assertEverythingStoredOnceAndIntact(world)
        let puts = world.sent.filter { $0.request.operation == .putObject }.map(\.request.key)
        XCTAssertEqual(puts, [world.key(walk: "2026-11-26T0815Z-a", "track.gpx"), world.key(walk: "2026-11-26T0815Z-a", "events.jsonl"),
                              world.key(walk: "2026-11-26T0815Z-a", "report.html"), world.key(walk: "2026-11-26T0815Z-a", "manifest.json"),
                              world.key(walk: "2026-11-27T0900Z-b", "events.jsonl"), world.key(walk: "2026-11-27T0900Z-b", "report.html"),
                              world.key(walk: "2026-11-27T0900Z-b", "manifest.json"), "unit-1/samples/gestures-1.jsonl"],
                       "oldest first (the 20 MiB track, first of its walk, by multipart); the sample once it has settled")
        XCTAssertEqual(world.sent.count, 8 + 5, "eight PUTs; CreateMultipartUpload, three parts, completion")
        XCTAssertEqual(world.status?.pendingFiles, 0)
        XCTAssertEqual(world.status?.pendingBytes, 0)
    }

    /// A walk's manifest goes last of its walk even when its times say otherwise: the journal gets
    /// records after the walk's end, and writes a moment apart may share a time.
    func testAWalksManifestGoesLastOfItsWalkWhateverTheTimes() {
        var world = OutboxWorld()
        world.addWalk("2026-11-26T0815Z-a", time: 1_000)
        world.files["tracks/2026-11-26T0815Z-a.events.jsonl"]?.modified = 1_010
        world.files["tracks/2026-11-26T0815Z-a.gpx"]?.modified = 1_003
        world.runToEnd()
        assertEverythingStoredOnceAndIntact(world)
        let puts = world.sent.filter { $0.request.operation == .putObject }.map(\.request.key)
        XCTAssertEqual(puts, [world.key(walk: "2026-11-26T0815Z-a", "report.html"), world.key(walk: "2026-11-26T0815Z-a", "track.gpx"),
                              world.key(walk: "2026-11-26T0815Z-a", "events.jsonl"), world.key(walk: "2026-11-26T0815Z-a", "manifest.json")],
                       "oldest first, the manifest (time 1003, before the track by its key) held until its walk's others are stored")
    }

    func testAPutIsConditionalAndCarriesTheFilesSHA256() throws {
        var world = OutboxWorld()
        world.files["samples/s.jsonl"] = ModelFile(content: "s", size: 10, modified: 5)
        world.runToEnd()
        let put = try XCTUnwrap(world.sent.first?.request)
        XCTAssertEqual(put.method, "PUT")
        XCTAssertEqual(put.key, "unit-1/samples/s.jsonl")
        XCTAssertEqual(put.query, [])
        XCTAssertEqual(put.header("If-None-Match"), "*")
        XCTAssertEqual(put.header("x-amz-meta-sha256"), ModelFile.sha256(of: "s"))
        XCTAssertEqual(put.payload, .file(path: "samples/s.jsonl", sha256: ModelFile.sha256(of: "s")))
    }

    /// 8 MiB and more: CreateMultipartUpload, then the record with the upload id, then 8 MiB parts (the
    /// last smaller), then the completion listing them, conditional.
    func testAFileOf8MiBOrMoreGoesInPartsAfterItsUploadIdIsRecorded() throws {
        var world = OutboxWorld()
        world.files["tracks/w.gpx"] = ModelFile(content: "big", size: 20 * Self.mib + 5, modified: 1)
        world.files["tracks/w.manifest.json"] = ModelFile(content: "m", size: 10, modified: 2)
        var machine = world.machine()
        var log: [OutboxAction] = []
        var actions = machine.handle(.scanned(world.scan()), now: .zero)
        while let effect = actions.first(where: { if case .report = $0 { false } else { true } }) {
            log.append(effect)
            var wake: Duration?
            guard let event = world.perform(effect, wake: &wake) else { break }
            actions = machine.handle(event, now: .zero)
        }
        let key = "unit-1/walks/w/track.gpx"
        let steps: [String] = log.compactMap {
            switch $0 {
            case .send(let r) where r.key == key:
                "\(r.method) \(r.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))"
            case .writeRecord(let r) where r.key == key:
                "record \(r.state.rawValue) \(r.uploadID ?? "-") \(r.parts.map(\.number))"
            default: nil
            }
        }
        XCTAssertEqual(steps, ["record pending - []", "POST uploads=", "record multipart upload-1 []",
                               "PUT partNumber=1&uploadId=upload-1", "record multipart upload-1 [1]",
                               "PUT partNumber=2&uploadId=upload-1", "record multipart upload-1 [1, 2]",
                               "PUT partNumber=3&uploadId=upload-1", "record multipart upload-1 [1, 2, 3]",
                               "POST uploadId=upload-1", "record stored - []"])
        let ranges = world.sent.compactMap { sent -> [Int64]? in
            if case .fileRange(_, let offset, let length) = sent.request.payload { return [offset, length] }
            return nil
        }
        XCTAssertEqual(ranges, [[0, 8 * Self.mib], [8 * Self.mib, 8 * Self.mib], [16 * Self.mib, 4 * Self.mib + 5]])
        let complete = try XCTUnwrap(world.sent.first { $0.request.operation == .completeMultipartUpload }?.request)
        XCTAssertEqual(complete.header("If-None-Match"), "*")
        let create = try XCTUnwrap(world.sent.first { $0.request.operation == .createMultipartUpload }?.request)
        XCTAssertEqual(create.header("x-amz-meta-sha256"), ModelFile.sha256(of: "big"))
        XCTAssertTrue(world.s3.holds(key, intact: try XCTUnwrap(world.files["tracks/w.gpx"])))
        XCTAssertEqual(world.violations, [])
    }

    func testPartRangesCoverTheFileWithTheLastPartSmaller() {
        XCTAssertEqual(OutboxMachine.partRanges(size: 17, partSize: 8).map { [$0.number, Int($0.offset), Int($0.length)] },
                       [[1, 0, 8], [2, 8, 8], [3, 16, 1]])
        XCTAssertEqual(OutboxMachine.partRanges(size: 16, partSize: 8).map(\.length), [8, 8])
        XCTAssertEqual(OutboxMachine.partRanges(size: 0, partSize: 8).count, 0)
        XCTAssertEqual(OutboxMachine.partRanges(size: 80_000, partSize: 8).count, 10_000)
        XCTAssertEqual(OutboxMachine.partRanges(size: 80_001, partSize: 8).count, 0, "beyond S3's 10,000 parts")
        XCTAssertEqual(OutboxMachine.partCount(size: .max, partSize: 8 * Self.mib), 1_099_511_627_776)
    }

    /// S3 takes at most 10,000 parts: a file that needs more is reported and never started.
    func testAFileBeyondTenThousandPartsIsReportedAndNotSent() {
        var world = OutboxWorld(settings: OutboxSettings(unitID: OutboxWorld.unit, sampleSettleTime: .zero))
        world.files["samples/huge.jsonl"] = ModelFile(content: "huge", size: 10_000 * 8 * Self.mib + 1, modified: 1)
        world.files["samples/small.jsonl"] = ModelFile(content: "small", size: 10, modified: 2)
        world.runToEnd()
        XCTAssertEqual(world.sent.map(\.request.key), ["unit-1/samples/small.jsonl"])
        XCTAssertFalse(world.hashed.contains("samples/huge.jsonl"), "not even read")
        XCTAssertEqual(world.reports.filter { $0.line.contains("huge") }.count, 1, "reported once")
        XCTAssertNil(world.record("unit-1/samples/huge.jsonl"))
        XCTAssertTrue(world.reports.contains { $0.level == .error && $0.line.contains("more than 10000 parts") })
    }

    func testAnEarlierStoreWithTheSameSHA256AnswersTheConditionalPutAndCountsAsStored() {
        var world = OutboxWorld()
        let file = ModelFile(content: "s", size: 10, modified: 5)
        world.files["samples/s.jsonl"] = file
        world.s3.objects["unit-1/samples/s.jsonl"] = .init(content: "s", size: 10, metaSHA256: file.sha256)
        world.runToEnd()
        XCTAssertEqual(world.sent.map(\.request.method), ["PUT", "HEAD"])
        XCTAssertEqual(world.record("unit-1/samples/s.jsonl")?.state, .stored)
        XCTAssertEqual(world.s3.creations["unit-1/samples/s.jsonl"], nil, "not stored a second time")
    }

    func testAnotherObjectUnderTheKeyIsAConflictReportedAndNeverOverwritten() throws {
        var world = OutboxWorld()
        world.files["samples/s.jsonl"] = ModelFile(content: "ours", size: 10, modified: 5)
        let theirs = ModelFile.sha256(of: "theirs")
        world.s3.objects["unit-1/samples/s.jsonl"] = .init(content: "theirs", size: 9, metaSHA256: theirs)
        world.runToEnd()
        XCTAssertEqual(world.sent.map(\.request.method), ["PUT", "HEAD"], "not retried, not overwritten")
        let record = try XCTUnwrap(world.record("unit-1/samples/s.jsonl"))
        XCTAssertEqual(record.state, .conflict)
        XCTAssertEqual(record.otherSHA256, theirs)
        XCTAssertEqual(world.s3.objects["unit-1/samples/s.jsonl"]?.content, "theirs")
        XCTAssertEqual(world.status?.conflicts, ["unit-1/samples/s.jsonl"])
        XCTAssertTrue(world.reports.contains { $0.level == .error && $0.line.contains("conflict") && $0.line.contains(theirs) })
        XCTAssertNotNil(world.files["samples/s.jsonl"], "kept")
    }

    func test403StopsEverythingWithNoFurtherRequestUntilTheCredentialsChange() throws {
        var world = standardWorld()
        world.fault = { _, _ in .response(OutboxResponse(status: 403, errorCode: "SignatureDoesNotMatch")) }
        var machine = world.machine()
        var effects = 0
        world.run(&machine, effects: &effects)
        XCTAssertEqual(world.sent.count, 1, "no retry storm: one request, then nothing, through several scans and a minute")
        XCTAssertEqual(world.status?.stopped, "refused by the server (403 SignatureDoesNotMatch)")
        XCTAssertEqual(world.status?.refusedCode, "SignatureDoesNotMatch", "a refusal, told apart from a local stop")
        XCTAssertFalse(machine.isIdle, "stopped with files left is not done")
        XCTAssertTrue(world.reports.contains { $0.level == .error && $0.line.contains("403 SignatureDoesNotMatch") })
        world.fault = nil
        let actions = machine.handle(.credentialsChanged, now: world.clock)
        XCTAssertTrue(actions.contains { if case .send = $0 { true } else { false } })
        world.drain(&machine, actions, effects: &effects)
        world.run(&machine, effects: &effects)
        assertEverythingStoredOnceAndIntact(world)
        XCTAssertNil(machine.status.refusedCode, "lifted with the stop")
        XCTAssertTrue(machine.isIdle)
    }

    /// 5xx and network errors wait 0.5 s, 1 s, 2 s, 4 s … (`RestartBackoff`), then the same request again.
    func testServerErrorsAndNetworkFailuresAreRetriedWithTheBackoffTimes() {
        var world = OutboxWorld()
        world.files["samples/s.jsonl"] = ModelFile(content: "s", size: 10, modified: 5)
        world.fault = { _, index in
            switch index {
            case 0, 2: .response(OutboxResponse(status: 503, errorCode: "SlowDown"))
            case 1: .networkFailed(reason: "Connection refused")
            case 3: .response(OutboxResponse(status: 500, errorCode: "InternalError"))
            case 4: .response(OutboxResponse(status: 200, errorCode: "InternalError"))
            default: nil
            }
        }
        world.runToEnd()
        let first = world.sent.first?.at ?? .zero
        XCTAssertEqual(world.sent.map { $0.at - first }, [.zero, .milliseconds(500), .milliseconds(1500), .milliseconds(3500),
                                                         .milliseconds(7500), .milliseconds(15500)])
        XCTAssertEqual(Set(world.sent.map(\.request.method)), ["PUT"])
        XCTAssertEqual(world.record("unit-1/samples/s.jsonl")?.state, .stored)
    }

    func testTheBackoffStartsOverAfterAnAnswer() {
        var world = OutboxWorld()
        world.files["samples/a.jsonl"] = ModelFile(content: "a", size: 10, modified: 5)
        world.files["samples/b.jsonl"] = ModelFile(content: "b", size: 10, modified: 6)
        world.fault = { _, index in [0, 1, 3].contains(index) ? .networkFailed(reason: "timeout") : nil }
        world.runToEnd()
        let first = world.sent.first?.at ?? .zero
        XCTAssertEqual(world.sent.map { $0.at - first },
                       [.zero, .milliseconds(500), .milliseconds(1500), .milliseconds(1500), .milliseconds(2000)])
    }

    func testARecordThatCannotBeWrittenStopsSendingUntilAScanFindsItWritable() {
        var world = OutboxWorld(settings: OutboxSettings(unitID: OutboxWorld.unit, sampleSettleTime: .zero))
        world.files["samples/s.jsonl"] = ModelFile(content: "s", size: 10, modified: 5)
        world.recordFault = { _ in .noSpace }
        var machine = world.machine()
        var effects = 0
        world.drain(&machine, machine.handle(.scanned(world.scan()), now: world.clock), effects: &effects)
        XCTAssertEqual(effects, 2, "the hash and the record's write")
        XCTAssertEqual(world.sent.count, 0, "nothing is sent that its record could not follow")
        XCTAssertEqual(world.status?.stopped, "cannot write records: the state directory is full (ENOSPC)")
        XCTAssertTrue(world.reports.contains { $0.level == .error && $0.line.contains("ENOSPC") })
        world.clock += .seconds(60)
        world.drain(&machine, machine.handle(.tick, now: world.clock), effects: &effects)
        XCTAssertEqual(effects, 2, "time alone does not lift the stop")
        world.drain(&machine, machine.handle(.scanned(world.scan()), now: world.clock), effects: &effects)
        XCTAssertEqual(effects, 3, "the next scan writes the record again, and it fails again")
        XCTAssertEqual(world.sent.count, 0)
        world.recordFault = nil
        world.drain(&machine, machine.handle(.scanned(world.scan()), now: world.clock), effects: &effects)
        XCTAssertEqual(world.record("unit-1/samples/s.jsonl")?.state, .stored)
        XCTAssertEqual(world.sent.count, 1)
        XCTAssertEqual(world.status?.stopped, nil)
    }

    func testAReadOnlyStateDirectoryAfterAPutSendsNothingMoreAndTheNextScanRecordsIt() {
        var world = OutboxWorld(settings: OutboxSettings(unitID: OutboxWorld.unit, sampleSettleTime: .zero))
        world.files["samples/a.jsonl"] = ModelFile(content: "a", size: 10, modified: 5)
        world.files["samples/b.jsonl"] = ModelFile(content: "b", size: 10, modified: 6)
        world.recordFault = { $0.state == .stored ? .readOnly : nil }
        var machine = world.machine()
        var effects = 0
        world.drain(&machine, machine.handle(.scanned(world.scan()), now: world.clock), effects: &effects)
        XCTAssertEqual(world.sent.map(\.request.key), ["unit-1/samples/a.jsonl"])
        XCTAssertEqual(world.record("unit-1/samples/a.jsonl")?.state, .pending)
        XCTAssertEqual(world.status?.stopped, "cannot write records: the state directory is read-only (EROFS)")
        world.recordFault = nil
        world.run(&machine, effects: &effects)
        XCTAssertEqual(world.sent.map(\.request.key), ["unit-1/samples/a.jsonl", "unit-1/samples/b.jsonl"], "a is not sent again")
        XCTAssertEqual(world.record("unit-1/samples/a.jsonl")?.state, .stored)
        XCTAssertEqual(world.record("unit-1/samples/b.jsonl")?.state, .stored)
    }

    func testTheWalkInProgressIsNeverUploaded() {
        var settings = OutboxSettings(unitID: OutboxWorld.unit)
        settings.onlyWhenIdle = false
        var world = standardWorld(settings: settings)
        world.walk = .inProgress
        world.currentWalkTrack = "2026-11-27T0900Z-b.gpx"
        world.runToEnd()
        XCTAssertFalse(world.sent.contains { $0.request.key.contains("2026-11-27T0900Z-b") })
        XCTAssertEqual(world.s3.objects.count, 5, "the other walk and the sample")
    }

    /// `when = "idle"`: nothing at all while a walk is in progress (a paused walk is in progress), and
    /// everything once it ends, without waiting for a scan.
    func testWhenIdleHoldsEverythingWhileAWalkIsInProgress() {
        var world = standardWorld()
        world.walk = .inProgress
        var machine = world.machine()
        var effects = 0
        world.run(&machine, effects: &effects)
        XCTAssertEqual(effects, 0, "not even a hash")
        XCTAssertEqual(world.status?.holding, true)
        let actions = machine.handle(.walk(.idle), now: world.clock)
        XCTAssertTrue(actions.contains(.hash(path: "tracks/2026-11-26T0815Z-a.gpx")))
        world.walk = .idle
        world.drain(&machine, actions, effects: &effects)
        world.run(&machine, effects: &effects)
        assertEverythingStoredOnceAndIntact(world)
        XCTAssertTrue(machine.isIdle)
    }

    func testDeleteAfterUploadDeletesTheFileThenItsRecord() {
        var settings = OutboxSettings(unitID: OutboxWorld.unit)
        settings.deleteAfterUpload = true
        var world = standardWorld(settings: settings)
        let before = world.files
        world.runToEnd()
        XCTAssertEqual(world.files, [:])
        XCTAssertEqual(world.disk, [:])
        XCTAssertEqual(Set(world.deletedFiles), Set(before.keys))
        for (path, file) in before {
            XCTAssertEqual(world.s3.objects.values.filter { $0.content == file.content }.count, 1, path)
        }
        XCTAssertEqual(world.violations, [])
    }

    func testAResumedMultipartUploadAsksForItsPartsAndSendsOnlyTheRest() {
        var world = OutboxWorld()
        world.files["tracks/w.gpx"] = ModelFile(content: "big", size: 20 * Self.mib, modified: 1)
        world.files["tracks/w.manifest.json"] = ModelFile(content: "m", size: 10, modified: 2)
        // hash, record, create, record, part 1, record, part 2: the crash takes part 2's record.
        world.runToEnd(crashAfter: 7)
        XCTAssertEqual(world.record("unit-1/walks/w/track.gpx")?.parts.map(\.number), [1])
        let sentBefore = world.sent.count
        world.runToEnd()
        let after = world.sent[sentBefore...].map { "\($0.request.method) \($0.request.query.first?.name ?? "")" }
        XCTAssertEqual(Array(after.prefix(4)), ["GET uploadId", "PUT partNumber", "PUT partNumber", "POST uploadId"],
                       "ListParts, then part 2 again (the record lacks it) and part 3")
        XCTAssertTrue(world.s3.holds("unit-1/walks/w/track.gpx", intact: world.files["tracks/w.gpx"]!))
        XCTAssertEqual(world.violations, [])
    }

    func testAnUploadTheServerNoLongerKnowsStartsOver() {
        var world = OutboxWorld()
        world.files["tracks/w.gpx"] = ModelFile(content: "big", size: 20 * Self.mib, modified: 1)
        world.files["tracks/w.manifest.json"] = ModelFile(content: "m", size: 10, modified: 2)
        world.runToEnd(crashAfter: 8)
        world.s3.uploads = [:]    // a lifecycle rule aborted it
        world.runToEnd()
        XCTAssertTrue(world.s3.holds("unit-1/walks/w/track.gpx", intact: world.files["tracks/w.gpx"]!))
        XCTAssertEqual(world.s3.creations["unit-1/walks/w/track.gpx"], 1)
        XCTAssertTrue(world.reports.contains { $0.line.contains("no longer knows its multipart upload") })
        XCTAssertEqual(world.sent.filter { $0.request.operation == .createMultipartUpload }.count, 2)
    }

    func testAFileChangedUnderAMultipartRecordIsHashedAgainAndItsUploadAborted() throws {
        var world = OutboxWorld()
        world.files["tracks/w.gpx"] = ModelFile(content: "big", size: 20 * Self.mib, modified: 1)
        world.files["tracks/w.manifest.json"] = ModelFile(content: "m", size: 10, modified: 2)
        world.runToEnd(crashAfter: 8)
        world.files["tracks/w.gpx"] = ModelFile(content: "bigger", size: 21 * Self.mib, modified: 3)
        let sentBefore = world.sent.count
        world.runToEnd()
        XCTAssertEqual(world.sent[sentBefore].request.operation, .abortMultipartUpload)
        XCTAssertEqual(world.s3.uploads, [:])
        let file = try XCTUnwrap(world.files["tracks/w.gpx"])
        XCTAssertTrue(world.s3.holds("unit-1/walks/w/track.gpx", intact: file))
        XCTAssertEqual(world.record("unit-1/walks/w/track.gpx")?.sha256, file.sha256)
    }

    func testASampleGoesUpOnlyOnceItHasStoppedChanging() {
        var world = OutboxWorld()
        world.files["samples/s.jsonl"] = ModelFile(content: "s1", size: 10, modified: 5)
        var machine = world.machine()
        XCTAssertEqual(machine.handle(.scanned(world.scan()), now: .zero), [])
        world.files["samples/s.jsonl"] = ModelFile(content: "s2", size: 20, modified: 6)
        XCTAssertEqual(machine.handle(.scanned(world.scan()), now: .seconds(61)), [], "it grew: settling again")
        XCTAssertEqual(machine.handle(.scanned(world.scan()), now: .seconds(100)), [], "unchanged for 39 s")
        XCTAssertEqual(machine.handle(.scanned(world.scan()), now: .seconds(121)).filter { if case .report = $0 { false } else { true } },
                       [.hash(path: "samples/s.jsonl")])
    }

    func testAFileGoneBeforeItsUploadHasItsRecordDeleted() {
        var world = OutboxWorld()
        world.files["tracks/w.gpx"] = ModelFile(content: "big", size: 20 * Self.mib, modified: 1)
        world.files["tracks/w.manifest.json"] = ModelFile(content: "m", size: 10, modified: 2)
        world.runToEnd(crashAfter: 5)
        world.files["tracks/w.gpx"] = nil    // retention deleted the walk's track
        world.runToEnd()
        XCTAssertNil(world.record("unit-1/walks/w/track.gpx"))
        XCTAssertEqual(world.s3.uploads, [:], "its multipart upload aborted")
        XCTAssertEqual(world.record("unit-1/walks/w/manifest.json")?.state, .stored)
    }
}

extension OutboxWorld {
    /// The status of the last report.
    var status: OutboxStatus? { reports.last?.status }
}
