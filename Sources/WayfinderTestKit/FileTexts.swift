import Vocabulary

/// Files held in memory, for testing a core that reads through `FileReading` without a disk (as
/// `RegisterMapI2C` stands in for a bus): each path's text, or the errno reading it fails with.
package struct FileTexts: FileReading {
    package var texts: [String: String]
    package var failures: [String: Int32]

    package init(_ texts: [String: String], failures: [String: Int32] = [:]) {
        self.texts = texts
        self.failures = failures
    }

    package func read(_ path: String) throws(FileReadError) -> [UInt8]? {
        if let code = failures[path] { throw FileReadError(errno: code) }
        return texts[path].map { Array($0.utf8) }
    }

    /// The last path component of every file held directly in `directory`.
    package func names(in directory: String) -> [String] {
        texts.keys.compactMap { path in
            guard let slash = path.lastIndex(of: "/"), path[..<slash] == directory else { return nil }
            return String(path[path.index(after: slash)...])
        }
    }
}
