#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory only its owner may enter (0700) holding files only its owner may read (0600): the
/// state directory keeps where the wearer walked and the belt's keys.
public enum PrivateDirectory {
    /// Mode of a directory the program creates.
    public static let directoryMode: mode_t = 0o700
    /// What `tighten` removes: every permission of the group and of others.
    public static let groupAndOthers: mode_t = 0o077

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let step: String
        public let errno: Int32

        public var description: String { "cannot \(step) \(path): \(String(cString: strerror(errno)))" }
    }

    /// What `prepare` did: whether it created the directory, the paths whose group or other permissions
    /// it removed, and what it could not tighten.
    public struct Report: Sendable, Equatable {
        public var created = false
        public var tightened: [String] = []
        public var failures: [Failure] = []

        public init(created: Bool = false, tightened: [String] = [], failures: [Failure] = []) {
            self.created = created
            self.tightened = tightened
            self.failures = failures
        }
    }

    /// Makes `path` a private directory: creates it with mode 0700 (its missing parents get the
    /// usual 0755 less the umask; only the last one holds our files), or, when it exists, removes the
    /// group's and others' permissions from it, from every file and directory in it, and from those
    /// one level further down (`tracks/`, `samples/`). Symbolic links are left alone (chmod would
    /// follow them out of the directory). Throws only when the directory cannot be made.
    public static func prepare(_ path: String) throws(Failure) -> Report {
        var report = Report()
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw Failure(path: path, step: "look at", errno: errno) }
            try makeParents(of: path)
            if mkdir(path, directoryMode) != 0, errno != EEXIST { throw Failure(path: path, step: "create", errno: errno) }
            report.created = true
            // mkdir's mode passes through the umask; the directory gets exactly 0700.
            if chmod(path, directoryMode) != 0 { report.failures.append(Failure(path: path, step: "chmod", errno: errno)) }
            return report
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, step: "use (not a directory)", errno: ENOTDIR) }
        tighten(path, info, into: &report)
        for entry in entries(of: path) {
            let child = "\(path)/\(entry)"
            var childInfo = stat()
            guard lstat(child, &childInfo) == 0 else { continue }
            tighten(child, childInfo, into: &report)
            guard childInfo.st_mode & S_IFMT == S_IFDIR else { continue }
            for inner in entries(of: child) {
                let grandchild = "\(child)/\(inner)"
                var innerInfo = stat()
                if lstat(grandchild, &innerInfo) == 0 { tighten(grandchild, innerInfo, into: &report) }
            }
        }
        return report
    }

    /// Creates a private subdirectory (`tracks/`) of a prepared directory; an existing one is kept.
    public static func makeSubdirectory(_ path: String) throws(Failure) {
        if mkdir(path, directoryMode) == 0 {
            _ = chmod(path, directoryMode)
            return
        }
        guard errno == EEXIST else { throw Failure(path: path, step: "create", errno: errno) }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(path: path, step: "use (not a directory)", errno: ENOTDIR)
        }
    }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    public static func entries(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func tighten(_ path: String, _ info: stat, into report: inout Report) {
        let type = info.st_mode & S_IFMT
        guard type == S_IFDIR || type == S_IFREG, info.st_mode & groupAndOthers != 0 else { return }
        if chmod(path, info.st_mode & 0o7777 & ~groupAndOthers) == 0 {
            report.tightened.append(path)
        } else {
            report.failures.append(Failure(path: path, step: "chmod", errno: errno))
        }
    }

    private static func makeParents(of path: String) throws(Failure) {
        var prefix = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        if path.hasPrefix("/") { prefix = "" } else { prefix = "." }
        for component in components {
            prefix += "/\(component)"
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw Failure(path: prefix, step: "create", errno: errno) }
        }
    }
}
