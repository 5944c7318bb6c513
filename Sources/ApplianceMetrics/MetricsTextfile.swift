import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wayfinder.prom` in node_exporter's textfile-collector directory, replaced whole at every write.
///
/// node_exporter reads every `*.prom` file of the directory at each scrape (its textfile collector,
/// collector/textfile.go), and a file it reads half-written is a scrape error. So the text goes to a
/// temporary file beside it, `wayfinder.prom.tmp-<pid>`, whose name does not end in `.prom`, and is
/// renamed over the file: a reader sees the old file or the new one, never part of one.
package struct MetricsTextfile: Sendable, Equatable {
    package static let fileName = "wayfinder.prom"
    /// node_exporter runs as its own user (Debian's `prometheus`), which must read the file; the
    /// appliance's unit sets `UMask=0077`, so the mode is set on the file rather than left to it.
    package static let permissions: mode_t = 0o644

    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    package var path: String { directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName }

    /// Replaces the file with `text`. Not synced to the card (`AtomicFile.write`'s `durable: false`):
    /// the file is rewritten from memory every interval, so after a power cut the next write repairs
    /// whatever the card kept, and a sync per write would cost the card's wear and the battery for
    /// nothing a reader of the metrics needs.
    package func write(_ text: [UInt8]) throws(MetricsWriteProblem) {
        do {
            _ = try AtomicFile.write(text, to: path, permissions: Self.permissions, durable: false)
        } catch {
            throw MetricsWriteProblem(directory: directory, path: error.path, step: error.step, errno: error.errno)
        }
    }

    /// Removes the file (the appliance stops): metrics that no process keeps up to date are not left
    /// for node_exporter to serve as if they were current. True when there is none left.
    @discardableResult
    package func remove() -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Removes the temporary files of a writer that ended between its create and its rename (a
    /// crash, a power cut), which node_exporter ignores but which would stay in its directory. The
    /// names removed.
    package func removeLeftovers(names: [String]) -> [String] {
        names.filter { name in
            guard let (file, writer) = AtomicFile.temporary(name), file == Self.fileName, writer != getpid() else { return false }
            return unlink(directory + "/" + name) == 0
        }
    }
}
