import Config
import XCTest

/// A configuration file around a test's tables: the board and the shipped demo route, loaded by a
/// given loader, with its problems or its result.
package struct ConfigurationFixture: Sendable {
    package let loader: ConfigurationLoader
    package let path: String

    package init(loader: ConfigurationLoader, path: String = "/etc/wayfinder/wayfinder.toml") {
        self.loader = loader
        self.path = path
    }

    /// `board`, a `[route]` with the demo route, then `body`.
    package func text(_ body: String, board: String = "pi-4b") -> String {
        """
        board = "\(board)"
        [route]
        gpx = "\(Repository.demoRoute)"
        \(body)
        """
    }

    package func load(_ body: String, board: String = "pi-4b") throws(ConfigError) -> WayfinderConfiguration {
        try loader.load(text: text(body, board: board), path: path)
    }

    /// The problems the loader reports; a test failure when it accepts the file.
    package func issues(_ body: String, board: String = "pi-4b",
                       file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        issues(inText: text(body, board: board), file: file, line: line)
    }

    /// The problems the loader reports in a whole file's text; a test failure when it accepts it.
    package func issues(inText text: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        do {
            _ = try loader.load(text: text, path: path)
            XCTFail("expected the configuration to be rejected", file: file, line: line)
            return []
        } catch {
            return error.issues
        }
    }
}
