import Foundation
import Navigation
import Platform

/// Route progress on disk, written atomically so a pulled battery leaves the old or the new
/// progress, never a torn file.
public struct ProgressStore: Sendable {
    public let path: String

    public init(directory: String) {
        path = directory.hasSuffix("/") ? "\(directory)progress.json" : "\(directory)/progress.json"
    }

    public func save(_ progress: RouteProgress) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(Array(try encoder.encode(progress)), to: path)
    }

    /// The saved progress; nil when there is none. A corrupt file is an error the caller logs before
    /// starting afresh.
    public func load() throws -> RouteProgress? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        return try JSONDecoder().decode(RouteProgress.self, from: Data(bytes))
    }
}
