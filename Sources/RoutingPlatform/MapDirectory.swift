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
