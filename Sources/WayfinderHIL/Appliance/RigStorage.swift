import Foundation
import Simulation
import Status
import Synchronization

/// The rig's S3 storage as the appliance guest sees it: SeaweedFS on the host (scripts/storage.py,
/// which holds the same key), reached through QEMU's user networking at the one address it forwards
/// (scripts/hil/boot.sh). The host reads the objects back after the boot and compares them with the
/// state directory the guest leaves on the share.
enum RigStorage {
    static let endpoint = "http://10.0.2.100:8333"
    static let address = "10.0.2.100"
    static let bucket = "wayfinder-rig"
    static let unitID = "qemu-rig"
    static let accessKeyID = "WAYFINDERRIGKEY00001"
    static let secretAccessKey = "rig-secret-4c1f0a9e7b3d5a2c8e6f1b0d9a7c5e3f"
    static let credentialsPath = "/etc/wayfinder/upload.credentials"
    static let dropInPath = "/etc/systemd/system/wayfinder.service.d/upload.conf"

    /// The walks stopped by the checks before this one go up as an installation that turns the
    /// upload on does it (docs/upload.md, "Under systemd"): the key, `[upload]`, a restart; then
    /// the address allowed in a drop-in, and a restart.
    static func upload(_ rig: ApplianceRig, _ belt: BeltPeripheralHost) async throws {
        try expect(!FileManager.default.fileExists(atPath: credentialsPath),
                   "\(credentialsPath) exists before the check wrote it: the unit's start without it was not shown")
        try "[default]\naws_access_key_id = \(accessKeyID)\naws_secret_access_key = \(secretAccessKey)\n"
            .write(toFile: credentialsPath, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentialsPath)
        let config = try String(contentsOfFile: ApplianceWalk.configPath, encoding: .utf8)
        let table = """

            [upload]
            endpoint = "\(endpoint)"
            bucket = "\(bucket)"
            unit_id = "\(unitID)"
            what = ["walks"]

            """
        try (config + table).write(toFile: ApplianceWalk.configPath, atomically: true, encoding: .utf8)
        let (checked, checkOutput) = try await ToolProcess.run("/usr/bin/wayfinder", ["config", "check", ApplianceWalk.configPath])
        try expect(checked == 0, "config check refused the rig's [upload]: \(checkOutput.suffix(600))")

        try await rig.systemctl("start", "wayfinder.service")
        try await rig.waitUntilActive(within: .seconds(60), "the service active with [upload]")
        // The outbox's status as last read, for the message when a wait runs out.
        let last = Mutex<UploadStatus?>(nil)
        func seen() -> String { String(describing: last.withLock { $0 }) }
        do {
            // The unit's filter drops the SYN; TCP does not tell connect(2), so it is curl's 10 s bound.
            try await waitUntil(.seconds(60), "the status naming the unit's address filter", every: .seconds(1)) {
                let upload = await status()?.upload
                last.withLock { $0 = upload }
                return upload?.lastError?.contains("no connection to \(endpoint) within") == true
                    && upload?.lastError?.contains("IPAddressAllow=") == true
            }
        } catch {
            throw HILFailure("\(error) (the outbox's status: \(seen()))")
        }

        try FileManager.default.createDirectory(atPath: (dropInPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try "[Service]\nIPAddressAllow=\(address)\n".write(toFile: dropInPath, atomically: true, encoding: .utf8)
        try await rig.systemctl("daemon-reload")
        try await rig.systemctl("restart", "wayfinder.service")
        try await rig.waitUntilActive(within: .seconds(60), "the service active with the drop-in")
        do {
            try await waitUntil(.seconds(120), "every finished walk stored", every: .seconds(1)) {
                let upload = await status()?.upload
                last.withLock { $0 = upload }
                guard let upload else { return false }
                return upload.pendingFiles == 0 && upload.lastSuccessKey != nil && upload.lastError == nil
                    && upload.stopped == nil && upload.conflicts.isEmpty
            }
        } catch {
            throw HILFailure("\(error) (the outbox's status: \(seen()))")
        }
        let key = last.withLock { $0?.lastSuccessKey } ?? "none"
        try expect(key.hasPrefix("\(unitID)/walks/"), "the last key stored, \(key), is not under \(unitID)/walks/")
        try await ApplianceWalk.stopCleanly(rig, belt)
    }

    /// `wayfinder status --json`, or nil while the service does not answer.
    static func status() async -> StatusReport? {
        guard let (code, page) = try? await ToolProcess.run("/usr/bin/wayfinder", ["status", "--json"]), code == 0 else { return nil }
        return try? StatusJSON.decode(StatusReport.self, from: page)
    }
}
