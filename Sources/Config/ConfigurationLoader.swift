import BLE
import Belt
import Foundation
import Controls
import Gestures
import Navigation
import Platform
import Sensors
import TOMLKit

/// Reads and validates a configuration file, reporting every problem at once.
///
/// A bad file never half-starts the appliance: `load` either returns a complete configuration or
/// throws a `ConfigError` listing file, line, key path, what was expected and what was found.
public struct ConfigurationLoader: Sendable {
    public var boards: BoardCatalog

    public init(boards: BoardCatalog) {
        self.boards = boards
    }

    public func load(path: String) throws(ConfigError) -> WayfinderConfiguration {
        guard let text = BoardCatalog.readText(path) else {
            throw ConfigError(issues: [ConfigIssue(file: path, keyPath: "",
                message: "cannot read the configuration file (missing or not readable); pass --config PATH or create \(WayfinderConfiguration.defaultPath) from deploy/wayfinder.toml")])
        }
        return try load(text: text, path: path)
    }

    public func load(text: String, path: String) throws(ConfigError) -> WayfinderConfiguration {
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
            board = boards.load(id: id, reportingTo: root.issues, keyPath: "board")
        } else if !root.has("board") {
            root.report("board", "missing; name the board, e.g. board = \"pi-4b\" or board = \"sim\"")
        }
        let logLevel = root.choice("log_level", WayfinderConfiguration.logLevels) ?? "info"
        let stateDirectory = root.string("state_directory").map { $0.hasPrefix("/") ? $0 : "\(directory)/\($0)" }
            ?? "/var/lib/wayfinder"

        let devices = root.subtable("devices")
        let belt = readDevice(devices?.subtable("belt"), defaults: .beltDefaults)
        let touchCaseTable = devices?.subtable("touch_case")
        let touchCaseSettings = readTouchCaseSettings(touchCaseTable)
        let touchCase = readDevice(touchCaseTable, defaults: .touchCaseDefaults)
        let pencil = readDevice(devices?.subtable("pencil"), defaults: .pencilDefaults)
        devices?.rejectUnknownKeys()

        let simulated = board?.isSimulated ?? false
        let gps = readGPS(root.subtable("gps"), simulated: simulated, root: root)
        let (compass, compassMounting) = readCompass(root.subtable("compass"), simulated: simulated, root: root)

        var routePath: String?
        var autostart = true
        if let route = root.subtable("route") {
            if let gpx = route.string("gpx") {
                routePath = gpx.hasPrefix("/") ? gpx : "\(directory)/\(gpx)"
            } else if !route.has("gpx") {
                route.report("gpx", "missing; the GPX file of the route to follow")
            }
            autostart = route.bool("autostart") ?? true
            route.rejectUnknownKeys()
        } else if !root.has("route") {
            root.report("route", "missing [route] table with gpx = \"path/to/route.gpx\"")
        }
        var route: Route?
        if let routePath {
            do {
                route = try GPXParser.parse(contentsOf: URL(fileURLWithPath: routePath))
            } catch {
                root.issues.report("route.gpx", "\(error)")
            }
        }

        let (guidance, intensity) = readNavigation(root.subtable("navigation"))
        if guidance?.headingSource == .external, compass == CompassSource.none {
            root.issues.report("navigation.heading_source",
                               "\"external\" needs a compass, but [compass] source is \"none\"; set [compass] source (e.g. \"auto\") or use heading_source = \"belt\"")
        }
        let track = readTrack(root.subtable("track"))
        let buttons = readButtons(root.subtable("buttons"), board: board)
        let gestures = readGestures(root.subtable("gestures"), sensed: touchCaseSettings.sides)

        var simulation: SimulationConfiguration?
        if let table = root.subtable("simulation") {
            if board != nil && !simulated {
                table.report("", "the [simulation] table only applies to board = \"sim\"")
            }
            simulation = readSimulation(table, buttons: buttons, touchCase: touchCaseSettings)
        } else if simulated {
            simulation = SimulationConfiguration()
        }
        root.rejectUnknownKeys()

        guard let board, let routePath, let route, let guidance, let buttons, let gestures else { return nil }
        var configuration = WayfinderConfiguration(
            sourcePath: path, board: board, logLevel: logLevel, stateDirectory: stateDirectory,
            belt: belt, touchCase: touchCase, pencil: pencil, gps: gps, compass: compass,
            routePath: routePath, route: route, autostart: autostart, guidance: guidance, intensity: intensity,
            buttons: buttons, gestures: gestures, simulation: simulated ? simulation : nil)
        configuration.compassMounting = compassMounting
        configuration.touchCaseSettings = touchCaseSettings
        configuration.track = track
        return configuration
    }

    /// `[track]`: whether the walk is recorded and how many walks, and how many days of them, are kept.
    private func readTrack(_ t: TableReader?) -> TrackSettings {
        var settings = TrackSettings()
        guard let t else { return settings }
        if let v = t.bool("enabled") { settings.enabled = v }
        if let v = t.int("keep_walks", in: TrackSettings.keepWalksRange, unit: " walks") { settings.keepWalks = v }
        if let v = t.int("keep_days", in: TrackSettings.keepDaysRange, unit: " days") { settings.keepDays = v }
        t.rejectUnknownKeys()
        return settings
    }

    private func readDevice(_ t: TableReader?, defaults: DeviceSelection) -> DeviceSelection {
        guard let t else { return defaults }
        var d = defaults
        d.enabled = t.bool("enabled") ?? defaults.enabled
        if let address = t.string("address") {
            if Self.isBluetoothAddress(address) { d.address = address.uppercased() } else {
                t.report("address", "\"\(address)\" is not a Bluetooth address; expected six hex pairs like \"C4:7F:51:0A:1B:2C\"")
            }
        }
        d.nameContains = t.strings("name_contains") ?? defaults.nameContains
        if let uuids = t.strings("service_uuids") {
            for (i, u) in uuids.enumerated() where !Self.isUUID(u) {
                t.report("service_uuids", "entry \(i) \"\(u)\" is not a UUID; expected 4 or 8 hex digits (\"FE51\") or the 8-4-4-4-12 form")
            }
            d.serviceUUIDs = uuids
        }
        if let w = t.double("selection_window_s", in: 0.1...60, unit: " s") { d.selectionWindow = .seconds(w) }
        if let type = t.choice("address_type", Self.addressTypes.map(\.description)) {
            if t.has("address") {
                d.addressType = Self.addressTypes.first { $0.description == type }
            } else {
                t.report("address_type", "only applies with a fixed address = \"…\"; without one the type is learned from the device's advertising")
            }
        }
        if let level = t.choice("security", Self.securityLevels.map(\.description)) {
            d.security = BluetoothSecurityLevel(name: level) ?? .low
        }
        // `run` refuses such a table (exit 78, the same `matchesNothing`), so the check must too.
        if d.enabled, d.discoveryRule.matchesNothing {
            t.report(t.has("name_contains") ? "name_contains" : "service_uuids",
                     "no address and empty name_contains and service_uuids: no device can match; set address = \"AA:BB:CC:DD:EE:FF\" "
                        + "or a name_contains rule (`wayfinder scan` lists what is nearby)")
        }
        t.rejectUnknownKeys()
        return d
    }

    /// What `address_type` may say: an LE device's address is public or random.
    static let addressTypes: [BluetoothAddressType] = [.lePublic, .leRandom]
    /// What `security` may say. `wayfinder pair` (Just Works) makes bonds good for "medium"; "high"
    /// needs an authenticated bond (a passkey pairing, e.g. through bluetoothctl). "fips" is left out.
    static let securityLevels: [BluetoothSecurityLevel] = [.low, .medium, .high]

    private func readGPS(_ t: TableReader?, simulated: Bool, root: TableReader) -> GPSSource {
        let source = t?.choice("source", GPSSource.names) ?? (simulated ? "sim" : "uart")
        let result: GPSSource
        switch source {
        case "sim": result = .simulated
        case "ublox-i2c": result = .ubloxI2C(address: t?.int("address", in: 0x03...0x77) ?? 0x42)
        case "uart":
            let baud = t?.int("baud", in: 1200...921_600) ?? 9600
            if !SerialPort.supportedBaudRates.contains(baud) {
                t?.report("baud", "\(baud) baud is not a rate the UART can be set to; use one of "
                          + SerialPort.supportedBaudRates.map(String.init).joined(separator: ", "))
            }
            result = .uart(device: t?.string("device") ?? "/dev/serial0", baud: baud)
        case "gpsd": result = .gpsd(host: t?.string("host") ?? "127.0.0.1", port: t?.int("port", in: 1...65535) ?? 2947)
        default: result = .none
        }
        if source == "sim" && !simulated { (t ?? root).report(t == nil ? "gps" : "source", "\"sim\" needs board = \"sim\"") }
        if let t {
            // A key of another source is a mistake too: it would be silently ignored.
            let owners = ["address": "ublox-i2c", "device": "uart", "baud": "uart", "host": "gpsd", "port": "gpsd"]
            for (key, owner) in owners.sorted(by: { $0.key < $1.key }) where owner != source {
                t.declare(key)
                if t.has(key) { t.report(key, "only applies to source = \"\(owner)\" (source is \"\(source)\")") }
            }
            t.rejectUnknownKeys()
        }
        return result
    }

    private func readCompass(_ t: TableReader?, simulated: Bool, root: TableReader) -> (CompassSource, CompassMounting) {
        let source = t?.choice("source", CompassSource.names) ?? (simulated ? "sim" : "none")
        let address = t?.int("address", in: 0x03...0x77)
        if address != nil && !CompassSource.chips.contains(source) {
            t?.report("address", "only applies to a named chip (\(CompassSource.chips.joined(separator: ", "))), not to source = \"\(source)\"")
        }
        var mounting = CompassMounting()
        if let axes = axisMapping(t, "axes") { mounting.axes = axes }
        if let accelerometer = t?.choice("accelerometer", AccelerometerSource.names) {
            let accelerometerAddress = t?.int("accelerometer_address", in: 0x03...0x77)
            switch accelerometer {
            case "none": mounting.accelerometer = .none
            case "auto": mounting.accelerometer = .auto
            default:
                if let chip = AccelerometerChip(rawValue: accelerometer) {
                    mounting.accelerometer = .chip(chip, address: accelerometerAddress)
                }
            }
            if accelerometerAddress != nil, accelerometer == "none" || accelerometer == "auto" {
                t?.report("accelerometer_address", "only applies to a named accelerometer (\(AccelerometerChip.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if accelerometer != "none", source == "bno055" {
                t?.report("accelerometer", "the BNO055 fuses its own accelerometer; remove this key")
            }
        } else if t?.has("accelerometer_address") == true {
            _ = t?.int("accelerometer_address", in: 0x03...0x77)
            t?.report("accelerometer_address", "needs accelerometer = \"lsm303agr\" or \"adxl345\"")
        }
        if let axes = axisMapping(t, "accelerometer_axes") { mounting.accelerometerAxes = axes }
        t?.rejectUnknownKeys()
        if source == "sim" && !simulated { t?.report("source", "\"sim\" needs board = \"sim\"") }
        switch source {
        case "sim": return (.simulated, mounting)
        case "auto": return (.auto, mounting)
        case "none": return (.none, mounting)
        default: return (.chip(name: source, address: address), mounting)
        }
    }

    /// A `"+x +y +z"`-style mounting key, reported with what is wrong.
    private func axisMapping(_ t: TableReader?, _ key: String) -> AxisMapping? {
        guard let t, let text = t.string(key) else { return nil }
        var why = ""
        guard let mapping = AxisMapping(parsing: text, why: &why) else {
            t.report(key, "\"\(text)\" \(why)")
            return nil
        }
        return mapping
    }

    private func readNavigation(_ t: TableReader?) -> (GuidanceParameters?, Int) {
        // Without declination_deg the World Magnetic Model gives it at each fix (0 until a dated fix).
        var p = GuidanceParameters(declinationFromModel: true)
        var intensity = 60
        guard let t else { return (p, intensity) }
        if let s = t.choice("heading_source", HeadingSource.allCases.map(\.rawValue)), let source = HeadingSource(rawValue: s) {
            p.headingSource = source
        }
        if let v = t.double("arrival_radius_m", in: 2...500, unit: " m") { p.arrivalRadius = v }
        if let v = t.double("min_direction_change_deg", in: 1...90, unit: "°") { p.minimumDirectionChange = v }
        if let v = t.double("refresh_interval_s", in: 1...600, unit: " s") { p.refreshInterval = .seconds(v) }
        if let v = t.double("fix_timeout_s", in: 2...600, unit: " s") { p.fixTimeout = .seconds(v) }
        if let v = t.double("progress_interval_s", in: 1...3600, unit: " s") { p.progressInterval = .seconds(v) }
        let offRoute = t.double("off_route_m", in: 5...1000, unit: " m")
        let backOnRoute = t.double("back_on_route_m", in: 1...1000, unit: " m")
        if let offRoute { p.offRouteDistance = offRoute }
        if let backOnRoute { p.backOnRouteDistance = backOnRoute }
        if backOnRoute == nil, offRoute != nil { p.backOnRouteDistance = p.offRouteDistance * 2 / 3 }
        if p.backOnRouteDistance >= p.offRouteDistance {
            t.report(backOnRoute != nil ? "back_on_route_m" : "off_route_m",
                     "back_on_route_m (\(Int(p.backOnRouteDistance)) m) must be less than off_route_m (\(Int(p.offRouteDistance)) m), or the warning would flap")
        }
        if let v = t.double("off_route_after_s", in: 0...600, unit: " s") { p.offRouteDelay = .seconds(v) }
        if let v = t.double("declination_deg", in: -180...180, unit: "°") {
            p.declination = v
            p.declinationFromModel = false
        }
        // The belt accepts 5–100 % (FSLib's changeDefaultVibrationIntensity).
        if let v = t.int("intensity", in: 5...100, unit: " %") { intensity = v }
        t.rejectUnknownKeys()
        return (p, intensity)
    }

    private func readButtons(_ t: TableReader?, board: BoardDefinition?) -> ButtonConfiguration? {
        var config = ButtonConfiguration()
        guard let t else { return config }
        if let v = t.int("debounce_ms", in: 0...1000, unit: " ms") { config.debounce = .milliseconds(v) }
        if let v = t.int("long_press_ms", in: 100...10_000, unit: " ms") { config.longPress = .milliseconds(v) }
        let doublePressMs = t.int("double_press_ms", in: 100...2000, unit: " ms")
        if let doublePressMs { config.doublePressWindow = .milliseconds(doublePressMs) }
        if let map = t.subtable("map") {
            var seenLines: Set<Int> = []
            for key in map.keys.sorted() {
                map.declare(key)
                guard let line = Self.gpioLine(key) else {
                    map.report(key, "\"\(key)\" is not a GPIO line; write it as GPIO<n> with the BCM number, e.g. GPIO17")
                    continue
                }
                if let board {
                    if line >= board.gpioLineCount {
                        map.report(key, "\(board.name) has no GPIO \(line) (its header chip has lines 0–\(board.gpioLineCount - 1))")
                        continue
                    }
                    if !board.buttonLines.contains(line) {
                        map.report(key, "GPIO \(line) is not usable for a button on \(board.name); usable lines: \(board.buttonLines.map(String.init).joined(separator: ", "))")
                        continue
                    }
                }
                if config.binding(forLine: line) != nil || seenLines.contains(line) {
                    map.report(key, "GPIO \(line) is bound twice; keep one entry for it")
                    continue
                }
                seenLines.insert(line)
                guard let value = map.value(key) else { continue }
                var binding = ButtonBinding(line: line, press: nil)
                if let name = value.string {
                    binding.press = command(name, at: map.keyPath(key), issues: map.issues)
                } else if let table = value.table {
                    let sub = TableReader(table: table, path: map.keyPath(key), issues: map.issues)
                    binding.press = sub.string("press").flatMap { command($0, at: sub.keyPath("press"), issues: sub.issues) }
                    binding.longPress = sub.string("long_press").flatMap { command($0, at: sub.keyPath("long_press"), issues: sub.issues) }
                    binding.doublePress = sub.string("double_press").flatMap { command($0, at: sub.keyPath("double_press"), issues: sub.issues) }
                    if !sub.has("press") && !sub.has("long_press") && !sub.has("double_press") {
                        sub.report("", "expected one or more of press = \"…\", long_press = \"…\", double_press = \"…\"")
                    }
                    sub.rejectUnknownKeys()
                } else {
                    map.report(key, "expected a command name or { press = \"…\", long_press = \"…\", double_press = \"…\" }, found \(TableReader.describe(value))")
                }
                if binding.press != nil || binding.longPress != nil || binding.doublePress != nil { config.bindings.append(binding) }
            }
        }
        // The debouncer drops every edge closer than debounce_ms to the release, so a window no longer
        // than that could never see the second press go down.
        if config.bindings.contains(where: { $0.doublePress != nil }), config.doublePressWindow <= config.debounce {
            t.report(doublePressMs != nil ? "double_press_ms" : "debounce_ms",
                     "double_press_ms (\(Int(config.doublePressWindow / .milliseconds(1))) ms) must be more than debounce_ms (\(Int(config.debounce / .milliseconds(1))) ms), or the second press of a double press would be dropped as contact bounce")
        }
        t.rejectUnknownKeys()
        return config
    }

    private func readTouchCaseSettings(_ t: TableReader?) -> TouchCaseSettings {
        var settings = TouchCaseSettings()
        guard let t else { return settings }
        if let names = t.strings("sides") {
            var sides: Set<CaseSide> = []
            for (i, name) in names.enumerated() {
                if let side = CaseSide(rawValue: name) { sides.insert(side) } else {
                    t.issues.report("\(t.keyPath("sides"))[\(i)]", "\"\(name)\" is not a side of the case; use top, bottom, left or right")
                }
            }
            if names.isEmpty { t.report("sides", "no side enabled; list at least one of top, bottom, left, right (or set enabled = false)") }
            settings.sides = sides
        }
        if let n = t.int("touches_per_side", in: 1...5) { settings.touchesPerSide = n }
        if let b = t.bool("power_saving") { settings.powerSaving = b }
        return settings
    }

    /// `[gestures]`: `gesture = "command"` (on every sensed side), or `gesture = { command = "…",
    /// sides = [...], classes = [...], <parameters> }`, or an array of such tables (the same gesture
    /// doing different things on different sides); `pencil-tip[-long]`/`pencil-eraser[-long]` for pen
    /// clicks; `handedness` and `long_click_ms`.
    private func readGestures(_ t: TableReader?, sensed: Set<CaseSide>) -> GestureCommandMap? {
        guard let t else { return .defaults }
        var map = GestureCommandMap()
        if let h = t.choice("handedness", Handedness.allCases.map(\.rawValue)) { map.handedness = Handedness(rawValue: h) ?? .right }
        if let ms = t.int("long_click_ms", in: 100...10_000, unit: " ms") { map.longClick = .milliseconds(ms) }
        let names = RecognizedGesture.allCases.map(\.configName) + PenClickGesture.allCases.map(\.configName)
        for key in t.keys.sorted() where key != "handedness" && key != "long_click_ms" {
            t.declare(key)
            if let click = PenClickGesture(configName: key) {
                guard let name = t.string(key) else { continue }
                if name == "none" { continue }
                if let cmd = command(name, at: t.keyPath(key), issues: t.issues) { map.clicks[click] = cmd }
                continue
            }
            guard let gesture = RecognizedGesture(configName: key) else {
                t.report(key, "unknown gesture" + Suggestion.hint(for: key, in: names) + " (gestures: \(names.joined(separator: ", ")))")
                continue
            }
            guard let value = t.value(key) else { continue }
            if let name = value.string {
                if name == "none" { continue }
                if let cmd = command(name, at: t.keyPath(key), issues: t.issues) { map.bindings.append(GestureBinding(gesture, command: cmd)) }
            } else if value.table != nil, let sub = t.subtable(key) {
                if let b = readBinding(sub, gesture: gesture, sensed: sensed) { map.bindings.append(b) }
            } else if value.array != nil, let subs = t.tables(key) {
                for sub in subs {
                    if let b = readBinding(sub, gesture: gesture, sensed: sensed) { map.bindings.append(b) }
                }
            } else {
                t.report(key, "expected a command name, { command = \"…\", sides = [...] } or an array of those, found \(TableReader.describe(value))")
            }
        }
        return map
    }

    private func readBinding(_ t: TableReader, gesture: RecognizedGesture, sensed: Set<CaseSide>) -> GestureBinding? {
        var cmd: NavigationCommand?
        if let name = t.string("command") {
            cmd = command(name, at: t.keyPath("command"), issues: t.issues)
        } else if !t.has("command") {
            t.report("command", "missing; what the gesture does, e.g. command = \"next-waypoint\"")
        }
        var sides: Set<CaseSide>?
        if let names = t.strings("sides") {
            var set: Set<CaseSide> = []
            for (i, name) in names.enumerated() {
                guard let side = CaseSide(rawValue: name) else {
                    t.issues.report("\(t.keyPath("sides"))[\(i)]", "\"\(name)\" is not a side of the case; use top, bottom, left or right")
                    continue
                }
                if !sensed.contains(side) {
                    t.issues.report("\(t.keyPath("sides"))[\(i)]", "side \"\(name)\" is not enabled in [devices.touch_case] sides (\(sensed.map(\.rawValue).sorted().joined(separator: ", "))); enable it there or remove it here")
                    continue
                }
                set.insert(side)
            }
            if names.isEmpty { t.report("sides", "empty; leave the key out for every side, or list the sides") }
            sides = set
        }
        var classes: Set<TouchClass>?
        if let names = t.strings("classes") {
            classes = []
            for (i, name) in names.enumerated() {
                if let c = TouchClass(rawValue: name) { classes?.insert(c) } else {
                    t.issues.report("\(t.keyPath("classes"))[\(i)]", "\"\(name)\" is not a touch class; use \(TouchClass.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
        }
        var parameters: [String: Double] = [:]
        for p in GestureParameter.allowed(for: gesture) {
            if p.isCount {
                if let v = t.int(p.key, in: Int(p.range.lowerBound)...Int(p.range.upperBound)) { parameters[p.name] = Double(v) }
            } else if let v = t.double(p.key, in: p.range) {
                parameters[p.name] = v
            }
        }
        t.rejectUnknownKeys()
        guard let cmd else { return nil }
        return GestureBinding(gesture, sides: sides, parameters: parameters, touchClasses: classes, command: cmd)
    }

    private func readSimulation(_ t: TableReader, buttons: ButtonConfiguration?, touchCase: TouchCaseSettings) -> SimulationConfiguration {
        var s = SimulationConfiguration()
        if let v = t.double("acceleration", in: 1...10_000, unit: "×") { s.acceleration = v }
        if let v = t.int("seed", in: 0...Int.max) { s.seed = UInt64(v) }
        if let v = t.double("walking_speed_mps", in: 0.3...3, unit: " m/s") { s.walkingSpeed = v }
        if let v = t.double("gps_noise_m", in: 0...50, unit: " m") { s.gpsNoise = v }
        if let v = t.double("gps_interval_s", in: 0.1...10, unit: " s") { s.gpsInterval = .seconds(v) }
        if let v = t.double("heading_sway_deg", in: 0...90, unit: "°") { s.headingSway = v }
        if let v = t.double("compass_noise_deg", in: 0...45, unit: "°") { s.compassNoise = v }
        if let v = t.double("start_offset_m", in: 0...500, unit: " m") { s.startOffset = v }
        if let v = t.choice("gps_protocol", SimulatedGPSProtocol.allCases.map(\.rawValue)) {
            s.gpsProtocol = SimulatedGPSProtocol(rawValue: v) ?? .nmea
        }
        if let v = readHardIron(t) { s.compassHardIron = v }
        if let v = readSoftIron(t) { s.compassSoftIron = v }
        for e in t.tables("events") ?? [] {
            if let event = readEvent(e, buttons: buttons, touchCase: touchCase) { s.events.append(event) }
        }
        s.events.sort { $0.at < $1.at }
        t.rejectUnknownKeys()
        return s
    }

    static let actorNames = ["belt", "navigation", "gestures", "buttons", "pencil"]

    /// The QMC5883L reads ±800 µT at ±8 G; an offset beyond ±400 µT leaves no room for the Earth's field.
    static let hardIronLimit = 400.0

    /// `compass_hard_iron_ut = [x, y, z]`, µT.
    private func readHardIron(_ t: TableReader) -> [Double]? {
        let key = "compass_hard_iron_ut"
        guard let v = t.value(key) else { return nil }
        guard let numbers = Self.numbers(v), numbers.count == 3 else {
            t.report(key, "expected three numbers [x, y, z] in µT, found \(TableReader.describe(v))")
            return nil
        }
        guard numbers.allSatisfy({ $0.isFinite && abs($0) <= Self.hardIronLimit }) else {
            t.report(key, "each component must be within ±\(Int(Self.hardIronLimit)) µT (the simulated QMC5883L's ±8 G range leaves no room for the Earth's field beyond that)")
            return nil
        }
        return numbers
    }

    /// `compass_soft_iron = [[a, b, c], [d, e, f], [g, h, i]]`: an invertible matrix, entries within ±3.
    private func readSoftIron(_ t: TableReader) -> [Double]? {
        let key = "compass_soft_iron"
        guard let v = t.value(key) else { return nil }
        let rows = v.array.map { Array($0) } ?? []
        let elements = rows.compactMap { Self.numbers($0) }.filter { $0.count == 3 }.flatMap { $0 }
        guard rows.count == 3, elements.count == 9 else {
            t.report(key, "expected a 3×3 matrix as three rows of three numbers, e.g. [[1, 0, 0], [0, 1, 0], [0, 0, 1]]")
            return nil
        }
        guard elements.allSatisfy({ $0.isFinite && abs($0) <= 3 }) else {
            t.report(key, "entries must be within ±3 (soft iron scales the field by tens of percent, not more)")
            return nil
        }
        let e = elements
        let determinant = e[0] * (e[4] * e[8] - e[5] * e[7]) - e[1] * (e[3] * e[8] - e[5] * e[6]) + e[2] * (e[3] * e[7] - e[4] * e[6])
        guard abs(determinant) >= 0.1 else {
            t.report(key, "the matrix is (nearly) singular (determinant \(determinant)): it would flatten the field so no calibration could recover a heading; use one close to the identity")
            return nil
        }
        return elements
    }

    /// The numbers of a TOML array (integers accepted), or nil if it is not an array of numbers.
    private static func numbers(_ value: any TOMLValueConvertible) -> [Double]? {
        guard let array = value.array else { return nil }
        var result: [Double] = []
        for element in array {
            if element.type == .double, let d = element.double { result.append(d) }
            else if element.type == .int, let i = element.int { result.append(Double(i)) }
            else { return nil }
        }
        return result
    }

    private func readEvent(_ e: TableReader, buttons: ButtonConfiguration?, touchCase: TouchCaseSettings) -> SimulationEvent? {
        let at = readTime(e, "at")
        if !e.has("at") { e.report("at", "missing; when the event happens, e.g. at = \"3:00\" (minutes:seconds of session time)") }
        let actionKeys = ["button", "gesture", "touch", "pencil", "belt_button", "gps_outage_s", "compass_outage_s", "belt_disconnect_s", "belt_refuses_connection",
                          "belt_battery_percent", "fail_actor"]
        let present = actionKeys.filter { e.has($0) }
        guard present.count == 1 else {
            e.report("", present.isEmpty
                ? "an event needs one of \(actionKeys.joined(separator: ", "))"
                : "an event has exactly one action, found \(present.joined(separator: " and "))")
            for k in actionKeys + ["long", "side"] { e.declare(k) }
            e.rejectUnknownKeys()
            return nil
        }
        let long = e.bool("long") ?? false
        if e.has("long") && !["button", "belt_button", "pencil"].contains(present[0]) {
            e.report("long", "only applies to button, belt_button and pencil events")
        }
        if e.has("side") && present[0] != "gesture" {
            e.declare("side")
            e.report("side", "only applies to gesture events (a touch stroke names its own side)")
        }
        var action: SimulationEvent.Action?
        switch present[0] {
        case "button":
            if let name = e.string("button") {
                if let line = Self.gpioLine(name) {
                    if let buttons, buttons.binding(forLine: line) == nil {
                        e.report("button", "GPIO\(line) has no binding in [buttons.map], so pressing it would do nothing")
                    } else {
                        action = .pressButton(line: line, long: long)
                    }
                } else {
                    e.report("button", "\"\(name)\" is not a GPIO line; write it as GPIO<n>, e.g. GPIO17")
                }
            }
        case "gesture":
            if let name = e.string("gesture") {
                let side = e.choice("side", CaseSide.allCases.map(\.rawValue)).flatMap(CaseSide.init(rawValue:)) ?? .right
                if let g = RecognizedGesture(configName: name) {
                    action = touchAction(SimulatedTouch(g, on: side), e, key: "gesture", touchCase: touchCase)
                } else {
                    e.report("gesture", "unknown gesture \"\(name)\"" + Suggestion.hint(for: name, in: RecognizedGesture.allCases.map(\.configName)))
                }
            }
        case "touch":
            let strokes: [TableReader]? = e.value("touch")?.table != nil ? e.subtable("touch").map { [$0] } : e.tables("touch")
            var read: [SimulatedTouch.Stroke] = []
            for t in strokes ?? [] {
                // Without `finger`, each stroke on a side is the next finger there.
                if let stroke = readStroke(t, nextFinger: { side in read.filter { $0.side == side }.count }) { read.append(stroke) }
            }
            if let strokes, read.count == strokes.count, !read.isEmpty {
                action = touchAction(SimulatedTouch(strokes: read), e, key: "touch", touchCase: touchCase)
            }
        case "pencil":
            if let name = e.choice("pencil", ["tip", "eraser"]) {
                action = .penClick(name, held: long ? .seconds(1) : .milliseconds(120))
            }
        case "belt_button":
            if let name = e.choice("belt_button", BeltButton.allCases.map(\.description)) {
                action = .beltButton(BeltButton.allCases.first { $0.description == name }!, long ? .long : .short)
            }
        case "gps_outage_s":
            if let v = e.double("gps_outage_s", in: 1...3600, unit: " s") { action = .gpsOutage(.seconds(v)) }
        case "compass_outage_s":
            if let v = e.double("compass_outage_s", in: 1...3600, unit: " s") { action = .compassOutage(.seconds(v)) }
        case "belt_disconnect_s":
            if let v = e.double("belt_disconnect_s", in: 0.5...3600, unit: " s") { action = .beltDisconnect(.seconds(v)) }
        case "belt_refuses_connection":
            if let refuse = e.bool("belt_refuses_connection") {
                if refuse { action = .beltRefusesNextConnection } else {
                    e.report("belt_refuses_connection", "only true makes sense here; leave the event out instead")
                }
            }
        case "belt_battery_percent":
            if let v = e.int("belt_battery_percent", in: 0...100, unit: " %") { action = .beltBattery(percent: v) }
        default:
            if let name = e.choice("fail_actor", Self.actorNames) { action = .failActor(name) }
        }
        e.rejectUnknownKeys()
        guard let at, let action else { return nil }
        return SimulationEvent(at: at, action: action)
    }

    /// A touch event is only useful when the case senses where it touches, with enough fingers.
    private func touchAction(_ touch: SimulatedTouch, _ e: TableReader, key: String, touchCase: TouchCaseSettings) -> SimulationEvent.Action? {
        for side in Set(touch.strokes.map(\.side)) where !touchCase.sides.contains(side) {
            e.report(key == "gesture" ? "side" : key, "side \"\(side.rawValue)\" is not enabled in [devices.touch_case] sides, so the case would not report it")
            return nil
        }
        if touch.fingersNeeded > touchCase.touchesPerSide {
            e.report(key, "needs \(touch.fingersNeeded) fingers on one side, but [devices.touch_case] touches_per_side is \(touchCase.touchesPerSide)")
            return nil
        }
        return .touch(touch)
    }

    /// `{ side = "right", from = [0.2, 0.5], to = [0.8, 0.5], duration_ms = 150, delay_ms = 0, finger = 0 }`.
    private func readStroke(_ t: TableReader, nextFinger: (CaseSide) -> Int) -> SimulatedTouch.Stroke? {
        let side = t.choice("side", CaseSide.allCases.map(\.rawValue)).flatMap(CaseSide.init(rawValue:))
        if !t.has("side") { t.report("side", "missing; the side touched: top, bottom, left or right") }
        func point(_ key: String) -> TouchPoint? {
            guard let v = t.value(key) else { return nil }
            let numbers = v.array?.compactMap { $0.type == .int ? $0.int.map(Double.init) : $0.double } ?? []
            guard numbers.count == 2, v.array?.count == 2, numbers.allSatisfy({ (0...1).contains($0) }) else {
                t.report(key, "expected [x, y] with both within 0–1 (the strip's normalized coordinates), found \(TableReader.describe(v))")
                return nil
            }
            return TouchPoint(x: numbers[0], y: numbers[1])
        }
        let from = point("from")
        if !t.has("from") { t.report("from", "missing; where the finger lands, [x, y] within 0–1") }
        let to = point("to")
        let duration = t.int("duration_ms", in: 10...60_000, unit: " ms") ?? 100
        let delay = t.int("delay_ms", in: 0...60_000, unit: " ms") ?? 0
        let chosen = t.int("finger", in: 0...4)
        t.rejectUnknownKeys()
        guard let side, let from else { return nil }
        let finger = chosen ?? nextFinger(side)
        return SimulatedTouch.Stroke(side: side, finger: finger, delay: .milliseconds(delay), duration: .milliseconds(duration),
                                     from: from, to: to)
    }

    /// A script runs for at most a day of session time.
    static let longestScript: Double = 24 * 3600

    /// `"3:00"`, `"1:02:03"` or a number of seconds, within a day.
    private func readTime(_ t: TableReader, _ key: String) -> Duration? {
        guard let v = t.value(key) else { return nil }
        var seconds: Double?
        if v.type == .int, let i = v.int { seconds = Double(i) }
        if v.type == .double, let d = v.double { seconds = d }
        if let s = v.string {
            let parts = s.split(separator: ":", omittingEmptySubsequences: false)
            // Plain decimal digits only: "inf", "nan" or "1e9" are not clock times.
            let numbers = parts.map { p in p.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } ? Double(p) : nil }
            if (2...3).contains(parts.count), numbers.allSatisfy({ $0 != nil }) {
                seconds = numbers.reduce(0.0) { $0 * 60 + $1! }
            }
        }
        guard let seconds else {
            t.report(key, "expected a session time like \"3:00\" (minutes:seconds) or a number of seconds, found \(TableReader.describe(v))")
            return nil
        }
        guard seconds.isFinite, (0...Self.longestScript).contains(seconds) else {
            t.report(key, "\(TableReader.describe(v)) is out of range; expected a time between 0:00 and 24:00:00")
            return nil
        }
        return .seconds(seconds)
    }

    private func command(_ name: String, at keyPath: String, issues: IssueCollector) -> NavigationCommand? {
        if let c = NavigationCommand(configName: name) { return c }
        let names = NavigationCommand.allCases.map(\.configName)
        issues.report(keyPath, "unknown command \"\(name)\"" + Suggestion.hint(for: name, in: names)
                      + " (commands: \(names.joined(separator: ", ")))")
        return nil
    }

    static func gpioLine(_ text: String) -> Int? {
        let upper = text.uppercased()
        guard upper.hasPrefix("GPIO"), let n = Int(upper.dropFirst(4)), n >= 0, n < 1000 else { return nil }
        return n
    }

    /// The runtime's own parsers decide, so that what the checker accepts the device rules can use.
    static func isBluetoothAddress(_ s: String) -> Bool { BluetoothAddress(string: s) != nil }

    static func isUUID(_ s: String) -> Bool { BLEUUID(string: s) != nil }
}
