#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import Upload
import UploadPlatform

/// The outbox's files in the state directory: the scan of `tracks/` and `samples/`, the records in
/// `outbox/` (one per key, `<hex SHA-256 of the key>.json`, written atomically), the deletions, the
/// hashes. Synchronous and blocking: run on the outbox's own thread.
package struct OutboxFiles: Sendable {
    package let stateDirectory: String
    package static let recordsDirectory = "outbox"
    /// `tracks/current.json` (TrackArchive's pointer): which walk is the current one.
    static let pointer = "tracks/current.json"

    /// When given, a scan leaves out the sample files modified at or after the time it returns
    /// (nanoseconds since 1970): a one-shot upload cannot watch a sample settle over minutes as the
    /// running outbox does, so it takes only those `wayfinder record` has left alone for a while.
    package var sampleCutoff: (@Sendable () -> Int64)?

    package init(stateDirectory: String, sampleCutoff: (@Sendable () -> Int64)? = nil) {
        self.stateDirectory = stateDirectory
        self.sampleCutoff = sampleCutoff
    }

    package var recordsPath: String { "\(stateDirectory)/\(Self.recordsDirectory)" }

    /// The record file of `key`.
    package func recordPath(key: String) -> String {
        let digest = (try? Nettle().sha256(Array(key.utf8))).map(Hex.encode) ?? ""
        return "\(recordsPath)/\(digest).json"
    }

    /// Every regular file of `tracks/` and `samples/`, with its size and modification time, and the
    /// walk `tracks/current.json` names.
    package func scan() -> OutboxScan {
        var files: [ScannedFile] = []
        let cutoff = sampleCutoff?()
        for directory in [OutboxCatalog.tracksDirectory, OutboxCatalog.samplesDirectory] {
            let full = "\(stateDirectory)/\(directory)"
            for name in PrivateDirectory.entries(of: full).sorted() {
                var info = stat()
                guard lstat("\(full)\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let (ns, overflow) = Int64(info.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
                let modified = overflow ? Int64.max : ns.addingReportingOverflow(Int64(info.st_mtim.tv_nsec)).partialValue
                if let cutoff, directory == OutboxCatalog.samplesDirectory, modified >= cutoff { continue }
                files.append(ScannedFile(path: "\(directory)\(name)", size: Int64(info.st_size), modified: modified))
            }
        }
        return OutboxScan(files: files, currentWalkTrack: currentWalkTrack())
    }

    private struct Pointer: Decodable { var file: String }

    func currentWalkTrack() -> String? {
        guard let bytes = try? AtomicFile.read("\(stateDirectory)/\(Self.pointer)") else { return nil }
        return try? JSONDecoder().decode(Pointer.self, from: Data(bytes)).file
    }

    /// The records on disk, and a line for each that cannot be read (left where it is: its file is
    /// looked at again, and a new record for its key replaces it).
    package func records() -> (records: [OutboxRecord], problems: [String]) {
        var records: [OutboxRecord] = []
        var problems: [String] = []
        for name in PrivateDirectory.entries(of: recordsPath).sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = "\(recordsPath)/\(name)"
            do {
                guard let bytes = try AtomicFile.read(path) else { continue }
                let record = try JSONDecoder().decode(OutboxRecord.self, from: Data(bytes))
                try record.validate()
                records.append(record)
            } catch {
                problems.append("\(path) cannot be read (\(error)); its file is uploaded as if it had no record")
            }
        }
        return (records, problems)
    }

    /// Writes `record` atomically (temporary, fsync, rename, fsync of the directory).
    package func write(_ record: OutboxRecord) -> RecordWriteFailure? {
        do {
            try PrivateDirectory.makeSubdirectory(recordsPath)
        } catch {
            return Self.failure(errno: error.errno, "\(error)")
        }
        let bytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            bytes = Array(try encoder.encode(record))
        } catch {
            return .other("cannot encode the record of \(record.key): \(error)")
        }
        do {
            _ = try AtomicFile.write(bytes, to: recordPath(key: record.key))
            return nil
        } catch {
            return Self.failure(errno: error.errno, "\(error)")
        }
    }

    static func failure(errno code: Int32, _ text: String) -> RecordWriteFailure {
        switch code {
        case ENOSPC: .noSpace
        case EROFS: .readOnly
        default: .other(text)
        }
    }

    /// Deletes `key`'s record; nil when it is gone, else why not.
    package func deleteRecord(key: String) -> String? {
        remove(recordPath(key: key), directory: recordsPath)
    }

    /// Deletes a file of the state directory (`path` relative to it).
    package func deleteFile(_ path: String) -> String? {
        let full = "\(stateDirectory)/\(path)"
        return remove(full, directory: PathText.directory(of: full))
    }

    private func remove(_ path: String, directory: String) -> String? {
        guard unlink(path) == 0 || errno == ENOENT else { return "cannot delete \(path): \(String(cString: strerror(errno)))" }
        AtomicFile.syncDirectory(directory)
        return nil
    }

    /// The file's SHA-256 with the size and modification time it had before it was read; the event
    /// the core waits for.
    package func hash(_ path: String) -> OutboxEvent {
        let full = "\(stateDirectory)/\(path)"
        var info = stat()
        guard stat(full, &info) == 0 else {
            return .hashFailed(path: path, reason: "\(full): \(String(cString: strerror(errno)))")
        }
        do {
            let digest = try FileSHA256.digest(path: full)
            let modified = Int64(info.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
            return .hashed(path: path, size: Int64(info.st_size),
                           modified: modified.overflow ? Int64.max : modified.partialValue.addingReportingOverflow(Int64(info.st_mtim.tv_nsec)).partialValue,
                           sha256: Hex.encode(digest))
        } catch {
            return .hashFailed(path: path, reason: "\(error)")
        }
    }
}
