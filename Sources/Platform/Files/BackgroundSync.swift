#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fsync(2) without waiting for it: an SD card's fsync can take tens of milliseconds, and the files
/// synced this way (the walked track, the trip journal) are appended by the actor that steers the
/// belt. The sync runs on the file worker's thread (`FileWorker`) on a duplicate of the descriptor,
/// which the worker closes, so the file may be closed meanwhile. Appends made during it are forced by
/// the next sync.
package enum BackgroundSync {

    /// Queues an fsync of `fd`'s file; syncs at once when the descriptor cannot be duplicated.
    package static func fsync(_ fd: Int32) {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
            _ = systemFsync(fd)
            return
        }
        FileWorker.shared.async {
            _ = systemFsync(copy)
            _ = close(copy)
        }
    }
}

#if canImport(Glibc)
private let systemFsync = Glibc.fsync
#elseif canImport(Darwin)
private let systemFsync = Darwin.fsync
#endif
