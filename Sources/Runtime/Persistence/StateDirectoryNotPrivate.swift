#if canImport(Glibc)
import Glibc
#endif

/// An existing state directory that lets its group or others in: refused at start and by
/// `config check`, and left as it is. It may be a home directory, `/tmp` or a shared folder whose
/// permissions other people rely on, so taking them away is not Wayfinder's to do.
package struct StateDirectoryNotPrivate: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// The directory's permission bits, set-id and sticky bits included (`1777` for `/tmp`).
    package let mode: mode_t
    /// The directory `path` leads to when it is a symbolic link: the one whose mode is given, and
    /// the one to chmod.
    package let target: String?

    package init(path: String, mode: mode_t, target: String? = nil) {
        self.path = path
        self.mode = mode
        self.target = target
    }

    /// The mode as `ls -l` and chmod(1) give it in octal: `0755`, `1777`.
    package var modeText: String {
        let octal = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    }

    package var description: String {
        "the state directory \(path)\(target.map { " (a symbolic link to \($0))" } ?? "") has mode \(modeText): its group or others can get in, and it is to hold "
            + "where the wearer walked and the belt's keys; Wayfinder does not change the permissions of a "
            + "directory it did not create. Name a directory that does not exist yet (state_directory or "
            + "--state-directory; Wayfinder creates it with mode 0700), or, if this one holds nothing but "
            + "Wayfinder's files, run `chmod 700 \(target ?? path)`. Under systemd, the unit's StateDirectory= with "
            + "StateDirectoryMode=0700 makes /var/lib/wayfinder so"
    }
}
