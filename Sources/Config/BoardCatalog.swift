import TOMLKit
import Vocabulary

/// Finds and reads `boards/<id>.toml`, through the files the configuration's loader is handed.
package struct BoardCatalog: Sendable {
    /// Folders searched in order; the first that has the board wins.
    package var directories: [String]

    package init(directories: [String]) {
        self.directories = directories
    }

    /// `$WAYFINDER_BOARDS`, the installed locations, then a `boards` folder beside or above the
    /// executable (a development checkout: `.build/debug/wayfinder` → `boards/`). The installed
    /// locations are the Debian package's and `share/wayfinder/boards` under the executable's prefix
    /// (`make install PREFIX=/usr/local` puts the binary in `/usr/local/bin`).
    package static func standard(environment: [String: String], executablePath: String?) -> BoardCatalog {
        var dirs: [String] = []
        if let env = environment["WAYFINDER_BOARDS"], !env.isEmpty { dirs.append(env) }
        dirs += ["/etc/wayfinder/boards", "/usr/share/wayfinder/boards"]
        if let bin = executablePath.map(Self.parent), bin.hasSuffix("/bin") {
            let prefixed = Self.parent(bin) + (bin == "/bin" ? "" : "/") + "share/wayfinder/boards"
            if !dirs.contains(prefixed) { dirs.append(prefixed) }
        }
        if var dir = executablePath.map(Self.parent) {
            for _ in 0..<5 {
                dirs.append(dir == "/" ? "/boards" : dir + "/boards")
                if dir == "/" { break }
                dir = Self.parent(dir)
            }
        }
        return BoardCatalog(directories: dirs)
    }

    /// Board ids available in the first directory that has any.
    package func availableBoards(files: any FileReading) -> [String] {
        var found: Set<String> = []
        for dir in directories {
            for name in files.names(in: dir) where name.hasSuffix(".toml") {
                found.insert(String(name.dropLast(5)))
            }
            if !found.isEmpty { break }
        }
        return found.sorted()
    }

    /// Reads a board; problems are reported against `keyPath` of the configuration that named it.
    func load(id: String, files: any FileReading, reportingTo issues: IssueCollector, keyPath: String) -> BoardDefinition? {
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !id.isEmpty else {
            issues.report(keyPath, "\"\(id)\" is not a board name (letters, digits and dashes)")
            return nil
        }
        for dir in directories {
            let path = "\(dir)/\(id).toml"
            // A folder without a readable file of that name passes the search on to the next one.
            guard let bytes = try? files.read(path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            return Self.parse(text: text, id: id, path: path, issues: issues)
        }
        let available = availableBoards(files: files)
        let list = available.isEmpty
            ? "no board files were found in \(directories.joined(separator: ", ")); set WAYFINDER_BOARDS to the boards/ folder"
            : "available boards: \(available.joined(separator: ", "))"
        issues.report(keyPath, "unknown board \"\(id)\"" + Suggestion.hint(for: id, in: available) + " (\(list))")
        return nil
    }

    /// Parses a board file. Its own problems are reported against the board file itself.
    static func parse(text: String, id: String, path: String, issues outer: IssueCollector) -> BoardDefinition? {
        let issues = IssueCollector(file: path, text: text)
        let table: TOMLTable
        switch TOMLText.table(text, file: path) {
        case .success(let parsed): table = parsed
        case .failure(let error):
            outer.appendAll(from: error.issues)
            return nil
        }
        let root = TableReader(table: table, path: "", issues: issues)
        let name = root.string("name")
        let simulated = root.bool("simulated") ?? false
        let gpio = root.subtable("gpio")
        let labels = gpio?.strings("chip_labels") ?? []
        let lineCount = gpio?.int("line_count", in: 1...512) ?? 0
        let buttonLines = gpio.flatMap { g -> [Int]? in
            guard let v = g.value("button_lines") else { return nil }
            guard let array = v.array else { g.report("button_lines", "expected an array of line numbers"); return nil }
            return array.enumerated().compactMap { i, element in
                guard element.type == .int, let line = element.int else {
                    g.report("button_lines", "entry \(i) is \(TableReader.describe(element)), not a line number")
                    return nil
                }
                return line
            }
        } ?? []
        let i2c = root.subtable("i2c")
        let bus = i2c?.int("bus", in: 0...255) ?? 1
        let uart = root.subtable("uart")
        let uartDevice = uart?.string("device") ?? "/dev/serial0"
        let bluetooth = root.subtable("bluetooth")
        let adapter = bluetooth?.string("adapter") ?? "hci0"
        let btVersion = bluetooth?.string("version")
        if name == nil { root.report("name", "missing; every board file names its board") }
        if !simulated && labels.isEmpty { gpio?.report("chip_labels", "missing; a hardware board needs its header chip's label") ?? root.report("gpio", "missing [gpio] table") }
        for line in buttonLines where line < 0 || line >= lineCount {
            gpio?.report("button_lines", "line \(line) is outside the chip's \(lineCount) lines")
        }
        for reader in [gpio, i2c, uart, bluetooth].compactMap({ $0 }) { reader.rejectUnknownKeys() }
        root.rejectUnknownKeys()
        outer.appendAll(from: issues.issues)
        guard issues.issues.isEmpty, let name else { return nil }
        return BoardDefinition(id: id, name: name, isSimulated: simulated, gpioChipLabels: labels,
                               gpioLineCount: lineCount, buttonLines: buttonLines, i2cBus: bus,
                               uartDevice: uartDevice, bluetoothAdapter: adapter, bluetoothVersion: btVersion)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let p = String(path[..<slash])
        return p.isEmpty ? "/" : p
    }
}

extension IssueCollector {
    func appendAll(from other: [ConfigIssue]) {
        for issue in other { append(issue) }
    }
}
