#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Routing

/// A map made by `wayfinder map import`, checked before use: its manifest read, every file present
/// with the size the import wrote, and built by the Routino that is installed.
package struct MapDirectory: Sendable {
    package let path: String
    package let manifest: MapManifest

    /// Opens the map at `path`; `installedRoutino` is the version of the Routino that will plan on it
    /// (nil skips that check, for reading a map on a machine without Routino).
    package static func open(_ path: String, installedRoutino: String?) throws(MapOpenError) -> MapDirectory {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw .missing(path: path) }
        let manifestPath = path + "/" + MapManifest.fileName
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: manifestPath)) else { throw .notAMap(path: path) }
        let manifest: MapManifest
        do {
            manifest = try MapManifest.parse(String(decoding: bytes, as: UTF8.self), file: manifestPath)
        } catch {
            throw .damaged(error)
        }
        var sizes: [String: Int] = [:]
        for file in manifest.files {
            var fileInfo = stat()
            if stat(path + "/" + file.name, &fileInfo) == 0 { sizes[file.name] = Int(fileInfo.st_size) }
        }
        let problems = manifest.problems(sizes: sizes, installedRoutino: installedRoutino)
        guard problems.isEmpty else { throw .unusable(path: path, problems: problems) }
        return MapDirectory(path: path, manifest: manifest)
    }

    /// The crossings, steps and barriers.
    package func features() throws(MapOpenError) -> MapIndex {
        try read(MapManifest.featuresFile)
    }

    /// The streets' lines, for drawing; an empty index when the map has none.
    package func streets() throws(MapOpenError) -> [MapStreet] {
        guard manifest.files.contains(where: { $0.name == MapManifest.streetsFile }) else { return [] }
        return try read(MapManifest.streetsFile).streets
    }

    /// The streets whose lines meet `area`, read line by line so that a city's file (tens of
    /// megabytes) is never held whole, and at most `pointLimit` points of them kept: `complete` is
    /// false when more streets met the area than that.
    package func streets(meeting area: MapArea, pointLimit: Int = MapDirectory.streetPointLimit) throws(MapOpenError) -> (streets: [MapStreet], complete: Bool) {
        guard manifest.files.contains(where: { $0.name == MapManifest.streetsFile }) else { return ([], true) }
        let file = path + "/" + MapManifest.streetsFile
        guard let stream = fopen(file, "r") else {
            throw .unusable(path: path, problems: ["\(MapManifest.streetsFile) cannot be read (\(String(cString: strerror(errno)).lowercased()))"])
        }
        defer { fclose(stream) }
        var buffer: UnsafeMutablePointer<CChar>?
        defer { free(buffer) }
        var capacity = 0
        var streets: [MapStreet] = []
        var points = 0
        var number = 0
        while true {
            let count = getline(&buffer, &capacity, stream)
            guard count >= 0, let buffer else { break }
            number += 1
            var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
            if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
            let line = Substring(String(decoding: bytes, as: UTF8.self))
            let street: MapStreet?
            do {
                street = try MapIndexFormat.street(onLine: line, number: number, meeting: area, file: file)
            } catch {
                throw .damaged(error)
            }
            guard let street else { continue }
            guard points + street.points.count <= pointLimit else { return (streets, false) }
            points += street.points.count
            streets.append(street)
        }
        if ferror(stream) != 0 {
            throw .unusable(path: path, problems: ["\(MapManifest.streetsFile) cannot be read to its end"])
        }
        if number == 0 { throw .damaged(MapIndexError(file: file, line: 1, "the file is empty")) }
        return (streets, true)
    }

    /// The points of street lines a report keeps at most: 16 bytes each, so 4 MB. A walk through a
    /// city centre meets a few tens of thousands; more is a walk whose extent spans a city, whose
    /// map cannot show them anyway.
    package static let streetPointLimit = 250_000

    private func read(_ name: String) throws(MapOpenError) -> MapIndex {
        let file = path + "/" + name
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
            throw .unusable(path: path, problems: ["\(name) cannot be read"])
        }
        do {
            return try MapIndexFormat.parse(String(decoding: bytes, as: UTF8.self), file: file)
        } catch {
            throw .damaged(error)
        }
    }
}
