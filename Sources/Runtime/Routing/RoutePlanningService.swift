#if canImport(Glibc)
import Glibc
#endif
import Config
import Platform
import Routing
import RoutingPlatform
import Synchronization
import Vocabulary

/// Runs Routino's router for the navigation actor, each plan on a thread of its own so the actor's
/// loop never waits for a child process. The map is opened (manifest, sizes, the installed Routino's
/// version, the index) at the first plan and kept while its manifest stays the same file: the import
/// writes the manifest last and renames a whole new directory into place, so a map imported or copied
/// in again while the appliance runs is opened again at the next plan, and one that cannot be opened
/// is tried again then too.
package final class RoutePlanningService: Sendable {
    package let settings: RoutePlanningSettings
    private let planner: RoutePlanner
    private let opened = Mutex<(map: MapDirectory, index: MapIndex, manifest: ManifestFile)?>(nil)

    /// Which manifest file a map was opened from: another inode, size or modification time is another
    /// map.
    struct ManifestFile: Equatable {
        var device: UInt64
        var inode: UInt64
        var bytes: Int64
        var modified: Int64
        var modifiedNanoseconds: Int64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            bytes = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        }
    }
    /// Plans on the caller's thread, before `plan` returns: for tests, whose actor then hears the
    /// answer in the order of its mailbox, with no thread to wait for.
    private let inline: Bool

    package init(settings: RoutePlanningSettings, programs: RoutinoPrograms = .debian, inline: Bool = false) {
        self.settings = settings
        planner = RoutePlanner(programs: programs)
        self.inline = inline
    }

    /// Plans `request` off the caller's thread and hands the result to `completion`, on that thread.
    package func plan(_ request: RoutePlanRequest, completion: @escaping @Sendable (Result<PlannedRoute, RoutePlanError>) -> Void) {
        if inline { return completion(planNow(request)) }
        let failed = DetachedThread.start(name: "wf-route") { [self] in
            completion(planNow(request))
        }
        if let failed { completion(.failure(.engine("could not start a thread to plan on (errno \(failed))"))) }
    }

    /// Plans on the calling thread: for the command line and tests.
    package func planNow(_ request: RoutePlanRequest) -> Result<PlannedRoute, RoutePlanError> {
        let map: (MapDirectory, MapIndex)
        switch openMap() {
        case .success(let m): map = m
        case .failure(let error): return .failure(error)
        }
        return Result { () throws(RoutePlanError) -> PlannedRoute in
            try planner.plan(on: map.0, index: map.1, from: request.from, to: request.to, profile: settings.profile,
                             avoidSteps: settings.avoidSteps, destinationName: request.destinationName)
        }
    }

    private func openMap() -> Result<(MapDirectory, MapIndex), RoutePlanError> {
        let manifest = ManifestFile(path: settings.mapDirectory + "/" + MapManifest.fileName)
        if let map = opened.withLock({ $0 }), map.manifest == manifest { return .success((map.map, map.index)) }
        let installed: String?
        do {
            installed = try planner.programs.routinoVersion()
        } catch {
            return .failure(.engine("\(error)"))
        }
        do {
            let directory = try MapDirectory.open(settings.mapDirectory, installedRoutino: installed)
            let index = try directory.features()
            if let manifest { opened.withLock { $0 = (directory, index, manifest) } }
            return .success((directory, index))
        } catch {
            return .failure(.engine("\(error)"))
        }
    }
}
