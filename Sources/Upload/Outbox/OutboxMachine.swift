import Vocabulary

/// The outbox's rules as a pure state machine: events in (a scan, a hash, a response, a record written,
/// the walk's state, time passing), actions out (hash, write a record, send, delete, wait, report).
///
/// Strictly one effect at a time: the owner performs the one hash, record write, deletion or request
/// asked, and answers it before anything else is asked, so never more than one request is in flight
/// (a wearable's radio) and a request that follows a record is only asked once that record is written.
/// The records the machine starts from are those on disk; a record changes here only when its write is
/// answered, so a crash at any moment leaves a state the next run finishes from.
///
/// Order: the oldest file first (modification time, then key), so walks go up in the order they were
/// finished; a walk's manifest waits until its walk's other files have no work left.
package struct OutboxMachine: Sendable {
    package private(set) var settings: OutboxSettings
    /// The records as written.
    package private(set) var records: [String: OutboxRecord]
    package private(set) var status = OutboxStatus()

    private var walk: WalkActivity
    /// Files offered by the last scan that have no record, or whose record is for other bytes.
    private var toHash: [String: OutboxItem] = [:]
    /// Every path the last scan saw (to delete a stored file after upload, to notice a vanished one).
    private var present: [String: ScannedFile] = [:]
    private var lastScan: OutboxScan?
    /// Records whose file is gone before it was stored: their upload aborted, the record deleted.
    private var gone: Set<String> = []
    /// Samples by key: how they looked when first seen unchanged, and since when.
    private var settling: [String: (file: ScannedFile, since: Duration)] = [:]
    /// Multipart records whose upload is to be aborted: the file changed, or is gone.
    private var toAbort: Set<String> = []
    /// Multipart records whose parts the server was asked for in this run.
    private var listed: Set<String> = []
    /// Keys whose object is to be looked at (HEAD), and why.
    private var toHead: [String: HeadReason] = [:]
    /// Keys set aside for this run (a 4xx other than 403/404/412, a hash that failed until the next scan).
    private var setAside: [String: String] = [:]
    private var hashFailed: Set<String> = []
    private var deleteFailed: Set<String> = []
    private var reportedChanged: Set<String> = []
    private var reportedRefusals: Set<String> = []

    private var inFlight: InFlight?
    /// A record the file system refused, written again first once the stop is lifted.
    private var unwritten: OutboxRecord?
    private var stop: Stop?
    private var retryAt: Duration?
    private var backoff: RestartBackoff

    enum HeadReason: Sendable, Hashable {
        /// A PUT or a completion answered 412: the object is there; whose?
        case preconditionFailed
        /// The server no longer knows the upload: completed by an earlier run, or dropped.
        case noSuchUpload
    }

    enum Stop: Sendable, Hashable {
        case refused(code: String)
        case recordNotWritten(RecordWriteFailure)
    }

    enum InFlight: Sendable, Hashable {
        case hash(key: String, item: OutboxItem)
        case write(OutboxRecord)
        case deleteRecord(key: String)
        case deleteFile(key: String, path: String)
        case request(OutboxRequest)
    }

    /// Starts from the records read from disk (each one decoded; a damaged one is left out by the owner).
    package init(settings: OutboxSettings, records: [OutboxRecord], walk: WalkActivity) {
        self.settings = settings
        self.records = Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.walk = walk
        self.backoff = settings.backoff
    }

    /// Whether nothing is left to do: every file offered is stored (or in conflict), nothing in flight.
    package var isIdle: Bool { inFlight == nil && nextWork() == nil }

    package mutating func handle(_ event: OutboxEvent, now: Duration) -> [OutboxAction] {
        var actions: [OutboxAction] = []
        switch event {
        case .scanned(let scan):
            actions += takeScan(scan, now: now)
        case .walk(let activity):
            if activity != walk, let lastScan {
                walk = activity
                actions += select(lastScan, now: now)
            }
            walk = activity
        case .credentialsChanged:
            if case .refused = stop { stop = nil; actions.append(report(.info, "credentials or configuration changed: sending again")) }
        case .tick:
            break
        default:
            actions += complete(event, now: now)
        }
        actions += proceed(now: now)
        return actions
    }

    // MARK: - Scans

    /// A scan lifts a stop for a record that could not be written, and tries again what failed locally.
    private mutating func takeScan(_ scan: OutboxScan, now: Duration) -> [OutboxAction] {
        lastScan = scan
        hashFailed = []
        deleteFailed = []
        if case .recordNotWritten = stop { stop = nil }
        return select(scan, now: now)
    }

    /// What the scan offers under the walk's present state (selected again when the walk's state changes).
    private mutating func select(_ scan: OutboxScan, now: Duration) -> [OutboxAction] {
        var actions: [OutboxAction] = []
        present = Dictionary(scan.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let selection = OutboxCatalog.select(scan, walk: walk, settings: settings)
        for refusal in selection.refused where !reportedRefusals.contains(refusal.path) {
            reportedRefusals.insert(refusal.path)
            actions.append(report(.warning, "not uploaded: \(refusal)"))
        }
        toHash = [:]
        var offered: Set<String> = []
        for item in selection.items {
            offered.insert(item.key)
            if let record = records[item.key], record.size == item.file.size, record.modified == item.file.modified,
               record.path == item.file.path {
                settling[item.key] = nil
                continue
            }
            if let record = records[item.key] {
                switch record.state {
                case .stored, .conflict:
                    if !reportedChanged.contains(item.key) {
                        reportedChanged.insert(item.key)
                        actions.append(report(.warning, "\(item.file.path) changed after it was stored as \(item.key); not sent again"))
                    }
                    continue
                case .multipart:
                    toAbort.insert(item.key)
                case .pending:
                    break
                }
            }
            if item.isSample, settings.sampleSettleTime > .zero {
                if let seen = settling[item.key], seen.file == item.file {
                    if now - seen.since < settings.sampleSettleTime { continue }
                } else {
                    settling[item.key] = (item.file, now)
                    continue
                }
            }
            if isTooLarge(item.file.size) {
                if setAside[item.key] == nil { actions += refuseTooLarge(item.key, path: item.file.path, size: item.file.size) }
                continue
            }
            toHash[item.key] = item
        }
        gone = []
        for record in records.values where (record.state == .pending || record.state == .multipart)
            && present[record.path] == nil && !offered.contains(record.key) {
            if record.state == .multipart { toAbort.insert(record.key) }
            gone.insert(record.key)
        }
        return actions
    }

    /// Beyond S3's 10,000 parts of `partSize`: never hashed, never started.
    private func isTooLarge(_ size: Int64) -> Bool {
        size >= settings.multipartThreshold && Self.partCount(size: size, partSize: settings.partSize) > Int64(Self.maximumParts)
    }

    private mutating func refuseTooLarge(_ key: String, path: String, size: Int64) -> [OutboxAction] {
        let text = "\(path) (\(size) bytes) needs more than \(Self.maximumParts) parts of \(settings.partSize) bytes"
        setAside[key] = text
        status.lastError = text
        return [report(.error, "\(text), S3's limit; it is not uploaded")]
    }

    // MARK: - Answers

    private mutating func complete(_ event: OutboxEvent, now: Duration) -> [OutboxAction] {
        guard let flight = inFlight else { return [] }
        switch (flight, event) {
        case (.hash(let key, let item), .hashed(let path, let size, let modified, let sha256)) where path == item.file.path:
            inFlight = nil
            toHash[key] = nil
            if isTooLarge(size) { return refuseTooLarge(key, path: path, size: size) }
            return write(OutboxRecord(key: key, path: path, size: size, modified: modified, sha256: sha256))
        case (.hash(let key, let item), .hashFailed(let path, let reason)) where path == item.file.path:
            inFlight = nil
            toHash[key] = nil
            hashFailed.insert(key)
            status.lastError = "cannot hash \(path): \(reason)"
            return [report(.warning, "cannot hash \(path): \(reason); tried again at the next scan")]
        case (.write(let record), .recordWritten(let key)) where key == record.key:
            inFlight = nil
            records[key] = record
            if record.state == .stored {
                status.lastSuccessKey = key
                status.lastSuccessAt = now
                return [report(.info, "stored \(key) (\(record.size) bytes)")]
            }
            if record.state == .conflict {
                let theirs = (record.otherSHA256 ?? "").isEmpty ? "no x-amz-meta-sha256" : "SHA-256 \(record.otherSHA256 ?? "")"
                return [report(.error, "conflict: \(key) holds other content (\(theirs), "
                               + "ours \(record.sha256)); not overwritten, \(record.path) is kept")]
            }
            return []
        case (.write(let record), .recordFailed(let key, let failure)) where key == record.key:
            inFlight = nil
            unwritten = record
            stop = .recordNotWritten(failure)
            status.lastError = "cannot write the record of \(key): \(failure)"
            return [report(.error, "cannot write the outbox's record of \(key): \(failure); nothing is sent until the next scan")]
        case (.deleteFile(let key, let path), .fileDeleted(let deleted)) where deleted == path:
            inFlight = nil
            present[path] = nil
            return deleteRecord(key)
        case (.deleteFile(let key, let path), .fileDeleteFailed(let failed, let reason)) where failed == path:
            inFlight = nil
            deleteFailed.insert(key)
            return [report(.warning, "cannot delete \(path) after its upload: \(reason)")]
        case (.deleteRecord(let key), .recordDeleted(let deleted)) where deleted == key:
            inFlight = nil
            records[key] = nil
            gone.remove(key)
            return []
        case (.deleteRecord(let key), .recordDeleteFailed(let failed, let reason)) where failed == key:
            inFlight = nil
            deleteFailed.insert(key)
            return [report(.warning, "cannot delete the outbox's record of \(key): \(reason)")]
        case (.request(let request), .response(let response)):
            inFlight = nil
            return answer(request, response, now: now)
        case (.request(let request), .networkFailed(let reason)):
            inFlight = nil
            return retryLater("\(describe(request)): \(reason)", now: now)
        default:
            return []
        }
    }

    private mutating func deleteRecord(_ key: String) -> [OutboxAction] {
        inFlight = .deleteRecord(key: key)
        return [.deleteRecord(key: key)]
    }

    private mutating func answer(_ request: OutboxRequest, _ response: OutboxResponse, now: Duration) -> [OutboxAction] {
        let key = request.key
        if response.status == 403 {
            let code = response.errorCode ?? "AccessDenied"
            stop = .refused(code: code)
            status.lastError = "\(describe(request)): 403 \(code)"
            return [report(.error, "the server refused \(describe(request)) (403 \(code)): nothing is sent until the "
                           + "credentials or the configuration change, or a restart; check the key and its permissions")]
        }
        // S3 may answer a completion 200 with an error in the body (Amazon S3 API Reference,
        // CompleteMultipartUpload): that is a server error, retried.
        if response.status >= 500 || (response.status / 100 == 2 && response.errorCode != nil) {
            return retryLater("\(describe(request)): \(response.status) \(response.errorCode ?? "")", now: now)
        }
        guard var record = records[key] else { return [] }
        // Any answer but a server error shows the link and the server work: the backoff starts over.
        backoff = settings.backoff
        let success = response.status / 100 == 2
        switch request.operation {
        case .putObject, .completeMultipartUpload:
            if success {
                record.state = .stored
                record.uploadID = nil
                record.parts = []
                record.lastError = nil
                return write(record)
            }
            if response.status == 412 {
                toHead[key] = .preconditionFailed
                return []
            }
            if request.operation == .completeMultipartUpload, response.status == 404 {
                toHead[key] = .noSuchUpload
                return []
            }
        case .headObject:
            let reason = toHead[key]
            toHead[key] = nil
            if success {
                let theirs = response.header("x-amz-meta-sha256")?.lowercased()
                if theirs == record.sha256 {
                    record.state = .stored
                    record.uploadID = nil
                    record.parts = []
                    record.lastError = nil
                } else {
                    record.state = .conflict
                    // Empty when the other object carries no (or no readable) x-amz-meta-sha256.
                    record.otherSHA256 = theirs.flatMap { OutboxRecord.isSHA256($0) ? $0 : nil } ?? ""
                    record.uploadID = nil
                    record.parts = []
                    record.lastError = "another object is stored under the key"
                }
                return write(record)
            }
            if response.status == 404 {
                if reason == .noSuchUpload {
                    record.state = .pending
                    record.uploadID = nil
                    record.parts = []
                    record.lastError = "the server no longer knows the multipart upload; started over"
                    return [report(.warning, "\(key): the server no longer knows its multipart upload; starting over")] + write(record)
                }
                return retryLater("\(key): 412, then no object on HEAD", now: now)
            }
        case .createMultipartUpload:
            if success {
                guard let uploadID = response.uploadID, !uploadID.isEmpty else {
                    return retryLater("\(describe(request)): no UploadId in the answer", now: now)
                }
                record.state = .multipart
                record.uploadID = uploadID
                record.parts = []
                listed.insert(key)
                return write(record)
            }
        case .listParts:
            if success {
                listed.insert(key)
                // The record is the truth; a part it names that the server has not (or with another
                // ETag) is sent again, as is a part the server has that the record does not name.
                let server = Set(response.parts.map { "\($0.number) \($0.etag)" })
                let kept = record.parts.filter { server.contains("\($0.number) \($0.etag)") }
                if kept != record.parts {
                    record.parts = kept
                    return write(record)
                }
                return []
            }
            if response.status == 404 {
                toHead[key] = .noSuchUpload
                return []
            }
        case .uploadPart(let number):
            if success {
                guard let etag = response.header("ETag"), !etag.isEmpty else {
                    return retryLater("\(describe(request)): no ETag in the answer", now: now)
                }
                guard case .fileRange(_, _, let length) = request.payload else { return [] }
                record.parts.removeAll { $0.number == number }
                record.parts.append(OutboxRecord.Part(number: number, size: length, etag: etag))
                record.parts.sort { $0.number < $1.number }
                return write(record)
            }
            if response.status == 404 {
                toHead[key] = .noSuchUpload
                return []
            }
        case .abortMultipartUpload:
            if success || response.status == 404 {
                toAbort.remove(key)
                listed.remove(key)
                if gone.contains(key) {
                    // The file is gone: nothing is left to send.
                    return deleteRecord(key)
                }
                return []
            }
        }
        let text = "\(describe(request)): \(response.status) \(response.errorCode ?? "")"
        setAside[key] = text
        status.lastError = text
        return [report(.error, "\(text); \(key) is set aside until a restart")]
    }

    private mutating func retryLater(_ what: String, now: Duration) -> [OutboxAction] {
        let delay = backoff.delayAfterFailure(runLength: .zero)
        let at = now + delay
        retryAt = at
        status.lastError = what
        return [report(.warning, "\(what); trying again in \(delay)"), .wakeAt(at)]
    }

    private mutating func write(_ record: OutboxRecord) -> [OutboxAction] {
        inFlight = .write(record)
        return [.writeRecord(record)]
    }

    // MARK: - What next

    /// The one piece of work to do next, oldest file first.
    enum Work: Sendable, Hashable {
        case writeAgain(OutboxRecord)
        case hash(key: String, item: OutboxItem)
        case send(OutboxRequest)
        case deleteFile(key: String, path: String)
        case deleteRecord(key: String)
    }

    private mutating func proceed(now: Duration) -> [OutboxAction] {
        var actions: [OutboxAction] = []
        let holding = settings.onlyWhenIdle && walk == .inProgress
        if status.holding != holding {
            status.holding = holding
            actions.append(report(.info, holding ? "a walk is in progress: the upload waits" : "no walk in progress: uploading"))
        }
        if let at = retryAt {
            if now < at { return actions }
            retryAt = nil
        }
        guard inFlight == nil, stop == nil, !holding, let work = nextWork() else {
            refreshCounts()
            return actions
        }
        switch work {
        case .writeAgain(let record):
            unwritten = nil
            actions += write(record)
        case .hash(let key, let item):
            inFlight = .hash(key: key, item: item)
            actions.append(.hash(path: item.file.path))
        case .send(let request):
            inFlight = .request(request)
            actions.append(.send(request))
        case .deleteFile(let key, let path):
            inFlight = .deleteFile(key: key, path: path)
            actions.append(.deleteFile(path: path))
        case .deleteRecord(let key):
            actions += deleteRecord(key)
        }
        refreshCounts()
        return actions
    }

    private func nextWork() -> Work? {
        if let unwritten { return .writeAgain(unwritten) }
        guard lastScan != nil else { return nil }
        var offers: [(modified: Int64, key: String, work: Work)] = []
        for (key, item) in toHash where !hashFailed.contains(key) && setAside[key] == nil && !toAbort.contains(key) {
            offers.append((item.file.modified, key, .hash(key: key, item: item)))
        }
        for record in records.values {
            if let work = work(for: record) { offers.append((record.modified, record.key, work)) }
        }
        // A walk's manifest goes last of its walk whatever the files' times say (a journal appended
        // after the end is newer than the manifest; writes a moment apart may share a time): the
        // server holds a manifest only beside the walk's other files.
        let walksWithOtherWork = Set(offers.compactMap { Self.walkKeyPrefix(of: $0.key, manifest: false) })
        var best: (modified: Int64, key: String, work: Work)?
        for offer in offers {
            if let walk = Self.walkKeyPrefix(of: offer.key, manifest: true), walksWithOtherWork.contains(walk) { continue }
            if let current = best, (current.modified, current.key) <= (offer.modified, offer.key) { continue }
            best = offer
        }
        return best?.work
    }

    /// `…/walks/X/` of a walk file's key when it is (`manifest`) or is not the walk's manifest; nil
    /// for any other key.
    static func walkKeyPrefix(of key: String, manifest: Bool) -> String? {
        guard key.contains("/walks/"), let slash = key.lastIndex(of: "/") else { return nil }
        let isManifest = key[key.index(after: slash)...] == "manifest.json"
        guard isManifest == manifest else { return nil }
        return String(key[...slash])
    }

    /// The next step of one record, if it has one.
    private func work(for record: OutboxRecord) -> Work? {
        let key = record.key
        if toAbort.contains(key), let uploadID = record.uploadID {
            return .send(OutboxRequest(operation: .abortMultipartUpload, method: "DELETE", key: key,
                                       query: [QueryParameter("uploadId", uploadID)]))
        }
        if gone.contains(key) {
            // A file gone before its upload: its record goes too (a multipart one once aborted).
            return deleteFailed.contains(key) ? nil : .deleteRecord(key: key)
        }
        if setAside[key] != nil { return nil }
        if toHash[key] != nil || hashFailed.contains(key) { return nil }
        if toHead[key] != nil {
            return .send(OutboxRequest(operation: .headObject, method: "HEAD", key: key))
        }
        switch record.state {
        case .pending:
            guard present[record.path] != nil else { return nil }
            if record.size < settings.multipartThreshold {
                return .send(OutboxRequest(operation: .putObject, method: "PUT", key: key,
                                           headers: [HeaderField("If-None-Match", "*"),
                                                     HeaderField("x-amz-meta-sha256", record.sha256),
                                                     HeaderField("Content-Length", String(record.size))],
                                           payload: .file(path: record.path, sha256: record.sha256)))
            }
            return .send(OutboxRequest(operation: .createMultipartUpload, method: "POST", key: key,
                                       query: [QueryParameter("uploads")],
                                       headers: [HeaderField("x-amz-meta-sha256", record.sha256)]))
        case .multipart:
            guard let uploadID = record.uploadID, present[record.path] != nil else { return nil }
            if !listed.contains(key) {
                return .send(OutboxRequest(operation: .listParts, method: "GET", key: key,
                                           query: [QueryParameter("uploadId", uploadID)]))
            }
            let stored = Set(record.parts.map(\.number))
            let count = Self.partCount(size: record.size, partSize: settings.partSize)
            guard count <= Int64(Self.maximumParts) else { return nil }
            for number in 1..<(Int(count) + 1) where !stored.contains(number) {
                let range = Self.partRange(number, size: record.size, partSize: settings.partSize)
                return .send(OutboxRequest(operation: .uploadPart(number: range.number), method: "PUT", key: key,
                                           query: [QueryParameter("partNumber", String(range.number)),
                                                   QueryParameter("uploadId", uploadID)],
                                           headers: [HeaderField("Content-Length", String(range.length))],
                                           payload: .fileRange(path: record.path, offset: range.offset, length: range.length)))
            }
            return .send(OutboxRequest(operation: .completeMultipartUpload, method: "POST", key: key,
                                       query: [QueryParameter("uploadId", uploadID)],
                                       headers: [HeaderField("If-None-Match", "*")],
                                       payload: .bytes(Array(Self.completionXML(record.parts).utf8))))
        case .stored:
            guard settings.deleteAfterUpload, !deleteFailed.contains(key) else { return nil }
            if let file = present[record.path], file.size == record.size, file.modified == record.modified {
                return .deleteFile(key: key, path: record.path)
            }
            return present[record.path] == nil ? .deleteRecord(key: key) : nil
        case .conflict:
            return nil
        }
    }

    /// S3's limit on the parts of one upload (Amazon S3 User Guide, "Amazon S3 multipart upload limits").
    package static let maximumParts = 10_000

    /// How many parts of `partSize` (the last one smaller) a file of `size` bytes has. Counted without
    /// building them, so a record that claims an absurd size costs nothing.
    package static func partCount(size: Int64, partSize: Int64) -> Int64 {
        guard size > 0, partSize > 0 else { return 0 }
        return size / partSize + (size % partSize == 0 ? 0 : 1)
    }

    /// Part `number` (from 1) of a file of `size` bytes: its offset and length.
    package static func partRange(_ number: Int, size: Int64, partSize: Int64) -> (number: Int, offset: Int64, length: Int64) {
        let offset = Int64(number - 1) * partSize
        return (number, offset, max(0, min(partSize, size - offset)))
    }

    /// The parts of a file of `size` bytes, within S3's 10,000: `partSize` each, the last one smaller
    /// (or equal); none for a file beyond that.
    package static func partRanges(size: Int64, partSize: Int64) -> [(number: Int, offset: Int64, length: Int64)] {
        let count = partCount(size: size, partSize: partSize)
        guard count > 0, count <= Int64(maximumParts) else { return [] }
        return (1...Int(count)).map { partRange($0, size: size, partSize: partSize) }
    }

    /// CompleteMultipartUpload's body (Amazon S3 API Reference): the parts in order with their ETags.
    package static func completionXML(_ parts: [OutboxRecord.Part]) -> String {
        var xml = "<CompleteMultipartUpload>"
        for part in parts.sorted(by: { $0.number < $1.number }) {
            xml += "<Part><PartNumber>\(part.number)</PartNumber><ETag>\(xmlEscaped(part.etag))</ETag></Part>"
        }
        return xml + "</CompleteMultipartUpload>"
    }

    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    // MARK: - Status

    private mutating func refreshCounts() {
        var files = 0
        var bytes: Int64 = 0
        var seen: Set<String> = []
        for record in records.values where record.state == .pending || record.state == .multipart {
            guard !gone.contains(record.key) else { continue }
            files += 1
            bytes = Self.saturatingSum(bytes, record.size)
            seen.insert(record.key)
        }
        for (key, item) in toHash where !seen.contains(key) {
            files += 1
            bytes = Self.saturatingSum(bytes, item.file.size)
        }
        status.pendingFiles = files
        status.pendingBytes = bytes
        status.conflicts = records.values.filter { $0.state == .conflict }.map(\.key).sorted()
        status.refusedCode = nil
        switch stop {
        case .refused(let code)?:
            status.stopped = "refused by the server (403 \(code))"
            status.refusedCode = code
        case .recordNotWritten(let failure)?: status.stopped = "cannot write records: \(failure)"
        case nil: status.stopped = nil
        }
    }

    private mutating func report(_ level: OutboxReport.Level, _ line: String) -> OutboxAction {
        refreshCounts()
        return .report(OutboxReport(level: level, line: line, status: status))
    }

    /// Sizes come from records on disk: a damaged one must not trap the sum.
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    private func describe(_ request: OutboxRequest) -> String {
        let query = request.query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(request.method) \(request.key)\(query.isEmpty ? "" : "?\(query)")"
    }
}
