import Foundation
import Glibc
import Platform
@testable import Runtime
import WayfinderTestKit
import XCTest

/// At start the state directory is made if missing, refused if it lets others in, and cleared of
/// what interrupted writes of ours left; nothing that is not Wayfinder's is changed or removed.
final class StateDirectoryTests: XCTestCase {
    var state = ""

    override func setUpWithError() throws {
        state = NSTemporaryDirectory() + "wayfinder-state-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        chmod(state, 0o700)
        try? FileManager.default.removeItem(atPath: state)
    }

    static func mode(_ path: String) -> mode_t { DirectorySnapshot.mode(path) }

    static func snapshot(_ root: String) -> [String: String] { DirectorySnapshot.take(root) }

    func makeFile(_ path: String, _ text: String, mode: mode_t) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), "the fixture file \(path) was created")
        XCTAssertEqual(chmod(path, mode), 0, "the fixture's mode was set")
    }

    func makeDirectory(_ path: String, mode: mode_t) {
        XCTAssertEqual(mkdir(path, 0o700), 0, "the fixture directory \(path) was created")
        XCTAssertEqual(chmod(path, mode), 0, "the fixture's mode was set")
    }

    func testAMissingStateDirectoryIsCreated0700() throws {
        let notes = try StateDirectory.prepare(state)
        XCTAssertEqual(Self.mode(state), 0o700)
        XCTAssertEqual(notes.map(\.level), [.info])
        XCTAssertEqual(try StateDirectory.prepare(state), [], "the next start has nothing to say")
    }

    /// `/tmp` given as the state directory: refused, and the sticky bit and everyone's access stay.
    func testAStickyFolderEveryoneMayWriteIsRefusedAndLeftAsItWas() throws {
        makeDirectory(state, mode: 0o1777)
        makeFile(state + "/someone.log", "theirs", mode: 0o644)
        makeFile(state + "/something.tmp-4242", "another program's", mode: 0o666)
        makeFile(state + "/progress.json.tmp-4242", "{", mode: 0o600)
        let before = Self.snapshot(state)
        XCTAssertThrowsError(try StateDirectory.prepare(state, isAlive: { _ in false })) { error in
            XCTAssertEqual(error as? StateDirectoryNotPrivate, StateDirectoryNotPrivate(path: state, mode: 0o1777))
            let text = "\(error)"
            XCTAssertTrue(text.contains("\(state) has mode 1777"), text)
            XCTAssertTrue(text.contains("Name a directory that does not exist yet"), text)
            XCTAssertTrue(text.contains("chmod 700 \(state)"), text)
            XCTAssertTrue(text.contains("StateDirectory="), text)
        }
        XCTAssertEqual(Self.snapshot(state), before, "every mode and every file is as it was")
        XCTAssertEqual(Self.mode(state), 0o1777)
    }

    /// A home or project folder: its files and folders, of any mode, stay as they were, and so do
    /// files named like a temporary of a process that has ended.
    func testAFolderHoldingOtherPeoplesFilesIsRefusedAndNothingInItChanges() throws {
        makeDirectory(state, mode: 0o755)
        makeFile(state + "/notes.txt", "a user's notes", mode: 0o644)
        makeFile(state + "/build.sh", "#!/bin/sh", mode: 0o755)
        makeFile(state + "/shared.csv", "1,2", mode: 0o664)
        makeFile(state + "/something.tmp-4242", "another program's", mode: 0o644)
        makeDirectory(state + "/project", mode: 0o775)
        makeFile(state + "/project/main.c", "int main;", mode: 0o640)
        makeDirectory(state + "/project/src", mode: 0o2755)
        makeFile(state + "/project/src/a.c", "int a;", mode: 0o644)
        makeDirectory(state + "/tracks", mode: 0o755)
        makeFile(state + "/tracks/current.json.tmp-4242", "{", mode: 0o644)
        let before = Self.snapshot(state)
        XCTAssertEqual(before.count, 11, "the fixture holds what it should")
        XCTAssertThrowsError(try StateDirectory.prepare(state, isAlive: { _ in false })) { error in
            XCTAssertEqual(error as? StateDirectoryNotPrivate, StateDirectoryNotPrivate(path: state, mode: 0o755))
        }
        XCTAssertEqual(Self.snapshot(state), before, "every mode and every file is as it was")
    }

    /// A symbolic link to a sticky folder: the files would land in the folder, so it is refused like
    /// the folder, naming the folder to chmod, and nothing in it changes.
    func testASymbolicLinkToAnOpenFolderIsRefusedNamingTheFolder() throws {
        makeDirectory(state, mode: 0o700)
        let folder = state + "/shared", link = state + "/link"
        makeDirectory(folder, mode: 0o1777)
        makeFile(folder + "/progress.json.tmp-4242", "{", mode: 0o600)
        XCTAssertEqual(symlink(folder, link), 0)
        let target = try XCTUnwrap(PrivateDirectory.linkTarget(of: link))
        XCTAssertTrue(target.hasSuffix("/shared"), target)
        let before = Self.snapshot(folder)
        XCTAssertThrowsError(try StateDirectory.prepare(link, isAlive: { _ in false })) { error in
            XCTAssertEqual(error as? StateDirectoryNotPrivate, StateDirectoryNotPrivate(path: link, mode: 0o1777, target: target))
            let text = "\(error)"
            XCTAssertTrue(text.contains("the state directory \(link) (a symbolic link to \(target)) has mode 1777"), text)
            XCTAssertTrue(text.contains("run `chmod 700 \(target)`"), text)
        }
        XCTAssertEqual(Self.snapshot(folder), before, "every mode and every file is as it was")
    }

    /// A symbolic link to a private directory is a private state directory: used, with nothing to say.
    func testASymbolicLinkToAPrivateDirectoryIsUsed() throws {
        makeDirectory(state, mode: 0o700)
        let folder = state + "/real", link = state + "/link"
        makeDirectory(folder, mode: 0o700)
        makeFile(folder + "/progress.json.tmp-4242", "{", mode: 0o600)
        XCTAssertEqual(symlink(folder, link), 0)
        let notes = try StateDirectory.prepare(link, isAlive: { _ in false })
        XCTAssertEqual(notes.map(\.level), [.info], "\(notes)")
        XCTAssertTrue(notes.first?.message.hasPrefix("removed \(link)/progress.json.tmp-4242") ?? false, "\(notes)")
    }

    /// Only a directory that truly cannot be used is an error, and the note says what that costs.
    func testASymbolicLinkToNothingIsAnErrorNoteNamingTheLink() throws {
        makeDirectory(state, mode: 0o700)
        let link = state + "/link"
        XCTAssertEqual(symlink(state + "/gone", link), 0)
        let notes = try StateDirectory.prepare(link)
        XCTAssertEqual(notes, [StateNote(.error, "cannot follow the symbolic link \(link): No such file or directory; "
                                             + "nothing can be saved there, so route progress and the track will not "
                                             + "survive a restart")])
    }

    /// A private directory may hold other files too: only our own temporaries go, and no mode changes.
    func testInAPrivateDirectoryOnlyOurOwnLeftoversAreRemovedAndNoModeChanges() throws {
        makeDirectory(state, mode: 0o700)
        makeFile(state + "/progress.json", "{}", mode: 0o644)
        makeFile(state + "/notes.txt", "mine", mode: 0o644)
        makeFile(state + "/something.tmp-4242", "another program's", mode: 0o600)
        makeFile(state + "/progress.json.tmp-4242", "{", mode: 0o600)
        makeFile(state + "/bonds.json.tmp-4243", "{", mode: 0o600)
        makeFile(state + "/pencil.json.tmp-4244", "{", mode: 0o600)
        makeFile(state + "/compass-calibration.json.tmp-4245", "{", mode: 0o600)
        makeDirectory(state + "/bonds.json.tmp-4246", mode: 0o700)
        let notes = try StateDirectory.prepare(state, isAlive: { _ in false })
        let left = Set((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? [])
        XCTAssertEqual(left, ["progress.json", "notes.txt", "something.tmp-4242", "bonds.json.tmp-4246"],
                       "our files' temporaries are removed; another program's file and a directory are not")
        XCTAssertEqual(notes.filter { $0.level == .info }.count, 4, "\(notes)")
        XCTAssertEqual(Self.mode(state + "/progress.json"), 0o644, "an existing file's mode is not ours to change")
        XCTAssertEqual(Self.mode(state + "/notes.txt"), 0o644)
        XCTAssertEqual(Self.mode(state), 0o700)
    }

    func testATemporaryFileOfARunningWriterIsKept() throws {
        makeDirectory(state, mode: 0o700)
        makeFile(state + "/bonds.json.tmp-4242", "{", mode: 0o600)
        let notes = try StateDirectory.prepare(state, isAlive: { $0 == 4242 })
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/bonds.json.tmp-4242"), "wayfinder pair is writing it")
        XCTAssertEqual(notes, [])
    }

    /// In `tracks/` the pointer's, a track's and a report's temporaries are ours; nothing else is.
    func testInTracksOnlyThePointerTracksAndReportsAreOurs() {
        XCTAssertTrue(TrackArchive.isOwnFile("current.json"))
        XCTAssertTrue(TrackArchive.isOwnFile("2026-11-27T2032Z-demo.gpx"))
        XCTAssertTrue(TrackArchive.isOwnFile("2026-11-27T2032Z-demo.html"))
        XCTAssertFalse(TrackArchive.isOwnFile("something"))
        XCTAssertFalse(TrackArchive.isOwnFile("notes.txt"))
        XCTAssertFalse(TrackArchive.isOwnFile(".hidden.gpx"))
    }
}
