#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the metrics file could not be written, and what to do about it.
package struct MetricsWriteProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package let directory: String
    /// The file the step failed on: the temporary file, or the metrics file for the rename.
    package let path: String
    package let step: String
    package let errno: Int32

    package init(directory: String, path: String, step: String, errno: Int32) {
        self.directory = directory
        self.path = path
        self.step = step
        self.errno = errno
    }

    package var description: String {
        "cannot \(step) \(path): \(String(cString: strerror(errno))); \(advice)"
    }

    /// What to do, for the causes an installation meets.
    package var advice: String {
        switch errno {
        case ENOENT, ENOTDIR:
            "\(directory) does not exist: install node_exporter (Debian: apt install prometheus-node-exporter), "
                + "or set [metrics] textfile_directory to the directory its --collector.textfile.directory names"
        case EACCES, EPERM:
            "the service's user may not write in \(directory): chgrp wayfinder \(directory) && chmod g+w \(directory)"
        case EROFS:
            "\(directory) is read-only for the service: the unit's ReadWritePaths= must name it (systemctl edit wayfinder)"
        case ENOSPC, EDQUOT:
            "the file system of \(directory) is full"
        default:
            "check \(directory) ([metrics] textfile_directory)"
        }
    }
}
