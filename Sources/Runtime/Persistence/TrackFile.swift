#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Navigation
import Platform
import Sensors

/// The walked track on disk (`track.gpx` in the state directory), a valid GPX document after every
/// append, so a `kill -9` at any moment leaves a file that parses.
///
/// How: the file always ends with `GPXTrackFormat.footer`; an append writes the new point followed by
/// the footer in one `pwrite` at the footer's offset. A write that lands whole leaves the new point and
/// the footer, one that does not happen leaves the old footer. A power loss can still tear a page
/// that was not yet synced (we `fsync` every `syncInterval`): on open, a file whose footer is damaged
/// is cut back to its last complete point and closed again; one that is not our GPX at all is moved
/// aside (`track.gpx.unreadable-<time>`) and reported, never appended to.
public final class TrackFile {
    public let path: String
    private let fd: Int32
    private var footerOffset: Int
    /// What `open` had to do, for the log.
    public private(set) var notes: [String] = []

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(directory: String, routeName: String) throws {
        path = directory.hasSuffix("/") ? "\(directory)track.gpx" : "\(directory)/track.gpx"
        let existing = try? Data(contentsOf: URL(fileURLWithPath: path))
        var keep: Data?
        var wasCut = false
        if let existing, !existing.isEmpty {
            if let repaired = Self.repaired(existing) {
                keep = repaired.data
                wasCut = repaired.cut
                if repaired.cut { notes.append("the track's end was torn (a power loss?); cut back to its last complete point") }
            } else {
                do {
                    let aside = try AtomicFile.moveAside(path)
                    notes.append("\(path) is not a track this program wrote; moved aside to \(aside) and started a new one")
                } catch {
                    throw Failure(description: "\(path) is not a track this program wrote and \(error)")
                }
            }
        }
        // A new or repaired file is written whole and renamed into place (AtomicFile), so a kill
        // during the start leaves the old file or the new one. An intact one only has a segment break
        // written over its footer: one pwrite, like an append.
        let intact = keep != nil && !wasCut
        if !intact {
            let body = (keep ?? Data(GPXTrackFormat.header(name: routeName).utf8))
                + Data(((keep == nil ? "" : GPXTrackFormat.segmentBreak) + GPXTrackFormat.footer).utf8)
            do {
                try AtomicFile.write(Array(body), to: path)
            } catch {
                throw Failure(description: "cannot write \(path): \(error)")
            }
        }
        fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        let size = Int(lseek(fd, 0, SEEK_END))
        footerOffset = size - GPXTrackFormat.footer.utf8.count
        if intact {
            guard Self.write(fd, Data((GPXTrackFormat.segmentBreak + GPXTrackFormat.footer).utf8), at: footerOffset) else {
                let code = errno
                close(fd)
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(code)))")
            }
            footerOffset += GPXTrackFormat.segmentBreak.utf8.count
        }
    }

    deinit { close(fd) }

    /// Appends one fix; false (and the file unchanged) when the write failed (a full card).
    @discardableResult
    public func append(_ fix: Fix) -> Bool {
        let point = GPXTrackFormat.point(fix)
        guard Self.write(fd, Data((point + GPXTrackFormat.footer).utf8), at: footerOffset) else { return false }
        footerOffset += point.utf8.count
        return true
    }

    /// Forces what was appended to the card.
    public func sync() { _ = fsync(fd) }

    /// The document without its footer, or nil when it is not ours: a header we wrote, then either the
    /// footer at the end or a torn tail cut back to the last complete point.
    static func repaired(_ data: Data) -> (data: Data, cut: Bool)? {
        let header = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"wayfinder\"".utf8)
        guard data.starts(with: header) else { return nil }
        let footer = Data(GPXTrackFormat.footer.utf8)
        if data.count >= footer.count, data.suffix(footer.count) == footer {
            return (data.prefix(data.count - footer.count), false)
        }
        for end in [GPXTrackFormat.pointEnd, "<trkseg>\n"] {
            if let range = data.range(of: Data(end.utf8), options: .backwards) {
                return (data.prefix(range.upperBound), true)
            }
        }
        return nil
    }

    private static func write(_ fd: Int32, _ data: Data, at offset: Int) -> Bool {
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 { if errno == EINTR { continue }; return false }
                done += n
            }
            return true
        }
    }
}
