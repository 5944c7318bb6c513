#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files on disk, as the cores that do no file I/O read them (`FileReading`): whole, through
/// `AtomicFile.read`, so a file being replaced is read either before or after the rename.
package struct DiskFiles: FileReading {
    package init() {}

    package func read(_ path: String) throws(FileReadError) -> [UInt8]? {
        do {
            return try AtomicFile.read(path)
        } catch {
            throw FileReadError(errno: error.errno)
        }
    }

    package func names(in directory: String) -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
