import BLE
import Controls
import Gestures
import Navigation
import Sensors
import TOMLKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads and validates a configuration file, reporting every problem at once.
///
/// A bad file never half-starts the appliance: `load` either returns a complete configuration or
/// throws a `ConfigError` listing file, line, key path, what was expected and what was found.
///
/// The loader does no file I/O of its own: the configuration, its board file and its route are read
/// through `files`, which the caller hands over (Platform's `DiskFiles` on the appliance).
package struct ConfigurationLoader: Sendable {
    package var boards: BoardCatalog
    /// Reads the configuration file, the board files and the route.
    package var files: any FileReading
    /// The tables whose schema lives elsewhere (`ConfigurationTable`), read after the rest.
    package var tables: [any ConfigurationTable.Type]

    package init(boards: BoardCatalog, files: any FileReading, tables: [any ConfigurationTable.Type] = []) {
        self.boards = boards
        self.files = files
        self.tables = tables
    }

    package func load(path: String) throws(ConfigError) -> WayfinderConfiguration {
        let bytes: [UInt8]?
        do {
            bytes = try files.read(path)
        } catch {
            throw ConfigError(issues: [ConfigIssue(file: path, keyPath: "", message: Self.unreadable(errno: error.errno))])
        }
        guard let bytes else {
            throw ConfigError(issues: [ConfigIssue(file: path, keyPath: "", message: Self.missing(path))])
        }
        return try load(text: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// What to do about a configuration file that does not exist: the installed one is a conffile
    /// of the package, which dpkg puts back only when asked to (`--force-confmiss`, dpkg(1)).
    static func missing(_ path: String) -> String {
        guard path == WayfinderConfiguration.defaultPath else {
            return "this configuration file does not exist; check the path (the installed configuration "
                + "is \(WayfinderConfiguration.defaultPath))"
        }
        return "this configuration file does not exist; the package installs it: "
            + "`sudo apt install --reinstall -o Dpkg::Options::=--force-confmiss wayfinder` puts it back "
            + "(or copy deploy/wayfinder.toml from the source)"
    }

    /// Why a configuration file that exists cannot be read, and what to do.
    static func unreadable(errno code: Int32) -> String {
        switch code {
        case EISDIR: return "is a directory, not a configuration file; name the .toml file in it"
        case EACCES: return "cannot be read (permission denied); run as root or as a user allowed to read it"
        default: return "cannot be read (\(String(cString: strerror(code))))"
        }
    }

    package func load(text: String, path: String) throws(ConfigError) -> WayfinderConfiguration {
        let table: TOMLTable
        switch TOMLText.table(text, file: path) {
        case .success(let parsed): table = parsed
        case .failure(let error): throw error
        }
        let issues = IssueCollector(file: path, text: text)
        let config = read(TableReader(table: table, path: "", issues: issues), path: path)
        if let config, issues.issues.isEmpty { return config }
        throw ConfigError(issues: issues.issues.isEmpty
            ? [ConfigIssue(file: path, keyPath: "", message: "configuration is incomplete")] : issues.issues)
    }

    // MARK: Sections

    private func read(_ root: TableReader, path: String) -> WayfinderConfiguration? {
        let directory = BoardCatalog.parent(path)
        var board: BoardDefinition?
        if let id = root.string("board") {
            board = boards.load(id: id, files: files, reportingTo: root.issues, keyPath: "board")
        } else if !root.has("board") {
            root.report("board", "missing; name the board, e.g. board = \"pi-4b\" or board = \"sim\"")
        }
        let logLevel = root.choice("log_level", WayfinderConfiguration.logLevels) ?? "info"
        let stateDirectory = root.string("state_directory").map { $0.hasPrefix("/") ? $0 : "\(directory)/\($0)" }
            ?? "/var/lib/wayfinder"

        let devices = root.subtable("devices")
        let beltTable = devices?.subtable("belt")
        let compassAccuracySignal = readCompassAccuracySignal(beltTable)
        let belt = readDevice(beltTable, defaults: .beltDefaults)
        let touchCaseTable = devices?.subtable("touch_case")
        let touchCaseSettings = readTouchCaseSettings(touchCaseTable)
        let touchCase = readDevice(touchCaseTable, defaults: .touchCaseDefaults)
        let pencil = readDevice(devices?.subtable("pencil"), defaults: .pencilDefaults)
        devices?.rejectUnknownKeys()

        let simulated = board?.isSimulated ?? false
        let gps = readGPS(root.subtable("gps"), simulated: simulated, root: root)
        let (compass, compassMounting) = readCompass(root.subtable("compass"), simulated: simulated, root: root)

        let places = readPlaces(root.subtable("places"))
        let routing = readRoute(root.subtable("route"), root: root, directory: directory, places: places)
        let (routePath, route, autostart) = (routing.path, routing.route, routing.autostart)

        var (guidance, intensity) = readNavigation(root.subtable("navigation"))
        let signals = readSignals(root.subtable("signals"), guidance: &guidance)
        if guidance?.headingSource == .external, compass == CompassSource.none {
            root.issues.report("navigation.heading_source",
                               "\"external\" needs a compass, but [compass] source is \"none\"; set [compass] source (e.g. \"auto\") or use heading_source = \"belt\"")
        }
        let track = readTrack(root.subtable("track"))
        let upload = readUpload(root.subtable("upload"), directory: directory)
        let metrics = readMetrics(root.subtable("metrics"), directory: directory)
        let buttons = readButtons(root.subtable("buttons"), board: board)
        if let line = buttons?.pairPencilLine, !pencil.enabled {
            root.issues.report("buttons.map.GPIO\(line)",
                               "\"pair-pencil\" pairs the Pencil, which is not enabled; set [devices.pencil] enabled = true, or bind the line to a command")
        }
        let gestures = readGestures(root.subtable("gestures"), sensed: touchCaseSettings.sides)

        let plansRoute = route == nil ? nil : routing.plansRoute
        let context = ConfigurationContext(board: board, buttons: buttons, touchCase: touchCaseSettings, plansRoute: plansRoute)
        var extra: [String: any ConfigurationTable] = [:]
        for reader in tables {
            if !root.has(reader.name), let problem = reader.problemWhenAbsent(context: context) {
                root.report(reader.name, problem)
            }
            if let value = reader.read(root.subtable(reader.name), context: context) { extra[reader.name] = value }
        }
        root.rejectUnknownKeys()

        guard let board, let routePath, let route, let guidance, let buttons, let gestures else { return nil }
        var configuration = WayfinderConfiguration(
            sourcePath: path, board: board, logLevel: logLevel, stateDirectory: stateDirectory,
            belt: belt, touchCase: touchCase, pencil: pencil, gps: gps, compass: compass,
            routePath: routePath, route: route, autostart: autostart, guidance: guidance, intensity: intensity,
            buttons: buttons, gestures: gestures, tables: extra)
        configuration.upload = upload
        configuration.metrics = metrics
        configuration.compassMounting = compassMounting
        configuration.compassAccuracySignal = compassAccuracySignal
        configuration.touchCaseSettings = touchCaseSettings
        configuration.track = track
        configuration.signals = signals
        configuration.places = places
        configuration.routePlanning = routing.planning
        return configuration
    }

    package static func gpioLine(_ text: String) -> Int? {
        let upper = text.uppercased()
        guard upper.hasPrefix("GPIO"), let n = Int(upper.dropFirst(4)), n >= 0, n < 1000 else { return nil }
        return n
    }

    /// The runtime's own parsers decide, so that what the checker accepts the device rules can use.
    static func isBluetoothAddress(_ s: String) -> Bool { BluetoothAddress(string: s) != nil }

    static func isUUID(_ s: String) -> Bool { BLEUUID(string: s) != nil }
}
