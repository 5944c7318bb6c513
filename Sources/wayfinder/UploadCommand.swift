import ArgumentParser
import Config
import Gestures
import Logging
import Platform
import Runtime
import Upload
import UploadPlatform
import UploadRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `wayfinder upload`: what is pending in the outbox goes up now, and the command says how it ended
/// (docs/upload.md).
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload finished walks and gesture samples to the [upload] storage.",
        usage: """
            wayfinder upload [<config>] [--config <config>]
                             [--state-directory <state-directory>]
                             [--dry-run] [--json]
            """,
        discussion: """
        Sends what is pending to the storage [upload] names, as the appliance's outbox does: each file \
        once, recorded in the state directory's outbox/, a multipart upload resumed where it stopped. \
        A walk goes up once it has finished (its manifest is written when it stops or arrives); a \
        sample file once nothing has written it for two minutes.

        Exit status: 0 when nothing is left to send, 77 (EX_NOPERM) when the server refuses the \
        credentials, 69 (EX_UNAVAILABLE) when it cannot be reached or libcurl cannot be \
        loaded, 74 (EX_IOERR) when the outbox's \
        records cannot be written, 78 (EX_CONFIG) for a configuration without a usable [upload].

        Examples:
          wayfinder upload                  upload what is pending
          wayfinder upload --dry-run        list the keys and sizes that would go up
          wayfinder upload --json           one JSON object: outcome, counts, reason
        """)

    @OptionGroup var file: ConfigurationPath

    @Option(help: "Upload from this state directory instead of the configured one.")
    var stateDirectory: String?

    @Flag(help: "List what would go up (keys and sizes) without sending a request.")
    var dryRun = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    /// A sample file goes up once it has not been written for this long.
    static let sampleQuiet: Int64 = 120

    func run() async throws {
        let path = file.path
        let configuration = try ConfigurationFile.load(path, command: "wayfinder upload")
        guard let upload = configuration.upload else {
            printError("wayfinder upload: \(path) has no [upload] table: there is nowhere to upload to (docs/upload.md)")
            throw ExitCode(ExitStatus.configuration)
        }
        let directory = stateDirectory ?? configuration.stateDirectory
        let unitID: String
        switch MachineIDFile.unitID(configured: upload.unitID) {
        case .success(let id): unitID = id
        case .failure(let problem):
            printError("wayfinder upload: \(problem)")
            throw ExitCode(ExitStatus.configuration)
        }
        let settings = OutboxSettings(prefix: upload.prefix, unitID: unitID, walks: upload.what.contains(.walks),
                                      samples: upload.what.contains(.samples), onlyWhenIdle: false,
                                      deleteAfterUpload: upload.deleteAfterUpload, sampleSettleTime: .zero)
        let files = OutboxFiles(stateDirectory: directory, sampleCutoff: {
            Self.wallSeconds().subtractingReportingOverflow(Self.sampleQuiet).partialValue
                .multipliedReportingOverflow(by: 1_000_000_000).partialValue
        })
        if dryRun { return try await listPending(files: files, settings: settings) }

        let credentialsPath = CredentialsFile.location(configured: upload.credentials,
                                                       credentialsDirectory: ProcessEnvironment.current["CREDENTIALS_DIRECTORY"])
        let key: AccessKey
        do {
            key = try CredentialsFile.load(path: credentialsPath)
        } catch {
            printError("wayfinder upload: \(error)")
            throw ExitCode(ExitStatus.configuration)
        }
        let format = LogFormat.detect(environment: ProcessEnvironment.current)
        // The outbox's own lines (each file stored, a retry) only with --json's machine reader away.
        let level: Logger.Level = json ? .critical : .info
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: format) }
        let sender = OutboxSender(endpoint: upload.endpoint, bucket: upload.bucket, region: upload.region,
                                  key: key, files: files)
        let outbox: OutboxActor
        do {
            outbox = try OutboxActor(settings: settings, sender: sender, clock: .continuous(),
                                     wallClock: { Self.wallSeconds() }, logger: Logger(label: "upload"))
        } catch {
            printError("wayfinder upload: \(error)")
            throw ExitCode(ExitStatus.unavailable)
        }
        let before = await outbox.storedObjects
        let outcome = await outbox.drain(networkAttempts: 3)
        let status = await outbox.status
        let stored = await outbox.storedObjects - before
        await outbox.finish()

        let (name, code, reason): (String, Int32, String?) = switch outcome {
        case .done: ("done", 0, nil)
        case .refused(let code, let reason):
            ("refused", ExitStatus.noPermission,
             "\(upload.endpoint) \(reason): check the key in \(credentialsPath) and the bucket's access")
        case .stopped(let reason): ("stopped", ExitStatus.ioError, "\(reason) in \(files.recordsPath)")
        case .unreachable(let reason): ("unreachable", ExitStatus.unavailable, reason)
        }
        if json {
            var object: [String: JSONValue] = [
                "outcome": .string(name), "ok": .bool(code == 0), "stored": .int(stored),
                "pending_files": .int(status.pendingFiles), "pending_bytes": .int(Int(clamping: status.pendingBytes)),
                "conflicts": .array(status.conflicts.map { .string($0) }),
            ]
            if let reason { object["reason"] = .string(reason) }
            print(JSONText.encode(JSONValue.object(object)))
        } else if let reason {
            printError("wayfinder upload: \(reason)")
        } else {
            let conflicts = status.conflicts.isEmpty ? ""
                : "; \(status.conflicts.count) in conflict with another object under the same key (see the log above)"
            print("uploaded \(stored) file\(stored == 1 ? "" : "s"), nothing left to send\(conflicts)")
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// The files that would go up now, with their keys and sizes: what the outbox would take, less
    /// what its records say is stored or in conflict.
    func listPending(files: OutboxFiles, settings: OutboxSettings) async throws {
        let scan = files.scan()
        let records = Dictionary(files.records().records.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let selection = OutboxCatalog.select(scan, walk: .idle, settings: settings)
        let pending = selection.items.filter { item in
            guard let record = records[item.key] else { return true }
            return record.state != .stored && record.state != .conflict
        }.sorted { ($0.file.modified, $0.key) < ($1.file.modified, $1.key) }
        let bytes = pending.reduce(Int64(0)) { $0.addingReportingOverflow($1.file.size).partialValue }
        if json {
            let list = pending.map { JSONValue.object(["key": .string($0.key), "size": .int(Int(clamping: $0.file.size))]) }
            print(JSONText.encode(JSONValue.object([
                "outcome": .string("dry-run"), "ok": .bool(true), "files": .array(list),
                "pending_files": .int(pending.count), "pending_bytes": .int(Int(clamping: bytes)),
                "refused": .array(selection.refused.map { .string($0.description) }),
            ])))
            return
        }
        for item in pending { print("\(item.key)  \(item.file.size) bytes") }
        for refusal in selection.refused { printError("wayfinder upload: not uploaded: \(refusal)") }
        print("\(pending.count) file\(pending.count == 1 ? "" : "s"), \(bytes) bytes would go up (dry run: nothing sent)")
    }

    static func wallSeconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec)
    }
}
