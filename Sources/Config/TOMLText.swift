import TOMLKit

/// TOML text to a table, or the one issue that says where it is wrong. Every document goes through
/// `TOMLHeaderGuard` first, so no input reaches the bundled parser's assertion.
enum TOMLText {
    static func table(_ text: String, file: String) -> Result<TOMLTable, ConfigError> {
        if let problem = TOMLHeaderGuard.firstUnsafeHeader(in: text) {
            return .failure(issue(file: file, line: problem.line, column: problem.column, keyPath: "",
                                        message: "TOML syntax error: \(problem.message)"))
        }
        do {
            return .success(try TOMLTable(string: text))
        } catch let error as TOMLParseError {
            return .failure(issue(file: file, line: error.source.begin.line, column: error.source.begin.column,
                                        keyPath: "", message: "TOML syntax error: \(error.description)"))
        } catch {
            return .failure(issue(file: file, keyPath: "", message: "cannot parse: \(error)"))
        }
    }

    private static func issue(file: String, line: Int? = nil, column: Int? = nil, keyPath: String, message: String) -> ConfigError {
        ConfigError(issues: [ConfigIssue(file: file, line: line, column: column, keyPath: keyPath, message: message)])
    }
}
