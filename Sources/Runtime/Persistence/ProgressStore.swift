#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Navigation
import Platform

/// Route progress on disk, written atomically so a pulled battery leaves the old or the new
/// progress, never a torn file.
package struct ProgressStore: Sendable {
    package static let fileName = "progress.json"
    package let path: String
    private let syncDirectory: AtomicFile.DirectorySync

    package init(directory: String, syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory) {
        path = directory.hasSuffix("/") ? directory + Self.fileName : "\(directory)/\(Self.fileName)"
        self.syncDirectory = syncDirectory
    }

    /// Throws when the progress was not written; returns `NotDurable` when it was but may not survive
    /// a power loss (the caller warns and carries on).
    @discardableResult
    package func save(_ progress: RouteProgress) throws -> AtomicFile.NotDurable? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try AtomicFile.write(Array(try encoder.encode(progress)), to: path, syncDirectory: syncDirectory)
    }

    /// The saved progress; nil when there is none. A file that does not decode is moved aside and
    /// reported as `StateFileUnreadable`, so the caller logs it and starts afresh without overwriting it.
    package func load() throws -> RouteProgress? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        do {
            return try JSONDecoder().decode(RouteProgress.self, from: Data(bytes))
        } catch {
            let reason = (error as? DecodingError).map(Self.explain) ?? "\(error)"
            throw StateFileUnreadable(path: path, reason: reason, movedTo: try? AtomicFile.moveAside(path))
        }
    }

    /// A short reason, without JSONDecoder's coding-path dump.
    static func explain(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: "not JSON"
        case .dataCorrupted(let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\": \(context.debugDescription)"
        case .keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        @unknown default: "\(error)"
        }
    }
}
