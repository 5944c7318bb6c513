import Glibc
import Platform
import XCTest

/// `ChildProcess` against real programs of coreutils and the shell.
final class ChildProcessTests: XCTestCase {
    /// Generous: these programs finish in milliseconds; the limit only turns a deadlock into a failure.
    let ample: Duration = .seconds(60)

    func temporaryDirectory() -> String {
        var template = Array("/tmp/wayfinder-child-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) } ?? "/tmp"
        }
        addTeardownBlock { _ = try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The descriptor numbers this process has open.
    static func openDescriptors() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
    }

    func testTheExitCodeIsReported() throws {
        XCTAssertEqual(try ChildProcess.run("true", [], timeout: ample).status, .exited(0))
        let failed = try ChildProcess.run("/bin/sh", ["-c", "exit 3"], timeout: ample)
        XCTAssertEqual(failed.status, .exited(3))
        XCTAssertFalse(failed.succeeded)
    }

    func testStandardOutputAndErrorAreCapturedApartByteForByte() throws {
        // A NUL and a byte that is no UTF-8 come back unchanged; nothing of one stream leaks into the other.
        let result = try ChildProcess.run("/bin/sh", ["-c", #"printf 'out\000\377'; printf 'err\n' >&2"#], timeout: ample)
        XCTAssertEqual(result.stdout, [0x6F, 0x75, 0x74, 0x00, 0xFF])
        XCTAssertEqual(result.stderr, Array("err\n".utf8))
        XCTAssertFalse(result.stdoutTruncated)
        XCTAssertFalse(result.stderrTruncated)
    }

    func testArgumentsArePassedAsTheyAre() throws {
        let result = try ChildProcess.run("printf", ["%s|", "two words", "", "Nørregade", "$HOME"], timeout: ample)
        XCTAssertEqual(result.stdoutText, "two words||Nørregade|$HOME|")
    }

    func testOverAMebibyteOnStandardErrorBeforeAnyOutputDoesNotDeadlock() throws {
        // A runner that read standard output to its end first would wait forever: the child blocks
        // writing standard error once its 64 KiB pipe is full, and never gets to standard output.
        let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 1500000 /dev/zero >&2; head -c 1200000 /dev/zero | tr '\\0' o"],
                                          timeout: ample)
        XCTAssertEqual(result.status, .exited(0))
        XCTAssertEqual(result.stderr.count, 1_500_000)
        XCTAssertEqual(result.stdout.count, 1_200_000)
        XCTAssertTrue(result.stderr.allSatisfy { $0 == 0 })
        XCTAssertTrue(result.stdout.allSatisfy { $0 == UInt8(ascii: "o") })
    }

    func testOverAMebibyteOnBothStreamsAtOnce() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 2000000 /dev/zero | tr '\\0' e >&2 & head -c 2100000 /dev/zero; wait"],
                                          timeout: ample)
        XCTAssertEqual(result.status, .exited(0))
        XCTAssertEqual(result.stdout.count, 2_100_000)
        XCTAssertEqual(result.stderr.count, 2_000_000)
        XCTAssertTrue(result.stderr.allSatisfy { $0 == UInt8(ascii: "e") })
    }

    func testInputIsFedToStandardInputWhileOutputIsRead() throws {
        // cat writes back as it reads: a runner that wrote all 3 MB before reading would block once
        // cat's output pipe is full.
        let input = (0..<3_000_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let result = try ChildProcess.run("cat", [], input: input, timeout: ample)
        XCTAssertEqual(result.status, .exited(0))
        XCTAssertEqual(result.stdout.count, input.count)
        XCTAssertTrue(result.stdout == input, "cat's output differs from its input")
    }

    func testEmptyInputIsAnEndOfFileAndNoInputIsDevNull() throws {
        XCTAssertEqual(try ChildProcess.run("wc", ["-c"], input: [], timeout: ample).stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(try ChildProcess.run("/bin/sh", ["-c", "readlink /proc/self/fd/0"], timeout: ample).stdoutText, "/dev/null\n")
    }

    func testAChildThatExitsWithoutReadingItsInputDoesNotTakeThisProcessDown() throws {
        // Writing to a reader that is gone raises SIGPIPE unless the write says otherwise; its
        // default action would end the test process here.
        let result = try ChildProcess.run("/bin/sh", ["-c", "exit 4"], input: [UInt8](repeating: 7, count: 4_000_000), timeout: ample)
        XCTAssertEqual(result.status, .exited(4))
    }

    func testAMissingProgramNamesThePathAndTheDebianPackage() {
        XCTAssertThrowsError(try ChildProcess.run("/usr/bin/wayfinder-no-such-router", [], timeout: ample, packageHint: "routino")) { error in
            XCTAssertEqual(error as? ChildProcessError,
                           .notFound(program: "/usr/bin/wayfinder-no-such-router", searched: [], packageHint: "routino"))
            XCTAssertEqual("\(error)", "cannot run /usr/bin/wayfinder-no-such-router: there is no such file. "
                + "It comes with Debian's package routino: sudo apt install routino")
        }
    }

    func testAProgramMissingFromPathNamesTheDirectoriesSearched() throws {
        let path = String(cString: getenv("PATH"))
        XCTAssertThrowsError(try ChildProcess.run("wayfinder-no-such-program", [], timeout: ample)) { error in
            XCTAssertEqual(error as? ChildProcessError,
                           .notFound(program: "wayfinder-no-such-program", searched: ExecutableSearch.directories(in: path), packageHint: nil))
            XCTAssertTrue("\(error)".contains("not in any directory on PATH (\(path))"), "\(error)")
            XCTAssertTrue("\(error)".contains("Install the program, or give its full path."), "\(error)")
        }
    }

    func testANameIsLookedUpOnPathInOrderAndAFileThatCannotRunIsPassedOver() throws {
        let first = temporaryDirectory(), second = temporaryDirectory()
        // The first directory's file has no execute bit: skipped, as execvp(3) skips it.
        FileManager.default.createFile(atPath: "\(first)/tool", contents: Data("#!/bin/sh\necho first\n".utf8))
        FileManager.default.createFile(atPath: "\(second)/tool", contents: Data("#!/bin/sh\necho second\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        XCTAssertEqual(try ExecutableSearch.resolve("tool", path: "\(first):\(second)"), "\(second)/tool")
        XCTAssertThrowsError(try ExecutableSearch.resolve("tool", path: first)) { error in
            XCTAssertEqual(error as? ChildProcessError, .notExecutable(path: "\(first)/tool", errno: EACCES, packageHint: nil))
        }
        XCTAssertEqual(ExecutableSearch.directories(in: "/a::/b:"), ["/a", ".", "/b", "."])
    }

    func testAFileThatIsNotExecutableIsReportedAsSuch() throws {
        let file = "\(temporaryDirectory())/router"
        FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
        XCTAssertThrowsError(try ChildProcess.run(file, [], timeout: ample, packageHint: "routino")) { error in
            XCTAssertEqual(error as? ChildProcessError, .notExecutable(path: file, errno: EACCES, packageHint: "routino"))
            XCTAssertTrue("\(error)".hasPrefix("cannot run \(file): Permission denied."), "\(error)")
        }
    }

    func testAChildRunningPastItsTimeoutIsKilledAndReported() {
        // A real wait by nature: the child must outlive the limit. Only the error is asserted.
        XCTAssertThrowsError(try ChildProcess.run("sleep", ["30"], timeout: .milliseconds(300))) { error in
            XCTAssertEqual(error as? ChildProcessError, .timedOut(program: "sleep", limit: .milliseconds(300), stdout: [], stderr: []))
            XCTAssertEqual("\(error)", "sleep did not finish within 0.3 s and was killed (SIGKILL). "
                + "If its input is large, allow it more time; otherwise it may be stuck.")
        }
    }

    func testATimedOutChildKeepsWhatItWrote() {
        XCTAssertThrowsError(try ChildProcess.run("/bin/sh", ["-c", "echo started; echo working >&2; exec sleep 30"],
                                                  timeout: .milliseconds(300))) { error in
            guard case let .timedOut(_, _, stdout, stderr) = error as? ChildProcessError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(String(decoding: stdout, as: UTF8.self), "started\n")
            XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "working\n")
        }
    }

    func testASignalledChildIsReportedWithItsSignal() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"], timeout: ample)
        XCTAssertEqual(result.status, .signalled(SIGTERM))
        XCTAssertEqual(result.status.description, "was ended by signal \(SIGTERM) (SIGTERM)")
    }

    func testASignalThisProcessIgnoresIsNotIgnoredInTheChild() throws {
        // The appliance ignores SIGHUP; ignored signals survive exec, and a shell started with one
        // ignored cannot undo it, so without the reset `kill -HUP $$` would do nothing.
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -HUP $$; exit 9"], timeout: ample)
        XCTAssertEqual(result.status, .signalled(SIGHUP))
    }

    func testOutputBeyondTheLimitIsDroppedAndFlagged() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 300000 /dev/zero; printf abc >&2"], outputLimit: 100, timeout: ample)
        XCTAssertEqual(result.status, .exited(0), "the child ran to its end: the rest was read, not left in the pipe")
        XCTAssertEqual(result.stdout, [UInt8](repeating: 0, count: 100))
        XCTAssertTrue(result.stdoutTruncated)
        XCTAssertEqual(result.stderr, Array("abc".utf8))
        XCTAssertFalse(result.stderrTruncated)

        let exact = try ChildProcess.run("printf", ["12345"], outputLimit: 5, timeout: ample)
        XCTAssertEqual(exact.stdoutText, "12345")
        XCTAssertFalse(exact.stdoutTruncated, "exactly the limit is not truncated")
    }

    func testTheEnvironmentGivenIsTheChildsWholeEnvironment() throws {
        let given = try ChildProcess.run("/usr/bin/env", [], environment: ["GREETING": "hej", "LANG": "C"], timeout: ample)
        XCTAssertEqual(Set(given.stdoutText.split(separator: "\n")), ["GREETING=hej", "LANG=C"])

        setenv("WAYFINDER_CHILD_TEST", "inherited", 1)
        defer { unsetenv("WAYFINDER_CHILD_TEST") }
        let inherited = try ChildProcess.run("/bin/sh", ["-c", "printf %s \"$WAYFINDER_CHILD_TEST\""], timeout: ample)
        XCTAssertEqual(inherited.stdoutText, "inherited")
    }

    func testTheChildRunsInTheWorkingDirectoryGiven() throws {
        let directory = temporaryDirectory()
        let result = try ChildProcess.run("pwd", ["-P"], workingDirectory: directory, timeout: ample)
        let real = realpath(directory, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) }
        XCTAssertEqual(result.stdoutText, "\(real ?? directory)\n")
    }

    func testAMissingWorkingDirectoryIsReportedBeforeAnythingRuns() {
        XCTAssertThrowsError(try ChildProcess.run("pwd", [], workingDirectory: "/nonexistent-wayfinder-dir", timeout: ample)) { error in
            XCTAssertEqual(error as? ChildProcessError, .workingDirectoryUnusable(path: "/nonexistent-wayfinder-dir", errno: ENOENT))
            XCTAssertEqual("\(error)", "cannot run a program in /nonexistent-wayfinder-dir: No such file or directory. "
                + "Give a directory that exists and can be entered.")
        }
    }

    func testTheChildInheritsNoDescriptorButItsStandardStreams() throws {
        // A descriptor opened without O_CLOEXEC would survive exec; the child closes it all the same.
        let leaky = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThan(leaky, 2)
        defer { close(leaky) }
        let result = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"], timeout: ample)
        let inherited = Set(result.stdoutText.split(separator: "\n").map(String.init))
        XCTAssertFalse(inherited.contains(String(leaky)), "\(inherited)")
        XCTAssertTrue(inherited.isSuperset(of: ["0", "1", "2"]), "\(inherited)")
    }

    func testEveryDescriptorIsClosedAndEveryChildWaitedForOnEveryPath() throws {
        let before = Self.openDescriptors()
        let finished = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], input: [1, 2, 3], timeout: ample)
        _ = try? ChildProcess.run("sleep", ["30"], input: [1], timeout: .milliseconds(200))
        _ = try? ChildProcess.run("/nonexistent/program", [], input: [1], timeout: ample)
        _ = try? ChildProcess.run("true", [], workingDirectory: "/nonexistent", timeout: ample)
        XCTAssertEqual(Self.openDescriptors(), before)

        // Waited for: the kernel has no child of that id left for this process.
        var status: Int32 = 0
        XCTAssertEqual(waitpid(finished.processID, &status, WNOHANG), -1)
        XCTAssertEqual(errno, ECHILD)
    }

    func testTheTimeoutFormatsAsSeconds() {
        XCTAssertEqual(ChildProcessError.seconds(.seconds(120)), "120 s")
        XCTAssertEqual(ChildProcessError.seconds(.milliseconds(1500)), "1.5 s")
        XCTAssertEqual(ChildProcessError.seconds(.milliseconds(5)), "0.005 s")
    }
}
