import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every path under a folder with its permission bits and, for a file, its text: taken before and
/// after a step, two snapshots are equal when the step changed no mode, file or name in it.
package enum DirectorySnapshot {
    /// The permission bits of `path` itself (a symbolic link's own), 0 when it does not exist.
    package static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// `root` and every path below it, each with its mode in octal and, for a file, its content.
    package static func take(_ root: String) -> [String: String] {
        var result: [String: String] = [root: String(mode(root), radix: 8)]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            let path = "\(root)/\(name)"
            let content = (try? String(contentsOfFile: path, encoding: .utf8)).map { " " + $0 } ?? ""
            result[path] = String(mode(path), radix: 8) + content
        }
        return result
    }
}
