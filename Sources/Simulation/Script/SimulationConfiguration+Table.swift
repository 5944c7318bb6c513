import Belt
import Config
import Gestures
import Platform
import TOMLKit

/// `[simulation]`: the simulated board's world and script. Its schema lives here, with the simulation
/// that runs it; the configuration loader reads it when given this type (`ConfigurationTable`).
extension SimulationConfiguration: ConfigurationTable {
    package static let name = "simulation"

    /// A simulated board always has a script (the defaults when the file has no table); any other
    /// board must not have one.
    package static func read(_ table: TableReader?, context: ConfigurationContext) -> SimulationConfiguration? {
        let simulated = context.board?.isSimulated ?? false
        guard let table else { return simulated ? SimulationConfiguration() : nil }
        // [route] plans from the walk's first fix: the walker needs a place to start.
        if simulated, context.plansRoute == true, !table.has("start") {
            table.report("start", Self.startMissing)
        }
        if context.board != nil && !simulated {
            table.report("", "the [simulation] table only applies to board = \"sim\"")
        }
        let script = readScript(table, buttons: context.buttons, touchCase: context.touchCase)
        return simulated ? script : nil
    }

    /// A simulated board walking a planned route without a table at all.
    package static func problemWhenAbsent(context: ConfigurationContext) -> String? {
        (context.board?.isSimulated ?? false) && context.plansRoute == true ? "missing; " + startMissing : nil
    }

    static let startMissing = "[route] plans the route from where the walk starts, so the simulated walker needs "
        + "a place to start: start = [latitude, longitude] in [simulation], e.g. start = [55.6761, 12.5683]"

    package var settings: [ConfigurationSetting] {
        func r(_ key: String, _ value: String) -> ConfigurationSetting { .init("simulation.\(key)", value, .restart) }
        var s = [
            r("acceleration", Render.number(acceleration)),
            r("seed", "\(seed)"),
            r("walking_speed_mps", Render.number(walkingSpeed)),
            r("gps_noise_m", Render.number(gpsNoise)),
            r("gps_interval_s", Render.seconds(gpsInterval)),
            r("heading_sway_deg", Render.number(headingSway)),
            r("compass_noise_deg", Render.number(compassNoise)),
            r("start_offset_m", Render.number(startOffset)),
            r("start", start.map { "[\(Render.number($0.latitude)), \(Render.number($0.longitude))]" }
                ?? "unset (start_offset_m before the first waypoint)"),
            r("gps_protocol", Render.string(gpsProtocol.rawValue)),
            r("compass_hard_iron_ut", "[\(compassHardIron.map(Render.number).joined(separator: ", "))]"),
            r("compass_soft_iron", "[\(compassSoftIron.map(Render.number).joined(separator: ", "))]"),
        ]
        for (i, event) in events.enumerated() {
            s.append(r("events[\(i)]", "at \(event.at.clockString): \(event.action)"))
        }
        return s
    }

    private static func readScript(_ t: TableReader, buttons: ButtonConfiguration?, touchCase: TouchCaseSettings) -> SimulationConfiguration {
        var s = SimulationConfiguration()
        if let v = t.double("acceleration", in: 1...10_000, unit: "×") { s.acceleration = v }
        if let v = t.int("seed", in: 0...Int.max) { s.seed = UInt64(v) }
        if let v = t.double("walking_speed_mps", in: 0.3...3, unit: " m/s") { s.walkingSpeed = v }
        if let v = t.double("gps_noise_m", in: 0...50, unit: " m") { s.gpsNoise = v }
        if let v = t.double("gps_interval_s", in: 0.1...10, unit: " s") { s.gpsInterval = .seconds(v) }
        if let v = t.double("heading_sway_deg", in: 0...90, unit: "°") { s.headingSway = v }
        if let v = t.double("compass_noise_deg", in: 0...45, unit: "°") { s.compassNoise = v }
        if let v = t.double("start_offset_m", in: 0...500, unit: " m") { s.startOffset = v }
        s.start = t.coordinate("start")
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

    /// What `fail_actor` may name: every actor the appliance registers (`ApplianceMember`), which
    /// `SimulatedFaultRouteTests` holds this list to.
    static let actorNames = ["belt", "navigation", "gestures", "buttons", "touch-case", "pencil"]

    /// The QMC5883L reads ±800 µT at ±8 G; an offset beyond ±400 µT leaves no room for the Earth's field.
    static let hardIronLimit = 400.0

    /// `compass_hard_iron_ut = [x, y, z]`, µT.
    private static func readHardIron(_ t: TableReader) -> [Double]? {
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
    private static func readSoftIron(_ t: TableReader) -> [Double]? {
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

    private static func readEvent(_ e: TableReader, buttons: ButtonConfiguration?, touchCase: TouchCaseSettings) -> SimulationEvent? {
        let at = readTime(e, "at")
        if !e.has("at") { e.report("at", "missing; when the event happens, e.g. at = \"3:00\" (minutes:seconds of session time)") }
        let actionKeys = ["button", "gesture", "touch", "pencil", "belt_button", "gps_outage_s", "compass_outage_s", "belt_disconnect_s", "belt_refuses_connection",
                          "belt_battery_percent", "belt_intensity", "belt_power", "pencil_battery_percent", "fail_actor",
                          "pi_undervoltage", "wander_s"]
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
                if let line = ConfigurationLoader.gpioLine(name) {
                    if let buttons, buttons.binding(forLine: line) == nil, buttons.pairPencilLine != line {
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
            if let name = e.choice("belt_button", BeltButton.allCases.map(\.description)),
               let button = BeltButton.allCases.first(where: { $0.description == name }) {
                action = .beltButton(button, long ? .long : .short)
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
        case "pi_undervoltage":
            if let v = e.bool("pi_undervoltage") { action = .piUnderVoltage(v) }
        case "belt_intensity":
            // The belt's own range (FSLib's `changeDefaultVibrationIntensity`).
            if let v = e.int("belt_intensity", in: 5...100, unit: " %") { action = .beltIntensity(v) }
        case "belt_power":
            let powers: [BeltPowerStatus] = [.onBattery, .charging, .external]
            if let name = e.choice("belt_power", powers.map(\.statusName)),
               let power = powers.first(where: { $0.statusName == name }) {
                action = .beltPower(power)
            }
        case "wander_s":
            if let v = e.double("wander_s", in: 1...3600, unit: " s") { action = .wander(.seconds(v)) }
        case "pencil_battery_percent":
            if let v = e.int("pencil_battery_percent", in: 0...100, unit: " %") { action = .pencilBattery(percent: v) }
        default:
            if let name = e.choice("fail_actor", Self.actorNames) { action = .failActor(name) }
        }
        e.rejectUnknownKeys()
        guard let at, let action else { return nil }
        return SimulationEvent(at: at, action: action)
    }

    /// A touch event is only useful when the case senses where it touches, with enough fingers.
    private static func touchAction(_ touch: SimulatedTouch, _ e: TableReader, key: String, touchCase: TouchCaseSettings) -> SimulationEvent.Action? {
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
    private static func readStroke(_ t: TableReader, nextFinger: (CaseSide) -> Int) -> SimulatedTouch.Stroke? {
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

    /// `75`, `7.5`: a whole number without its `.0`; `Int(_:)` only on a finite value far inside Int.
    private static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `"3:00"`, `"1:02:03"` or a number of seconds, within a day.
    private static func readTime(_ t: TableReader, _ key: String) -> Duration? {
        guard let v = t.value(key) else { return nil }
        var seconds: Double?
        if v.type == .int, let i = v.int { seconds = Double(i) }
        if v.type == .double, let d = v.double { seconds = d }
        if let s = v.string {
            let parts = s.split(separator: ":", omittingEmptySubsequences: false)
            // Plain decimal digits only: "inf", "nan" or "1e9" are not clock times.
            let numbers = parts.compactMap { p in p.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } ? Double(p) : nil }
            if (2...3).contains(parts.count), numbers.count == parts.count {
                // After a colon come minutes or seconds, 0–59: "9:75" is a typo, not 10:15.
                let names = parts.count == 3 ? ["minutes", "seconds"] : ["seconds"]
                for (value, name) in zip(numbers.dropFirst(), names) where !(value < 60) {
                    t.report(key, "\"\(s)\" has \(Self.number(value)) \(name); after a colon, "
                             + "minutes and seconds run from 0 to 59 (\"m:ss\" or \"h:mm:ss\")")
                    return nil
                }
                seconds = numbers.reduce(0.0) { $0 * 60 + $1 }
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
}

extension WayfinderConfiguration {
    /// The `[simulation]` table: present exactly when the board is simulated and the loader was given
    /// `SimulationConfiguration` (`ConfigurationLoader.appliance`).
    package var simulation: SimulationConfiguration? {
        get { table(SimulationConfiguration.self) }
        set { tables[SimulationConfiguration.name] = newValue }
    }
}

extension ConfigurationLoader {
    /// The loader the appliance and its commands use: every table, the simulation's included, and the
    /// files read from disk unless `files` says otherwise.
    package static func appliance(boards: BoardCatalog, files: any FileReading = DiskFiles()) -> ConfigurationLoader {
        ConfigurationLoader(boards: boards, files: files, tables: [SimulationConfiguration.self])
    }
}
