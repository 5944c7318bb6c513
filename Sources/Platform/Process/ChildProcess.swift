import CSpawnShim
import Glibc

/// Runs a program as a child process and collects how it ended and what it wrote: for the tools the
/// appliance runs rather than links (Routino's router and importer, osmium), where a crash or a bad
/// input ends the child, never this process.
///
/// Synchronous: `run` blocks its thread until the child has ended and been waited for, so callers run
/// it on a thread of their own or from the command line. It keeps no state and may be called from
/// several threads at once.
///
/// The child gets the standard streams and nothing else of this process: descriptors from 3 up are
/// closed in it, signal dispositions are reset to their defaults and its signal mask is empty (the
/// appliance ignores SIGHUP; a child must not inherit that). It stays in this process's group, so a
/// Ctrl-C on the command line reaches it too.
package enum ChildProcess {
    /// 16 MiB per stream: far above what the tools print for a route or an import, small enough that
    /// a runaway program cannot exhaust a Pi's memory through us.
    package static let defaultOutputLimit = 16 << 20

    /// Runs `executable` with `arguments` and returns once it has ended.
    ///
    /// - `executable`: a name with a slash is used as is; any other name is looked for on this
    ///   process's PATH (as execvp(3) does).
    /// - `environment`: the child's whole environment; nil passes this process's own.
    /// - `workingDirectory`: where the child runs; nil, this process's current directory.
    /// - `input`: written to the child's standard input, which is then closed; nil gives it /dev/null.
    /// - `outputLimit`: the most bytes kept of each of standard output and error; the rest is read and
    ///   dropped (so the child never blocks on a full pipe), and the result says so.
    /// - `timeout`: how long the child may run, from its start until both its output streams are closed
    ///   and it has exited; then it is killed with SIGKILL and `.timedOut` thrown.
    /// - `packageHint`: the Debian package that installs the program, named in the error when the
    ///   program is missing.
    ///
    /// Throws when the program cannot be started or does not finish in time. A program that ran and
    /// failed is a result, with its status and output.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                            workingDirectory: String? = nil, input: [UInt8]? = nil,
                            outputLimit: Int = defaultOutputLimit, timeout: Duration,
                            packageHint: String? = nil) throws(ChildProcessError) -> ChildProcessResult {
        let path = getenv("PATH").map { String(cString: $0) }
        let file = try ExecutableSearch.resolve(executable, path: path, packageHint: packageHint)
        if let workingDirectory { try checkDirectory(workingDirectory) }

        let start = ContinuousClock.now
        var streams = try ChildStreams(program: executable, withInput: input != nil, limit: outputLimit)
        defer { streams.closeAll() }
        let pid = try spawn(file, argv0: executable, arguments, environment: environment,
                            workingDirectory: workingDirectory, streams: streams, packageHint: packageHint)
        streams.closeChildEnds()

        let finished: Bool
        do {
            finished = try streams.exchange(input ?? [], start: start, timeout: timeout)
        } catch {
            _ = kill(pid, SIGKILL)
            _ = waitBlocking(pid)
            throw error
        }
        streams.closeAll()
        let status: Int32?
        if finished {
            status = try waitForExit(pid, program: executable, start: start, timeout: timeout)
        } else {
            status = nil
        }
        guard let status else {
            _ = kill(pid, SIGKILL)
            _ = waitBlocking(pid)
            throw .timedOut(program: executable, limit: max(timeout, .zero), stdout: streams.stdout, stderr: streams.stderr)
        }
        return ChildProcessResult(status: termination(status), stdout: streams.stdout, stderr: streams.stderr,
                                  stdoutTruncated: streams.stdoutTruncated, stderrTruncated: streams.stderrTruncated,
                                  processID: pid)
    }

    static func checkDirectory(_ path: String) throws(ChildProcessError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .workingDirectoryUnusable(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .workingDirectoryUnusable(path: path, errno: ENOTDIR) }
        guard access(path, X_OK) == 0 else { throw .workingDirectoryUnusable(path: path, errno: errno) }
    }

    /// posix_spawn(3) with the child's streams, directory and signal state; the child's pid.
    static func spawn(_ file: String, argv0: String, _ arguments: [String], environment: [String: String]?,
                      workingDirectory: String?, streams: ChildStreams,
                      packageHint: String?) throws(ChildProcessError) -> pid_t {
        func failed(_ call: String, _ code: Int32) -> ChildProcessError {
            .systemCall(program: argv0, call: call, errno: code)
        }
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw failed("posix_spawn_file_actions_init", ENOMEM) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let input = streams.childInput >= 0
            ? posix_spawn_file_actions_adddup2(&actions, streams.childInput, 0)
            : posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        guard input == 0 else { throw failed("posix_spawn_file_actions (stdin)", input) }
        var result = posix_spawn_file_actions_adddup2(&actions, streams.childOutput, 1)
        guard result == 0 else { throw failed("posix_spawn_file_actions_adddup2 (stdout)", result) }
        result = posix_spawn_file_actions_adddup2(&actions, streams.childError, 2)
        guard result == 0 else { throw failed("posix_spawn_file_actions_adddup2 (stderr)", result) }
        if let workingDirectory {
            result = wf_spawn_addchdir(&actions, workingDirectory)
            guard result == 0 else { throw failed("posix_spawn_file_actions_addchdir_np", result) }
        }
        result = wf_spawn_addclosefrom(&actions, 3)
        guard result == 0 else { throw failed("posix_spawn_file_actions_addclosefrom_np", result) }

        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { throw failed("posix_spawnattr_init", ENOMEM) }
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t(), noSignal = sigset_t()
        sigfillset(&everySignal)
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        result = posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        guard result == 0 else { throw failed("posix_spawnattr_setflags", result) }

        let argv = try cStrings([argv0] + arguments, program: argv0)
        defer { argv.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?]?
        if let environment { envp = try cStrings(environment.map { "\($0.key)=\($0.value)" }, program: argv0) }
        defer { envp?.forEach { free($0) } }

        var pid: pid_t = 0
        // The base addresses are never nil: each array ends with its NULL entry.
        let spawned = argv.withUnsafeBufferPointer { argvBuffer in
            guard let argvBase = argvBuffer.baseAddress else { return EINVAL }
            guard let envp else { return posix_spawn(&pid, file, &actions, &attributes, argvBase, environ) }
            return envp.withUnsafeBufferPointer { envpBuffer in
                guard let envpBase = envpBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&pid, file, &actions, &attributes, argvBase, envpBase)
            }
        }
        switch spawned {
        case 0: return pid
        case ENOENT: throw .notFound(program: file, searched: [], packageHint: packageHint)
        case EACCES, ENOEXEC, EPERM: throw .notExecutable(path: file, errno: spawned, packageHint: packageHint)
        default: throw failed("posix_spawn", spawned)
        }
    }

    /// `strings` as a NULL-terminated array of C strings, to be freed by the caller.
    static func cStrings(_ strings: [String], program: String) throws(ChildProcessError) -> [UnsafeMutablePointer<CChar>?] {
        var result: [UnsafeMutablePointer<CChar>?] = []
        for string in strings {
            guard let copy = strdup(string) else {
                result.forEach { free($0) }
                throw .systemCall(program: program, call: "strdup", errno: ENOMEM)
            }
            result.append(copy)
        }
        result.append(nil)
        return result
    }

    /// Waits for the child, which has closed its output, to exit; nil when `timeout` runs out first.
    /// A child closes its streams as it exits, so the first checks nearly always find it gone; the
    /// pause between checks grows from 1 ms to 20 ms for one that closed them and kept running.
    static func waitForExit(_ pid: pid_t, program: String, start: ContinuousClock.Instant,
                            timeout: Duration) throws(ChildProcessError) -> Int32? {
        var pause: UInt32 = 1000
        while true {
            var status: Int32 = 0
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { return status }
            if waited < 0 {
                if errno == EINTR { continue }
                throw .systemCall(program: program, call: "waitpid", errno: errno)
            }
            guard let remaining = timeout.span(since: start.duration(to: .now)), remaining > .zero else { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// waitpid(2) without a time limit, for a child just sent SIGKILL.
    static func waitBlocking(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    static func termination(_ status: Int32) -> ChildProcessResult.Termination {
        let code = wf_wait_exit_code(status)
        if code >= 0 { return .exited(code) }
        return .signalled(max(0, wf_wait_term_signal(status)))
    }
}
