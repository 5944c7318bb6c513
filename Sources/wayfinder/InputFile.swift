import ArgumentParser
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A file a command reads (a route, a scenarios file): its bytes, or the command stops with
/// `PATH: what is wrong` on standard error and exit status 1, in the one format every command uses.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        do {
            guard let bytes = try AtomicFile.read(path) else { throw Problem(path: path, what: "no such file") }
            return bytes
        } catch let failure as AtomicFile.Failure {
            throw Problem(path: path, what: failure.errno == EISDIR ? "is a directory, not a file" : String(cString: strerror(failure.errno)).lowercased())
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var path: String
        var what: String
        var description: String { "\(path): \(what)" }
    }

    /// Runs `body`, reporting a `Problem` as the commands report errors.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as Problem {
            printError("wayfinder: \(problem)")
            throw ExitCode.failure
        }
    }
}
