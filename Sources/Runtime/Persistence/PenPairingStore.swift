#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The pen the appliance is married to, kept across restarts (`pencil.json` in the state
/// directory), as the FiftyThree SDK keeps its paired peripheral's identifier in the app's defaults
/// (`FTPenManager.mm`): after a restart the pen that reconciles with this Pi is taken back without
/// another pairing. Written atomically whenever the pairing model stores or forgets a pen.
package struct PenPairingStore: Sendable {
    package static let fileName = "pencil.json"
    package let path: String

    struct Contents: Codable, Equatable {
        /// The pen's Bluetooth address, as the radio names it.
        var pen: String
    }

    package init(directory: String) {
        path = directory.hasSuffix("/") ? directory + Self.fileName : "\(directory)/\(Self.fileName)"
    }

    package struct RemoveFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Remembers `pen`, or forgets the pairing (the file is removed) for nil.
    package func save(_ pen: String?, syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory) throws {
        guard let pen else {
            if unlink(path) != 0, errno != ENOENT {
                throw RemoveFailure(description: "cannot remove \(path): \(String(cString: strerror(errno)))")
            }
            AtomicFile.syncDirectory(PathText.directory(of: path))
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        _ = try AtomicFile.write(Array(try encoder.encode(Contents(pen: pen))), to: path, syncDirectory: syncDirectory)
    }

    /// The remembered pen; nil when there is none. A file that does not decode, or names no
    /// Bluetooth address, is moved aside and reported: the pen is then paired again, as new.
    package func load() throws -> String? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            let reason = (error as? DecodingError).map(ProgressStore.explain) ?? "\(error)"
            throw StateFileUnreadable(path: path, reason: reason, movedTo: try? AtomicFile.moveAside(path))
        }
        guard BluetoothAddress(string: contents.pen) != nil else {
            throw StateFileUnreadable(path: path, reason: "\"\(contents.pen)\" is not a Bluetooth address",
                                      movedTo: try? AtomicFile.moveAside(path))
        }
        return contents.pen
    }
}
