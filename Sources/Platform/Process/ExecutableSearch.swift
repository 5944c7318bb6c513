import Glibc

/// Where a program named on a command line is, as execvp(3) finds it: a name with a slash is used as
/// is, any other name is looked for in each directory of PATH in turn. Done here rather than left to
/// posix_spawnp so that a missing program is reported with the directories that were searched.
package enum ExecutableSearch {
    /// glibc's execvp(3) default when PATH is unset, with /usr/local/bin in front as Debian's login PATH has.
    package static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// The file to run for `program`, with `path` the value of PATH (nil: unset).
    package static func resolve(_ program: String, path: String?, packageHint: String? = nil) throws(ChildProcessError) -> String {
        if program.contains("/") {
            try check(program, packageHint: packageHint)
            return program
        }
        let directories = directories(in: path ?? defaultPath)
        guard !program.isEmpty else {
            throw .notFound(program: program, searched: directories, packageHint: packageHint)
        }
        // execvp(3) goes on past a file it may not run and reports EACCES only if nothing runnable
        // comes later: the same here.
        var denied: String?
        for directory in directories {
            let candidate = directory.hasSuffix("/") ? directory + program : "\(directory)/\(program)"
            guard isRegularFile(candidate) else { continue }
            if access(candidate, X_OK) == 0 { return candidate }
            if denied == nil { denied = candidate }
        }
        if let denied { throw .notExecutable(path: denied, errno: EACCES, packageHint: packageHint) }
        throw .notFound(program: program, searched: directories, packageHint: packageHint)
    }

    /// PATH's directories in order; an empty entry is the current directory, as POSIX has it.
    package static func directories(in path: String) -> [String] {
        path.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
    }

    /// Throws unless `file` is a regular file this process may execute.
    static func check(_ file: String, packageHint: String?) throws(ChildProcessError) {
        var info = stat()
        guard stat(file, &info) == 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR {
                throw .notFound(program: file, searched: [], packageHint: packageHint)
            }
            throw .notExecutable(path: file, errno: error, packageHint: packageHint)
        }
        guard info.st_mode & S_IFMT == S_IFREG, access(file, X_OK) == 0 else {
            throw .notExecutable(path: file, errno: EACCES, packageHint: packageHint)
        }
    }

    static func isRegularFile(_ file: String) -> Bool {
        var info = stat()
        return stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
