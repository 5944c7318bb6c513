/// A table of the configuration file whose schema lives with the module that uses it, not here: the
/// simulated board's `[simulation]` script is read by the simulation. Registered with the loader
/// (`ConfigurationLoader(boards:tables:)`); its problems go into the same report as every other
/// table's, with their lines.
package protocol ConfigurationTable: Sendable {
    /// The table's name in the file.
    static var name: String { get }

    /// Reads the table (`table` is nil when the file has none) with what the rest of the file said.
    /// Nil: nothing to keep.
    static func read(_ table: TableReader?, context: ConfigurationContext) -> Self?

    /// What is wrong when the file has no such table, reported at the table's name; nil when the
    /// table may be left out (the default).
    static func problemWhenAbsent(context: ConfigurationContext) -> String?

    /// The table's settings as `wayfinder config show` lists them.
    var settings: [ConfigurationSetting] { get }
}

extension ConfigurationTable {
    package static func problemWhenAbsent(context: ConfigurationContext) -> String? { nil }
}

/// What a `ConfigurationTable` may need from the rest of the file, read before it (nil where that part
/// of the file has problems of its own, already reported).
package struct ConfigurationContext: Sendable {
    package var board: BoardDefinition?
    package var buttons: ButtonConfiguration?
    package var touchCase: TouchCaseSettings
    /// Whether `[route]` plans the route on the map to a destination (true) or follows a GPX route
    /// (false).
    package var plansRoute: Bool?
}
