import Foundation
import Upload
import Vocabulary
import XCTest

/// Everything around an `OutboxMachine` in a test: the files, the records on "disk" (as the JSON the
/// actor writes), the S3 model, a clock. It performs the machine's actions as the actor will, one at a
/// time, and answers each with its event.
struct OutboxWorld {
    var files: [String: ModelFile] = [:]
    var disk: [String: Data] = [:]
    var s3 = S3Model()
    var clock: Duration = .zero
    var walk: WalkActivity = .idle
    var currentWalkTrack: String?
    var settings: OutboxSettings
    /// Every request sent, in order, and when.
    var sent: [(request: OutboxRequest, at: Duration)] = []
    var reports: [OutboxReport] = []
    var deletedFiles: [String] = []
    var hashed: [String] = []
    /// A fault instead of the server's answer: given the request and how many requests came before it.
    var fault: ((OutboxRequest, Int) -> OutboxEvent?)?
    /// A record write that fails.
    var recordFault: ((OutboxRecord) -> RecordWriteFailure?)?
    /// Checked at every action: the invariants a whole run must keep.
    var violations: [String] = []

    static let unit = "unit-1"

    init(settings: OutboxSettings = OutboxSettings(unitID: OutboxWorld.unit, sampleSettleTime: .seconds(60))) {
        self.settings = settings
    }

    /// A walk's four files in `tracks/`, the track of `trackSize` bytes, all modified at `time`.
    mutating func addWalk(_ name: String, trackSize: Int64 = 3_000, time: Int64, manifest: Bool = true) {
        files["tracks/\(name).gpx"] = ModelFile(content: "\(name) track", size: trackSize, modified: time)
        files["tracks/\(name).events.jsonl"] = ModelFile(content: "\(name) events", size: 800, modified: time + 1)
        files["tracks/\(name).html"] = ModelFile(content: "\(name) report", size: 20_000, modified: time + 2)
        if manifest {
            files["tracks/\(name).manifest.json"] = ModelFile(content: "\(name) manifest", size: 300, modified: time + 3)
        }
    }

    func key(walk: String, _ name: String) -> String { "\(Self.unit)/walks/\(walk)/\(name)" }

    func scan() -> OutboxScan {
        OutboxScan(files: files.map { ScannedFile(path: $0.key, size: $0.value.size, modified: $0.value.modified) }
            .sorted { $0.path < $1.path }, currentWalkTrack: currentWalkTrack)
    }

    /// The records on disk, decoded as the actor will decode them.
    func records() -> [OutboxRecord] {
        disk.values.compactMap { try? JSONDecoder().decode(OutboxRecord.self, from: $0) }.sorted { $0.key < $1.key }
    }

    func record(_ key: String) -> OutboxRecord? { records().first { $0.key == key } }

    /// A machine as a start builds it: from the records on disk.
    func machine() -> OutboxMachine {
        OutboxMachine(settings: settings, records: records(), walk: walk)
    }

    /// Performs one action the machine asked for and returns the event that answers it, or nil for a
    /// report or a wait (which are kept).
    mutating func perform(_ action: OutboxAction, wake: inout Duration?) -> OutboxEvent? {
        switch action {
        case .report(let report):
            reports.append(report)
            return nil
        case .wakeAt(let time):
            wake = time
            return nil
        case .hash(let path):
            hashed.append(path)
            guard let file = files[path] else { return .hashFailed(path: path, reason: "No such file or directory") }
            return .hashed(path: path, size: file.size, modified: file.modified, sha256: file.sha256)
        case .writeRecord(let record):
            let object = s3.objects[record.key]
            if record.state == .stored,
               object.map({ ModelFile.sha256(of: $0.content) }) != record.sha256 || object?.metaSHA256 != record.sha256 {
                violations.append("\(record.key) recorded as stored, the server does not hold it with its SHA-256")
            }
            if let failure = recordFault?(record) { return .recordFailed(key: record.key, failure) }
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                disk[record.key] = try encoder.encode(record)
            } catch {
                violations.append("cannot encode \(record.key): \(error)")
            }
            return .recordWritten(key: record.key)
        case .deleteRecord(let key):
            disk[key] = nil
            return .recordDeleted(key: key)
        case .deleteFile(let path):
            files[path] = nil
            deletedFiles.append(path)
            return .fileDeleted(path: path)
        case .send(let request):
            if case .uploadPart = request.operation {
                let uploadID = request.query.first { $0.name == "uploadId" }?.value
                if record(request.key)?.uploadID != uploadID {
                    violations.append("part of \(request.key) sent before its upload id \(uploadID ?? "") was recorded")
                }
            }
            let index = sent.count
            sent.append((request, clock))
            if let event = fault?(request, index) { return event }
            return .response(s3.handle(request, files: files))
        }
    }

    /// Scans, performs what the machine asks and answers it until it asks nothing more (waits are
    /// waited by moving the clock); then scans again a minute later, as the actor does, until two scans
    /// bring nothing new. Stops after `crashAfter` effects, leaving the last one performed but
    /// unanswered: the machine is then dropped, as a crash drops it. Returns whether it ran to the end.
    @discardableResult
    mutating func run(_ machine: inout OutboxMachine, crashAfter: Int? = nil, effects: inout Int, maxEffects: Int = 5_000) -> Bool {
        var quietScans = 0
        while quietScans < 2 {
            let before = effects
            let actions = machine.handle(.scanned(scan()), now: clock)
            guard drain(&machine, actions, crashAfter: crashAfter, effects: &effects, maxEffects: maxEffects) else { return false }
            quietScans = effects == before ? quietScans + 1 : 0
            clock += .seconds(61)
        }
        return true
    }

    /// Performs `actions` and what follows from them, until the machine asks nothing more.
    @discardableResult
    mutating func drain(_ machine: inout OutboxMachine, _ first: [OutboxAction], crashAfter: Int? = nil,
                        effects: inout Int, maxEffects: Int = 5_000) -> Bool {
        var actions = first
        let limit = effects + maxEffects
        while true {
            var wake: Duration?
            var answer: OutboxEvent?
            for action in actions {
                let event = perform(action, wake: &wake)
                guard let event else { continue }
                if answer != nil {
                    violations.append("two effects asked at once: \(action)")
                    return false
                }
                answer = event
                effects += 1
                if effects == crashAfter { return false }
                if effects > limit { violations.append("no end after \(maxEffects) effects"); return false }
            }
            if let answer {
                actions = machine.handle(answer, now: clock)
            } else if let wake {
                clock = max(clock, wake)
                actions = machine.handle(.tick, now: clock)
            } else {
                return true
            }
        }
    }

    /// Runs a new machine from the records on disk to the end.
    @discardableResult
    mutating func runToEnd(crashAfter: Int? = nil) -> Int {
        var machine = self.machine()
        var effects = 0
        run(&machine, crashAfter: crashAfter, effects: &effects)
        return effects
    }
}
