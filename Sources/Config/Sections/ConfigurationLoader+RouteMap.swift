import TOMLKit

extension ConfigurationLoader {
    /// Only `[route] map` of a configuration file, absolute (relative to the file's directory), for
    /// commands that draw the map and need nothing else of the appliance (`wayfinder report`): nil
    /// when the file names no map.
    package static func mapDirectory(text: String, path: String) throws(ConfigError) -> String? {
        let table: TOMLTable
        switch TOMLText.table(text, file: path) {
        case .success(let parsed): table = parsed
        case .failure(let error): throw error
        }
        let issues = IssueCollector(file: path, text: text)
        let root = TableReader(table: table, path: "", issues: issues)
        let map = root.subtable("route")?.string("map")
        guard issues.issues.isEmpty else { throw ConfigError(issues: issues.issues) }
        guard let map else { return nil }
        return map.hasPrefix("/") ? map : "\(BoardCatalog.parent(path))/\(map)"
    }
}
