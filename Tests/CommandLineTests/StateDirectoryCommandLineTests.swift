import Foundation
import Glibc
import WayfinderTestKit
import XCTest

/// A state directory that others can get into, as a user names it: `run` refuses to start and
/// `config check` refuses the file, both saying what to do, and nothing in the directory changes.
final class StateDirectoryCommandLineTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "wayfinder-state-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    static func mode(_ path: String) -> mode_t { DirectorySnapshot.mode(path) }

    static func snapshot(_ root: String) -> [String: String] { DirectorySnapshot.take(root) }

    /// A sticky folder everyone may write to, like /tmp, holding someone's file and a file named like
    /// a temporary of a process that has ended.
    func stickyFolder() -> String {
        let folder = root + "/shared"
        XCTAssertEqual(mkdir(folder, 0o700), 0)
        XCTAssertEqual(chmod(folder, 0o1777), 0)
        for (name, mode) in [("notes.txt", mode_t(0o644)), ("something.tmp-999999", 0o666), ("progress.json.tmp-999999", 0o600)] {
            XCTAssertTrue(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(name.utf8)), "the fixture file was created")
            XCTAssertEqual(chmod("\(folder)/\(name)", mode), 0)
        }
        XCTAssertEqual(mkdir(folder + "/project", 0o755), 0)
        XCTAssertEqual(chmod(folder + "/project", 0o775), 0)
        return folder
    }

    /// The demo's configuration with its state directory at `state`.
    func configuration(state: String) throws -> String {
        let path = root + "/wayfinder.toml"
        try String(contentsOfFile: Repository.demoConfig, encoding: .utf8)
            .replacingOccurrences(of: "routes/demo-walk.gpx", with: Repository.demoRoute)
            .replacingOccurrences(of: "\"../.build/demo-state\"", with: "\"\(state)\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testRunRefusesAStickyFolderAsStateDirectoryAndChangesNothingInIt() throws {
        let folder = stickyFolder()
        let before = Self.snapshot(folder)
        let result = try WayfinderBinary.run(["run", "--config", Repository.demoConfig, "--fresh", "--exit-when-done",
                                              "--control-socket", "none", "--state-directory", folder])
        XCTAssertEqual(result.status, 78, result.errors)
        XCTAssertTrue(result.errors.contains("cannot start: the state directory \(folder) has mode 1777"), result.errors)
        XCTAssertTrue(result.errors.contains("Name a directory that does not exist yet"), result.errors)
        XCTAssertTrue(result.errors.contains("chmod 700 \(folder)"), result.errors)
        XCTAssertFalse(result.errors.contains("navigation started"), "refused before the walk: \(result.errors)")
        XCTAssertEqual(Self.snapshot(folder), before, "every mode and every file is as it was")
    }

    func testConfigCheckRefusesAStateDirectoryOthersCanReadAtItsLine() throws {
        let folder = stickyFolder()
        let before = Self.snapshot(folder)
        let config = try configuration(state: folder)
        let result = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(result.status, 78, result.output)
        XCTAssertTrue(result.errors.contains("\(config):5:1: state_directory: the state directory \(folder) has mode 1777"),
                      result.errors)
        XCTAssertTrue(result.errors.contains("StateDirectoryMode=0700"), result.errors)
        XCTAssertEqual(Self.snapshot(folder), before, "config check changes nothing")

        let json = try WayfinderBinary.run(["config", "check", config, "--json"])
        XCTAssertEqual(json.status, 78)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let issues = try XCTUnwrap(object["issues"] as? [[String: Any]])
        XCTAssertEqual(issues.map { $0["key"] as? String }, ["state_directory"])
    }

    /// A directory that does not exist yet is what to give: `config check` accepts it and creates
    /// nothing; `run` creates it 0700 before the walk starts, even under a umask that takes nothing
    /// away, and what it writes there is the owner's alone.
    func testAStateDirectoryThatDoesNotExistYetIsAcceptedAndRunCreatesIt0700() throws {
        let state = root + "/new-state"
        let config = try configuration(state: state)
        let check = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(check.status, 0, check.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state), "config check creates nothing")

        // The child inherits the umask: 0 leaves mkdir's mode alone, so 0700 is Wayfinder's own.
        let previous = umask(0)
        let started = try WayfinderBinary.start(["run", config, "--fresh", "--control-socket", "none"])
        umask(previous)
        let (process, output, errors) = (started.process, started.output, started.errors)
        defer { if process.isRunning { process.terminate() } }
        let walking = WayfinderBinary.wait(for: "navigation started", from: process, output: output, errors: errors)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let log = errors.finish()
        XCTAssertTrue(walking, "the walk never started:\n\(log.suffix(2000))")
        XCTAssertEqual(process.terminationStatus, 0, log.suffix(2000).description)
        XCTAssertTrue(log.contains("created the state directory \(state) (mode 0700)"), log.suffix(2000).description)
        XCTAssertEqual(Self.mode(state), 0o700)
        let written = Self.snapshot(state).filter { $0.key != state }
        XCTAssertTrue(written.keys.contains(state + "/progress.json"), "progress saved at the stop: \(written.keys.sorted())")
        for (path, entry) in written {
            let mode = entry.prefix { $0 != " " }
            XCTAssertTrue(mode == "700" || mode == "600", "\(path) has mode \(mode)")
        }
    }

    /// A private directory, made so as the refusal says, is accepted.
    func testAFolderMadePrivateAsTheRefusalSaysIsAccepted() throws {
        let folder = stickyFolder()
        XCTAssertEqual(chmod(folder, 0o700), 0, "made private as the refusal says")
        let check = try WayfinderBinary.run(["config", "check", try configuration(state: folder)])
        XCTAssertEqual(check.status, 0, check.errors)
    }

    /// A symbolic link is judged by the folder it leads to, where the files would land: one to a
    /// sticky folder is refused by `config check` and `run`, naming the folder to chmod, and nothing
    /// in the folder changes; one to a private folder is accepted.
    func testASymbolicLinkToAnOpenFolderIsRefusedAndOneToAPrivateFolderAccepted() throws {
        let folder = stickyFolder()
        let target = try XCTUnwrap(realpath(folder, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        })
        let link = root + "/state-link"
        XCTAssertEqual(symlink(folder, link), 0)
        let before = Self.snapshot(folder)
        let config = try configuration(state: link)

        let check = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(check.status, 78, check.output)
        XCTAssertTrue(check.errors.contains("state_directory: the state directory \(link) (a symbolic link to \(target)) has mode 1777"),
                      check.errors)
        XCTAssertTrue(check.errors.contains("run `chmod 700 \(target)`"), check.errors)

        let run = try WayfinderBinary.run(["run", config, "--fresh", "--exit-when-done", "--control-socket", "none"])
        XCTAssertEqual(run.status, 78, run.errors)
        XCTAssertTrue(run.errors.contains("cannot start: the state directory \(link) (a symbolic link to \(target)) has mode 1777"),
                      run.errors)
        XCTAssertEqual(Self.snapshot(folder), before, "every mode and every file is as it was")

        XCTAssertEqual(chmod(folder, 0o700), 0)
        let accepted = try WayfinderBinary.run(["config", "check", config])
        XCTAssertEqual(accepted.status, 0, accepted.errors)
    }
}
