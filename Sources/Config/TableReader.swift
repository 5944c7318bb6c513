import TOMLKit
import Vocabulary

/// Collects the issues of one configuration file while it is read.
final class IssueCollector {
    let file: String
    private let text: String
    /// Built at the first issue: a file without one never needs its lines indexed (10 M instructions
    /// of the appliance's start-up on the demo configuration, callgrind).
    private lazy var locator = KeyLocator(text: text)
    private(set) var issues: [ConfigIssue] = []

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    package func report(_ keyPath: String, _ message: String) {
        let position = locator.position(of: keyPath)
        issues.append(ConfigIssue(file: file, line: position?.line, column: position?.column,
                                  keyPath: keyPath, message: message))
    }

    /// `file:line` of a key path (just the file when the line cannot be found), to name a second
    /// place in a message.
    func location(of keyPath: String) -> String {
        locator.position(of: keyPath).map { "\(file):\($0.line)" } ?? file
    }

    /// The line a key path is written on, for keeping a table's keys in the file's order (the TOML
    /// library's tables are sorted by key).
    func line(of keyPath: String) -> Int? {
        locator.position(of: keyPath)?.line
    }

    func append(_ issue: ConfigIssue) {
        issues.append(issue)
    }
}

/// Reads one TOML table against the schema: typed getters that report wrong types and out-of-range
/// values, and a final check that reports every key nobody asked for (with a "did you mean").
/// Public for the readers of tables whose schema lives outside this module (`ConfigurationTable`).
package final class TableReader {
    let table: TOMLTable
    let path: String
    let issues: IssueCollector
    private var known: [String] = []

    init(table: TOMLTable, path: String, issues: IssueCollector) {
        self.table = table
        self.path = path
        self.issues = issues
    }

    package func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func has(_ key: String) -> Bool { table[key] != nil }

    package var keys: [String] { table.keys }

    /// Marks a key as part of the schema without reading it (read elsewhere, e.g. dynamically).
    package func declare(_ key: String) { known.append(key) }

    package func value(_ key: String) -> (any TOMLValueConvertible)? {
        known.append(key)
        return table[key]
    }

    package func string(_ key: String) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string else { return mismatch(key, expected: "a string", found: v) }
        return s
    }

    package func bool(_ key: String) -> Bool? {
        guard let v = value(key) else { return nil }
        guard v.type == .bool, let b = v.bool else { return mismatch(key, expected: "true or false", found: v) }
        return b
    }

    package func int(_ key: String, in range: ClosedRange<Int>, unit: String = "") -> Int? {
        guard let v = value(key) else { return nil }
        guard v.type == .int, let i = v.int else { return mismatch(key, expected: "a whole number", found: v) }
        guard range.contains(i) else {
            issues.report(keyPath(key), "\(i)\(unit) is out of range; expected \(range.lowerBound)–\(range.upperBound)\(unit)")
            return nil
        }
        return i
    }

    /// Accepts integers too: `arrival_radius_m = 12` should not need a `.0`.
    package func double(_ key: String, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        guard let v = value(key) else { return nil }
        let d: Double
        if v.type == .double, let x = v.double { d = x } else if v.type == .int, let i = v.int { d = Double(i) } else {
            return mismatch(key, expected: "a number", found: v)
        }
        guard range.contains(d), d.isFinite else {
            issues.report(keyPath(key), "\(Self.format(d))\(unit) is out of range; expected \(Self.format(range.lowerBound))–\(Self.format(range.upperBound))\(unit)")
            return nil
        }
        return d
    }

    /// `key = [latitude, longitude]` in decimal degrees (integers accepted), each within its range.
    package func coordinate(_ key: String) -> Coordinate? {
        guard let v = value(key) else { return nil }
        guard let array = v.array, array.count == 2, let latitude = Self.degrees(array[0]), let longitude = Self.degrees(array[1]) else {
            issues.report(keyPath(key), "expected [latitude, longitude] in decimal degrees, e.g. \(key) = [55.6761, 12.5683]; found \(Self.describe(v))")
            return nil
        }
        guard latitude.isFinite, abs(latitude) <= 90 else {
            issues.report(keyPath(key), "latitude \(Self.format(latitude)) is outside -90…90 (latitude comes first)")
            return nil
        }
        guard longitude.isFinite, abs(longitude) <= 180 else {
            issues.report(keyPath(key), "longitude \(Self.format(longitude)) is outside -180…180")
            return nil
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func degrees(_ value: any TOMLValueConvertible) -> Double? {
        if value.type == .double { return value.double }
        if value.type == .int, let i = value.int { return Double(i) }
        return nil
    }

    /// A string that must be one of `options`.
    package func choice(_ key: String, _ options: [String]) -> String? {
        guard let s = string(key) else { return nil }
        guard options.contains(s) else {
            issues.report(keyPath(key), "\"\(s)\" is not one of \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
                          + Suggestion.hint(for: s, in: options))
            return nil
        }
        return s
    }

    package func strings(_ key: String) -> [String]? {
        guard let v = value(key) else { return nil }
        guard let array = v.array else { return mismatch(key, expected: "an array of strings", found: v) }
        var result: [String] = []
        for (i, element) in array.enumerated() {
            guard let s = element.string else {
                issues.report("\(keyPath(key))[\(i)]", "expected a string, found \(Self.describe(element))")
                continue
            }
            result.append(s)
        }
        return result
    }

    package func subtable(_ key: String) -> TableReader? {
        guard let v = value(key) else { return nil }
        guard let t = v.table else { return mismatch(key, expected: "a table", found: v) }
        return TableReader(table: t, path: keyPath(key), issues: issues)
    }

    /// `[[key]]` arrays of tables.
    package func tables(_ key: String) -> [TableReader]? {
        guard let v = value(key) else { return nil }
        guard let array = v.array else { return mismatch(key, expected: "an array of tables ([[\(keyPath(key))]])", found: v) }
        var result: [TableReader] = []
        for (i, element) in array.enumerated() {
            guard let t = element.table else {
                issues.report("\(keyPath(key))[\(i)]", "expected a table, found \(Self.describe(element))")
                continue
            }
            result.append(TableReader(table: t, path: "\(keyPath(key))[\(i)]", issues: issues))
        }
        return result
    }

    package func report(_ key: String, _ message: String) {
        issues.report(key.isEmpty ? path : keyPath(key), message)
    }

    /// Reports every key the schema did not ask for.
    package func rejectUnknownKeys() {
        for key in table.keys where !known.contains(key) {
            issues.report(keyPath(key), "unknown key" + Suggestion.hint(for: key, in: known))
        }
    }

    private func mismatch<T>(_ key: String, expected: String, found: any TOMLValueConvertible) -> T? {
        issues.report(keyPath(key), "expected \(expected), found \(Self.describe(found))")
        return nil
    }

    package static func describe(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: "a string (\"\(value.string ?? "")\")"
        case .int: "a whole number (\(value.int.map(String.init) ?? "?"))"
        case .double: "a number (\(value.double.map(format) ?? "?"))"
        case .bool: "a boolean (\(value.bool.map { $0 ? "true" : "false" } ?? "?"))"
        case .table: "a table"
        case .array: "an array"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }

    package static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
