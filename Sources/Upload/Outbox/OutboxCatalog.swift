/// What goes up, and under which key: a pure decision from what a scan saw.
///
/// A walk is the files `TrackArchive` keeps side by side in `tracks/`, named from its track `X.gpx`:
/// `X.gpx`, `X.events.jsonl` (the event journal), `X.html` (the trip report) and `X.manifest.json`.
/// They go to `<prefix><unit_id>/walks/X/track.gpx`, `…/events.jsonl`, `…/report.html` and
/// `…/manifest.json`. A sample file `samples/NAME` goes to `<prefix><unit_id>/samples/NAME`.
///
/// A walk goes up only once it is whole: its manifest is written (the last of its files, at the
/// walk's end), and it is not the walk `tracks/current.json` names while a walk is in progress. So a
/// walk in progress is never uploaded half-written.
///
/// Key segments (the walk's name, a sample's file name) are never escaped: a name of 1 to 255 of
/// `A-Z a-z 0-9 . _ -`, not starting with `.` or `-`, is taken as it is; any other name is refused and
/// reported, so a key never needs percent-encoding, never holds `/`, `.` or `..` as a segment, and
/// reads the same on every S3-compatible server. The names Wayfinder writes (`TrackFileName`,
/// `wayfinder record`'s `gestures-<time>.jsonl`) are always of that form. Other files (`current.json`,
/// temporaries starting with `.`, a track moved aside as unreadable) are not walk files and are skipped.
package enum OutboxCatalog {
    package static let tracksDirectory = "tracks/"
    package static let samplesDirectory = "samples/"

    /// A walk's files: the local suffix after `X`, and the name under the walk's key.
    package static let walkFiles: [(suffix: String, name: String)] = [
        (".gpx", "track.gpx"), (".events.jsonl", "events.jsonl"), (".html", "report.html"),
        (".manifest.json", "manifest.json"),
    ]
    package static let manifestSuffix = ".manifest.json"

    /// What a scan offers: the items that may go up, and the files refused with why.
    package struct Selection: Sendable, Hashable {
        package var items: [OutboxItem] = []
        package var refused: [Refusal] = []
    }

    package struct Refusal: Sendable, Hashable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// The files of `scan` that may go up now, with their keys.
    package static func select(_ scan: OutboxScan, walk: WalkActivity, settings: OutboxSettings) -> Selection {
        var selection = Selection()
        let base = "\(settings.prefix)\(settings.unitID)/"
        var walkFilesByName: [String: [(ScannedFile, String)]] = [:]
        var manifests: Set<String> = []
        for file in scan.files {
            if file.path.hasPrefix(tracksDirectory) {
                guard settings.walks else { continue }
                let name = String(file.path.dropFirst(tracksDirectory.count))
                guard !name.hasPrefix("."), let (walkName, keyName) = walkFile(name) else { continue }
                guard isKeySafe(walkName) else {
                    selection.refused.append(Refusal(path: file.path, reason: refusal(walkName)))
                    continue
                }
                walkFilesByName[walkName, default: []].append((file, keyName))
                if keyName == "manifest.json" { manifests.insert(walkName) }
            } else if file.path.hasPrefix(samplesDirectory) {
                guard settings.samples else { continue }
                let name = String(file.path.dropFirst(samplesDirectory.count))
                guard !name.hasPrefix(".") else { continue }
                guard isKeySafe(name) else {
                    selection.refused.append(Refusal(path: file.path, reason: refusal(name)))
                    continue
                }
                selection.items.append(OutboxItem(key: "\(base)samples/\(name)", file: file, isSample: true))
            }
        }
        let current = scan.currentWalkTrack.flatMap { walkFile($0)?.walk }
        for (walkName, files) in walkFilesByName where manifests.contains(walkName) {
            if walk == .inProgress && walkName == current { continue }
            for (file, keyName) in files {
                selection.items.append(OutboxItem(key: "\(base)walks/\(walkName)/\(keyName)", file: file, isSample: false))
            }
        }
        return selection
    }

    /// The walk's name and the file's name under its key, for a name in `tracks/`.
    static func walkFile(_ name: String) -> (walk: String, name: String)? {
        // The longest suffix first: `X.events.jsonl` is not a walk named `X.events`.
        for (suffix, keyName) in walkFiles.sorted(by: { $0.suffix.count > $1.suffix.count })
        where name.hasSuffix(suffix) && name.count > suffix.count {
            let walkName = String(name.dropLast(suffix.count))
            // `X.manifest.json` must not be read as the report or journal of a walk `X.manifest`.
            if suffix == ".html" || suffix == ".gpx", walkName.hasSuffix(".events") || walkName.hasSuffix(".manifest") {
                return nil
            }
            return (walkName, keyName)
        }
        return nil
    }

    /// Whether `segment` may be one segment of a key as it is: 1 to 255 of `A-Z a-z 0-9 . _ -`, not
    /// starting with `.` or `-`.
    package static func isKeySafe(_ segment: String) -> Bool {
        let bytes = Array(segment.utf8)
        guard (1...255).contains(bytes.count), let first = bytes.first,
              first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }

    static func refusal(_ segment: String) -> String {
        "\"\(segment)\" cannot be part of an object key (only A-Z a-z 0-9 . _ -, 1 to 255 of them, not "
            + "starting with . or -); rename the file to upload it"
    }
}
