#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory only its owner may enter (0700) holding files only its owner may read (0600): the
/// state directory keeps where the wearer walked and the belt's keys.
///
/// Modes are set only on what the program creates. An existing directory is never changed: it may
/// be a home directory, `/tmp` or a shared folder whose permissions other people rely on, so one that
/// lets group or others in is for the caller to refuse (`openMode(of:)`), not to tighten.
package enum PrivateDirectory {
    /// Mode of a directory the program creates.
    package static let directoryMode: mode_t = 0o700
    /// The group's and others' permissions: none of them on a private directory.
    package static let groupAndOthers: mode_t = 0o077

    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let path: String
        package let step: String
        package let errno: Int32

        package var description: String { "cannot \(step) \(path): \(String(cString: strerror(errno)))" }
    }

    /// What `prepare` did: whether it created the directory.
    package struct Report: Sendable, Equatable {
        package var created = false

        package init(created: Bool = false) {
            self.created = created
        }
    }

    /// Makes sure `path` is a directory: creates it with mode 0700 when it is missing (its missing
    /// parents get the usual 0755 less the umask; only the last one holds our files). An existing
    /// directory, or a symbolic link to one, is left exactly as it is, whatever its mode: also one
    /// that takes the name between the look and the mkdir(2). Throws when the directory cannot be
    /// made, or when something other than a directory has its name.
    ///
    /// No chmod(2) follows the mkdir(2): the directory gets `mode & ~umask & 0777` (mkdir(2)), so a
    /// umask can only take permissions away from 0700, never give any to group or others, and a
    /// chmod by name could change a directory that took the name after the mkdir.
    package static func prepare(_ path: String) throws(Failure) -> Report {
        try prepare(path, afterLooking: {})
    }

    /// `prepare`, with `afterLooking` run between the look and the mkdir(2) of a missing directory,
    /// where another process may make it.
    static func prepare(_ path: String, afterLooking: () -> Void) throws(Failure) -> Report {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw unusable(path, errno) }
            try makeParents(of: path)
            afterLooking()
            if mkdir(path, directoryMode) == 0 { return Report(created: true) }
            guard errno == EEXIST else { throw Failure(path: path, step: "create", errno: errno) }
            // Someone else's since the look, or a symbolic link to nothing: not ours, so looked at again.
            guard stat(path, &info) == 0 else { throw unusable(path, errno) }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, step: "use (not a directory)", errno: ENOTDIR) }
        return Report()
    }

    /// The permission bits (with the set-id and sticky bits) of an existing directory at `path` that
    /// gives its group or others any permission; nil when it is private, missing or not a directory.
    /// A symbolic link is followed: what counts is the directory the files are written into.
    package static func openMode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & groupAndOthers != 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Where `path` leads when it is a symbolic link (every link on the way resolved, realpath(3));
    /// nil when it is not a link or leads nowhere.
    package static func linkTarget(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates a private subdirectory (`tracks/`) of a prepared directory; an existing one is kept.
    package static func makeSubdirectory(_ path: String) throws(Failure) {
        if mkdir(path, directoryMode) == 0 { return }
        guard errno == EEXIST else { throw Failure(path: path, step: "create", errno: errno) }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(path: path, step: "use (not a directory)", errno: ENOTDIR)
        }
    }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    package static func entries(of path: String) -> [String] {
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

    /// stat(2) on `path` failed with `error`: the failure names a symbolic link that leads nowhere
    /// as such, since `ls` shows its name as if it were there.
    private static func unusable(_ path: String, _ error: Int32) -> Failure {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        return Failure(path: path, step: isLink ? "follow the symbolic link" : "look at", errno: error)
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
