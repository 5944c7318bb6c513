/// Reads a recording's bytes into `RecordingContents`. Pure. Lines end with `\n`; the writer writes
/// each line whole with its newline in one write(2), so anything after the last newline is a torn
/// write — skipped and reported, even when it happens to parse (the newline is the commit mark).
/// A complete line that does not decode is skipped and reported too; reading goes on after it.
package enum RecordingReader {
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file does not start with a recording header line.
        case notARecording
        /// The header line itself is torn or damaged: nothing of the session can be trusted.
        case headerUnreadable(String)
        /// Written by a newer version of this format.
        case unsupportedVersion(Int)

        package var description: String {
            switch self {
            case .notARecording: "not a gesture recording (no \(RecordingHeader.format) header line)"
            case .headerUnreadable(let why): "the recording's header line is unreadable: \(why)"
            case .unsupportedVersion(let v): "recording format version \(v); this program reads up to \(RecordingHeader.currentVersion)"
            }
        }
    }

    /// Whether the bytes start like a recording (the replay command's test between a recording and a
    /// conformance scenario file): the first line names the format, or starts as a header line does —
    /// `{"configuration":`, the first of its sorted keys, or `{"type":"header"` as files written before
    /// keys were sorted began. A torn header still counts, so it is reported rather than misread.
    package static func looksLikeRecording(_ bytes: [UInt8]) -> Bool {
        let firstLine = bytes.prefix { $0 != 0x0A }
        let starts = ["{\"configuration\":", "{\"type\":\"header\""].map { Array($0.utf8) }
        if starts.contains(where: { firstLine.starts(with: $0) }) { return true }
        let marker = Array("\"format\":\"\(RecordingHeader.format)\"".utf8)
        guard firstLine.count >= marker.count else { return false }
        return firstLine.indices.dropLast(marker.count - 1).contains { firstLine[$0...].starts(with: marker) }
    }

    package static func read(_ bytes: [UInt8]) throws(Failure) -> RecordingContents {
        guard looksLikeRecording(bytes) else { throw .notARecording }
        var header: RecordingHeader?
        var lines: [RecordingLine] = []
        var bad: [RecordingContents.Skipped] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                let torn = RecordingContents.Skipped(line: number, byteOffset: start, length: bytes.count - start,
                                                     reason: "torn: no newline (the write never completed)")
                guard let header else { throw .headerUnreadable(torn.description) }
                return RecordingContents(header: header, lines: lines, tornTail: torn, badLines: bad)
            }
            let text = bytes[start..<newline]
            defer { start = newline + 1 }
            if header == nil {
                let decoded: RecordingLine
                do throws(RecordingLineCodec.Failure) { decoded = try RecordingLineCodec.decode(text) } catch {
                    throw .headerUnreadable(error.reason)
                }
                guard case .header(let found) = decoded else { throw .notARecording }
                guard found.version <= RecordingHeader.currentVersion else { throw .unsupportedVersion(found.version) }
                header = found
                continue
            }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            do throws(RecordingLineCodec.Failure) {
                let line = try RecordingLineCodec.decode(text)
                if case .header = line {
                    bad.append(.init(line: number, byteOffset: start, length: text.count + 1, reason: "a second header"))
                } else {
                    lines.append(line)
                }
            } catch {
                bad.append(.init(line: number, byteOffset: start, length: text.count + 1, reason: error.reason))
            }
        }
        guard let header else { throw .headerUnreadable("empty file") }
        return RecordingContents(header: header, lines: lines, tornTail: nil, badLines: bad)
    }
}
