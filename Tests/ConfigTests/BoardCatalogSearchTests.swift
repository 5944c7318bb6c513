@testable import Config
import XCTest

/// Where an installed binary looks for board files: the Debian package's folder, then the
/// `share/wayfinder/boards` of the prefix `make install` put the binary under.
final class BoardCatalogSearchTests: XCTestCase {
    func testAPrefixInstallFindsTheBoardsUnderItsShareFolder() {
        let catalog = BoardCatalog.standard(environment: [:], executablePath: "/usr/local/bin/wayfinder")
        XCTAssertEqual(Array(catalog.directories.prefix(3)),
                       ["/etc/wayfinder/boards", "/usr/share/wayfinder/boards", "/usr/local/share/wayfinder/boards"])
    }

    func testThePackagedBinaryListsTheSharedFolderOnce() {
        let catalog = BoardCatalog.standard(environment: [:], executablePath: "/usr/bin/wayfinder")
        XCTAssertEqual(catalog.directories.filter { $0 == "/usr/share/wayfinder/boards" }.count, 1)
    }

    func testTheEnvironmentComesFirstAndACheckoutStillFindsItsBoardsFolder() {
        let catalog = BoardCatalog.standard(environment: ["WAYFINDER_BOARDS": "/tmp/b"],
                                            executablePath: "/src/wayfinder/.build/debug/wayfinder")
        XCTAssertEqual(catalog.directories.first, "/tmp/b")
        XCTAssertTrue(catalog.directories.contains("/src/wayfinder/boards"))
        XCTAssertFalse(catalog.directories.contains { $0.hasSuffix("/share/wayfinder/boards") && $0.hasPrefix("/src") },
                       "a binary outside a bin folder has no prefix to search")
    }
}
