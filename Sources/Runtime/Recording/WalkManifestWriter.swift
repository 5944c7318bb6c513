#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Navigation
import Platform
import Status
import Synchronization
import TripReport
import Upload

/// Writes a walk's `manifest.json` (`WalkManifest`) beside its track when the walk ends, and removes it
/// when the same walk goes on, so a manifest only ever describes a finished walk: `OutboxCatalog`
/// uploads a walk once its manifest exists, and a walk resumed after a stop (the belt's own button
/// resumes in the same files) would otherwise be uploaded while it grows.
///
/// The write runs off the navigation actor's loop (it reads the journal back and asks the device
/// actors); a walk resumed while that write is still under way must not get its manifest back, so
/// every removal moves the walk's generation on and a write made for an older generation is dropped,
/// and a removal never deletes a manifest written for a later end.
package final class WalkManifestWriter: Sendable {
    /// The devices the walk used and their firmware, as the status knows them now.
    package typealias Devices = @Sendable () async -> [WalkManifest.Device]

    private let unitID: String?
    private let softwareVersion: String
    private let configurationSHA256: String?
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var devices: Devices?
        var generations: [String: Int] = [:]
        /// The generation of the manifest last written for each walk.
        var written: [String: Int] = [:]
    }

    package init(unitID: String?, softwareVersion: String, configurationSHA256: String?, logger: Logger) {
        self.unitID = unitID
        self.softwareVersion = softwareVersion
        self.configurationSHA256 = configurationSHA256
        self.logger = logger
    }

    /// Where the device facts come from, once the device actors exist.
    package func attach(devices: @escaping Devices) {
        state.withLock { $0.devices = devices }
    }

    /// `tracks/X.gpx` → `tracks/X.manifest.json`.
    package static func path(forTrack trackPath: String) -> String {
        TripRecorder.sibling(of: trackPath, extension: OutboxCatalog.manifestSuffix)
    }

    /// The walk's generation now: taken when the walk ends, handed to `write`.
    package func ticket(for walk: TripRecorder.Walk) -> Int {
        state.withLock { $0.generations[walk.trackPath, default: 0] }
    }

    /// Writes `walk`'s manifest atomically, unless the walk went on since `ticket` was taken; its path,
    /// or nil (logged when it could not be written).
    @discardableResult
    package func write(of walk: TripRecorder.Walk, ticket: Int) async -> String? {
        let source = state.withLock { $0.devices }
        let devices = await source?() ?? []
        let events = (try? TripReportFiles.bytes(of: walk.journalPath, required: false))
            .flatMap { $0 }.map { TripJournalFormat.read(String(decoding: $0, as: UTF8.self)).events } ?? []
        let span = Self.span(of: events)
        let manifest = WalkManifest(walk: Self.walkName(walk.trackPath), unitID: unitID, softwareVersion: softwareVersion,
                                    configurationSHA256: configurationSHA256, devices: devices,
                                    startTime: span.start, endTime: span.end)
        let path = Self.path(forTrack: walk.trackPath)
        let bytes: [UInt8]
        do {
            bytes = try Self.encode(manifest)
        } catch {
            logger.error("cannot encode the walk's manifest: \(error)")
            return nil
        }
        // Under the lock, so a removal cannot slip between the check and the rename.
        let outcome: String? = state.withLock { s in
            guard s.generations[walk.trackPath, default: 0] == ticket else { return "" }
            do {
                let warning = try AtomicFile.write(bytes, to: path)
                s.written[walk.trackPath] = ticket
                return warning.map { "\($0)" }
            } catch {
                return "could not write the walk's manifest (\(error)); the walk is not uploaded until it has one"
            }
        }
        switch outcome {
        case nil:
            logger.info("walk manifest written: \(path)")
            return path
        case ""?:
            return nil
        case let message?:
            logger.error("\(message)")
            return message.contains("is written") ? path : nil
        }
    }

    /// The walk goes on in its files: its manifest, if written, is removed, and a write still under way
    /// for its end is dropped. The removal itself runs off the caller's loop.
    package func discard(_ walk: TripRecorder.Walk) {
        let path = Self.path(forTrack: walk.trackPath)
        let logger = self.logger
        let generation = state.withLock { s in
            s.generations[walk.trackPath, default: 0] &+= 1
            return s.generations[walk.trackPath, default: 0]
        }
        Task.detached(priority: .utility) { [self] in
            state.withLock { s in
                // The walk may have ended again and its new manifest be written already: that one stays.
                guard s.written[walk.trackPath, default: -1] < generation else { return }
                if unlink(path) == 0 {
                    AtomicFile.syncDirectory(PathText.directory(of: path))
                    logger.info("the walk goes on: its manifest \(path) is removed until it ends again")
                } else if errno != ENOENT {
                    logger.error("cannot remove \(path) (\(String(cString: strerror(errno)))): the walk may be uploaded before it ends; delete the file")
                }
            }
        }
    }

    /// The walk's first start and its last end, from its journal: the first `navigation_started`
    /// (else the `walk` record), and the last `arrived` or `stopped` after it.
    package static func span(of events: [TripEvent]) -> (start: Double?, end: Double?) {
        let start = events.first { $0.kind == .navigationStarted }?.time ?? events.first { $0.kind == .walk }?.time
        let end = events.last { $0.kind == .arrived || $0.kind == .stopped }?.time
        return (start, end)
    }

    /// The devices in a status report, with the firmware each reported; a device the appliance does
    /// not have is absent.
    package static func devices(in report: StatusReport) -> [WalkManifest.Device] {
        var devices: [WalkManifest.Device] = []
        if let belt = report.belt { devices.append(.init(kind: "belt", firmware: belt.firmwareRevision)) }
        if report.touchCase != nil { devices.append(.init(kind: "touch-case")) }
        if let pencil = report.pencil { devices.append(.init(kind: "pencil", firmware: pencil.firmwareRevision)) }
        return devices
    }

    /// `X` of `…/X.gpx`.
    static func walkName(_ trackPath: String) -> String {
        let name = TripReportFiles.name(trackPath)
        return name.hasSuffix(TrackFileName.fileExtension) ? String(name.dropLast(TrackFileName.fileExtension.count)) : name
    }

    /// Sorted keys and a final newline, as the other state files.
    package static func encode(_ manifest: WalkManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [UInt8(ascii: "\n")]
    }
}
