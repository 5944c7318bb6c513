import Foundation
import Platform
import XCTest

/// `PathText` gives what `NSString`'s path methods gave for the paths the appliance and its commands
/// pass (absolute state, route and socket paths, relative names), checked against Foundation itself.
final class PathTextTests: XCTestCase {
    static let paths = ["/a/b/c", "/a/b/", "/a", "/", "x.gpx", "a/b", "a/b/", "", "//a//b//", "/a/./b/../c",
                        "/run/wayfinder/control.sock", "/var/lib/wayfinder/bonds.json", "routes/walk.gpx",
                        "./x", "../x", "/a/b/../../.."]

    func testTheDirectoryIsNSStringsDeletingLastPathComponent() {
        for path in Self.paths {
            XCTAssertEqual(PathText.directory(of: path), (path as NSString).deletingLastPathComponent, "\(path)")
        }
        XCTAssertEqual(PathText.directory(of: "/a/b/c"), "/a/b")
        XCTAssertEqual(PathText.directory(of: "/a/b/"), "/a")
        XCTAssertEqual(PathText.directory(of: "/a"), "/")
        XCTAssertEqual(PathText.directory(of: "/"), "/")
        XCTAssertEqual(PathText.directory(of: "a"), "")
        XCTAssertEqual(PathText.directory(of: "//a//b//"), "/a")
    }

    /// Where `NSString` went wrong: a one-letter relative name (a route file `r`) trapped in
    /// swift-corelibs-foundation's `_startOfLastPathComponent`, and `///` gave "" rather than the root.
    func testANameOfOneLetterAndARunOfSlashesHaveADirectory() {
        XCTAssertEqual(PathText.directory(of: "r"), "")
        XCTAssertEqual(PathText.directory(of: "///"), "/")
    }

    /// Absolute paths under a directory that does not exist, so Foundation's symbolic-link resolution
    /// (which `PathText` does not do) finds nothing to resolve.
    func testAnAbsolutePathIsStandardizedAsNSStringDid() {
        let absolute = ["/wf-none/a/./b/../c/", "/wf-none//x//y", "/wf-none/a/../../..", "/wf-none/.", "/wf-none/..",
                        "/wf-none/a/b/../../c", "/wf-none/walk.gpx", "/wf-none/x/../y/./z/.."]
        for path in absolute {
            XCTAssertEqual(PathText.standardized(path), (path as NSString).standardizingPath, "\(path)")
        }
        XCTAssertEqual(PathText.standardized("/wf-none/a/./b/../c/"), "/wf-none/a/c")
        XCTAssertEqual(PathText.standardized("/.."), "/")
        XCTAssertEqual(PathText.standardized("/"), "/")
        XCTAssertEqual(PathText.standardized("//a//"), "/a")
    }

    func testARelativePathKeepsTheDetoursItCannotTakeBack() {
        XCTAssertEqual(PathText.standardized("a/./b/../c"), "a/c")
        XCTAssertEqual(PathText.standardized("../a"), "../a")
        XCTAssertEqual(PathText.standardized("a/../../b"), "../b")
        XCTAssertEqual(PathText.standardized("./"), ".")
        XCTAssertEqual(PathText.standardized(""), "")
    }
}
