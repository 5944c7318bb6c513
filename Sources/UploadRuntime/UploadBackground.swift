import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Navigation
import Platform
import Runtime
import Status
import Upload
import UploadPlatform

/// The appliance's background upload (`[upload]`, docs/upload.md): the outbox's actor as work the
/// appliance runs, told of the walk's state (`when = "idle"` holds it while a walk is in progress,
/// paused included), with its part of `status`.
package enum UploadBackground {
    /// The work, or nil (logged) when `[upload]` is absent or cannot be used: the appliance walks
    /// without uploading rather than not at all. `credentialsDirectory` is systemd's
    /// `$CREDENTIALS_DIRECTORY`, where the unit's copy of the key is.
    package static func work(_ upload: UploadSettings?, stateDirectory: String, credentialsDirectory: String?,
                             logger: Logger) -> BackgroundWork? {
        guard let upload else { return nil }
        let unitID: String
        switch MachineIDFile.unitID(configured: upload.unitID) {
        case .success(let id): unitID = id
        case .failure(let problem):
            logger.error("no upload: \(problem)")
            return nil
        }
        let credentials = CredentialsFile.location(configured: upload.credentials,
                                                   credentialsDirectory: credentialsDirectory)
        let key: AccessKey
        do {
            key = try CredentialsFile.load(path: credentials)
        } catch {
            logger.error("no upload: \(error)")
            return nil
        }
        let settings = OutboxSettings(prefix: upload.prefix, unitID: unitID, walks: upload.what.contains(.walks),
                                      samples: upload.what.contains(.samples), onlyWhenIdle: upload.when == .idle,
                                      deleteAfterUpload: upload.deleteAfterUpload)
        let files = OutboxFiles(stateDirectory: stateDirectory)
        let sender = OutboxSender(endpoint: upload.endpoint, bucket: upload.bucket, region: upload.region, key: key, files: files)
        let clock = SessionClock.continuous()
        let outbox: OutboxActor
        do {
            // Until navigation reports its state, a walk is taken to be in progress: nothing is held
            // back that the first report would release a moment later.
            outbox = try OutboxActor(settings: settings, sender: sender, walk: .inProgress, clock: clock,
                                     wallClock: { Int64(Date().timeIntervalSince1970.rounded(.down)) },
                                     logger: Logger(label: OutboxActor.name))
        } catch {
            logger.error("no upload: \(error)")
            return nil
        }
        logger.info("uploading \(upload.summary.literallyReplacing("<unit id>", with: unitID))")
        let (states, sink) = AsyncStream<NavigationState>.makeStream(bufferingPolicy: .bufferingNewest(8))
        return BackgroundWork(
            name: OutboxActor.name,
            run: {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await state in states { await outbox.walkChanged(state == .stopped ? .idle : .inProgress) }
                    }
                    await outbox.run()
                    sink.finish()
                    await group.waitForAll()
                }
            },
            walkChanged: { sink.yield($0) },
            statusPart: { report in
                let (status, now) = await outbox.statusNow()
                report.upload = UploadStatus(
                    pendingFiles: status.pendingFiles, pendingBytes: status.pendingBytes,
                    lastSuccessKey: status.lastSuccessKey,
                    lastSuccessSecondsAgo: status.lastSuccessKey == nil ? nil : (now - status.lastSuccessAt).inSeconds,
                    lastError: status.lastError, stopped: status.stopped, holding: status.holding,
                    conflicts: status.conflicts)
            })
    }
}
