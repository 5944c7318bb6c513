#if canImport(Glibc)
import Glibc
#endif
import Navigation
import Platform
import Sensors

/// One walk's track on disk (`tracks/<start>-<route>.gpx` in the state directory, chosen by
/// `TrackArchive`), a valid GPX document after every append, so a `kill -9` at any moment leaves a
/// file that parses.
///
/// How: the file always ends with `GPXTrackFormat.footer`; an append writes the new point followed by
/// the footer in one `pwrite` at the footer's offset. A write that lands whole leaves the new point and
/// the footer, one that does not happen leaves the old footer. A power loss can still tear a page
/// that was not yet synced (we `fsync` every `syncInterval`): on open, a file whose footer is damaged
/// is cut back to its last complete point and closed again; one that is not our GPX at all is moved
/// aside (`<name>.unreadable-<time>`) and reported, never appended to.
///
/// Opening never reads the whole file: only its first bytes (our header?) and its last `tailWindow`
/// bytes (the footer, or the last complete point) are read with pread(2), and `GPXTrackTail` decides.
/// A long walk resumed after a crash starts as fast as a short one.
package final class TrackFile {
    package let path: String
    private let fd: Int32
    private var footerOffset: Int
    /// What `open` had to do, for the log (warnings).
    package private(set) var notes: [String] = []

    /// How much of the file's end is read to find the footer or the last complete point. A point is
    /// about 110 bytes and the file is synced every 10 s, so what a power loss tears is far shorter.
    package static let tailWindow = 64 * 1024

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Opens the track at `path` to append to it, creating it (mode 0600, header and footer written
    /// atomically) when it does not exist, is empty, or was not ours and has been moved aside. An
    /// existing track gets a segment break: one segment per run of the appliance.
    package init(path: String, routeName: String, syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory) throws {
        self.path = path
        var fd = open(path, O_RDWR | O_CLOEXEC)
        if fd < 0, errno != ENOENT {
            throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var decision = GPXTrackTail.empty
        if fd >= 0 {
            let size = Int(lseek(fd, 0, SEEK_END))
            guard size >= 0 else {
                let code = errno
                close(fd)
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(code)))")
            }
            let head = Self.read(fd, count: min(size, GPXTrackTail.headBytes), at: 0)
            let tailCount = min(size, Self.tailWindow)
            let tail = Self.read(fd, count: tailCount, at: size - tailCount)
            decision = (head != nil && tail != nil)
                ? GPXTrackTail.decide(head: head ?? [], tail: tail ?? [], fileSize: size) : .notOurs
        }
        var segmentAt: Int?
        switch decision {
        case .intact(let footerOffset):
            segmentAt = footerOffset
        case .cut(let offset):
            // Cut first, then close the document: a kill in between leaves a file ending in a complete
            // point, which the next open cuts at the same place.
            guard ftruncate(fd, off_t(offset)) == 0 else {
                let code = errno
                close(fd)
                throw Failure(description: "cannot repair \(path): \(String(cString: strerror(code)))")
            }
            segmentAt = offset
            notes.append("the track's end was torn (a power loss?); cut back to its last complete point")
        case .notOurs:
            close(fd)
            fd = -1
            do {
                let aside = try AtomicFile.moveAside(path)
                notes.append("\(path) is not a track this program wrote; moved aside to \(aside) and started a new one")
            } catch {
                throw Failure(description: "\(path) is not a track this program wrote and \(error)")
            }
        case .empty:
            if fd >= 0 { close(fd) }
            fd = -1
        }
        if fd < 0 {
            // A new file is written whole and renamed into place (AtomicFile), so a kill during the
            // start leaves no file or a complete empty track.
            let body = GPXTrackFormat.header(name: routeName) + GPXTrackFormat.footer
            do {
                if let warning = try AtomicFile.write(Array(body.utf8), to: path, syncDirectory: syncDirectory) {
                    notes.append("\(warning)")
                }
            } catch {
                throw Failure(description: "cannot write \(path): \(error)")
            }
            fd = open(path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
            let size = Int(lseek(fd, 0, SEEK_END))
            footerOffset = size - GPXTrackFormat.footer.utf8.count
        } else {
            footerOffset = segmentAt ?? 0
        }
        self.fd = fd
        if let segmentAt {
            // An existing track: this run's points go into a segment of their own, written over the
            // footer in one pwrite, like an append.
            guard Self.write(fd, Array((GPXTrackFormat.segmentBreak + GPXTrackFormat.footer).utf8), at: segmentAt) else {
                let code = errno
                close(fd)
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(code)))")
            }
            footerOffset = segmentAt + GPXTrackFormat.segmentBreak.utf8.count
            if case .cut = decision { _ = fsync(fd) }
        }
    }

    deinit { close(fd) }

    /// Appends one fix; false (and the file unchanged) when the write failed (a full card).
    @discardableResult
    package func append(_ fix: Fix) -> Bool {
        let point = GPXTrackFormat.point(fix)
        guard Self.write(fd, Array((point + GPXTrackFormat.footer).utf8), at: footerOffset) else { return false }
        footerOffset += point.utf8.count
        return true
    }

    /// Forces what was appended to the card.
    package func sync() { _ = fsync(fd) }

    /// Forces what has been appended so far to the card without waiting for it (`BackgroundSync`):
    /// the navigation actor that appends also turns the wearer's commands into belt commands.
    /// Appends made during it stay whole or absent (`append`); the next sync forces them.
    package func syncInBackground() {
        BackgroundSync.fsync(fd)
    }

    /// `count` bytes at `offset` (pread(2), retried on EINTR and short reads); nil on an error or when
    /// the file is shorter than that.
    static func read(_ fd: Int32, count: Int, at offset: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return nil }
            done += n
        }
        return bytes
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress.map { $0 + done }, raw.count - done, off_t(offset + done))
                if n < 0 { if errno == EINTR { continue }; return false }
                done += n
            }
            return true
        }
    }
}
