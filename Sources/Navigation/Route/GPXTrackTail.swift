/// What to do with an existing track file, decided from its first and last bytes only, so that opening
/// the current walk's file costs the same whether it holds ten points or a hundred thousand.
///
/// Pure and synchronous, with no I/O: `TrackFile` reads the bytes (pread) and carries the decision
/// out; tests and fuzzers feed it bytes directly.
package enum GPXTrackTail: Sendable, Hashable {
    /// A file of zero bytes (created, then killed before its header landed): write a new header.
    case empty
    /// Ends with `GPXTrackFormat.footer`: the next write goes at `footerOffset`, over the footer.
    case intact(footerOffset: Int)
    /// Torn (a power loss before the last pages were synced): everything from `offset` on is dropped,
    /// and a segment break and the footer are written there. `offset` is just past the last complete
    /// `</trkpt>` (or past `<trkseg>` when no point survived).
    case cut(at: Int)
    /// Not a track this program wrote, or torn further back than the bytes shown reach: never
    /// appended to (the caller moves it aside).
    case notOurs

    /// How many bytes of the file's start `decide` needs to recognize our header.
    package static var headBytes: Int { GPXTrackFormat.headerPrefix.utf8.count }

    /// Decides from `head` (the file's first bytes, at most `headBytes` are looked at) and `tail` (its
    /// last bytes, ending at `fileSize`). Inputs that cannot come from one file (a tail longer than the
    /// file, a negative size) are `.notOurs`, never a trap.
    package static func decide(head: [UInt8], tail: [UInt8], fileSize: Int) -> GPXTrackTail {
        if fileSize == 0 { return head.isEmpty && tail.isEmpty ? .empty : .notOurs }
        guard fileSize > 0, tail.count <= fileSize, head.count <= fileSize else { return .notOurs }
        let prefix = Array(GPXTrackFormat.headerPrefix.utf8)
        guard head.count >= prefix.count, head.prefix(prefix.count).elementsEqual(prefix) else { return .notOurs }
        let footer = Array(GPXTrackFormat.footer.utf8)
        // The tail's first byte is at this offset in the file.
        let tailStart = fileSize - tail.count
        if tail.count >= footer.count, tail.suffix(footer.count).elementsEqual(footer),
           fileSize - footer.count >= prefix.count {
            return .intact(footerOffset: fileSize - footer.count)
        }
        // Torn: back to whichever ends later, the last complete point or the last segment start (a
        // restart's segment break torn before its first point). Taking the later of the two, not the
        // first kind found, makes the decision the same for any tail that holds it. A cut may not
        // reach into the header, which the head check alone does not prove whole.
        let ends = [GPXTrackFormat.pointEnd, GPXTrackFormat.segmentStart].compactMap { lastEnd(of: Array($0.utf8), in: tail) }
        if let upper = ends.max() {
            let offset = tailStart + upper
            return offset > prefix.count ? .cut(at: offset) : .notOurs
        }
        return .notOurs
    }

    /// The index just past the first occurrence of `needle` in `haystack`.
    static func firstEnd(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }

    /// The index just past the last occurrence of `needle` in `haystack`.
    static func lastEnd(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var start = haystack.count - needle.count
        while start >= 0 {
            if haystack[start] == needle[0], haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return start + needle.count
            }
            start -= 1
        }
        return nil
    }
}
