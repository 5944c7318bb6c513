import Controls
import Gestures
import TOMLKit

/// The reader of `[gestures]`.
extension ConfigurationLoader {
    /// `[gestures]`: `gesture = "command"` (on every sensed side), or `gesture = { command = "…",
    /// sides = [...], classes = [...], <parameters> }`, or an array of such tables (the same gesture
    /// doing different things on different sides); `pencil-tip[-long]`/`pencil-eraser[-long]` for pen
    /// clicks; `handedness` and `long_click_ms`.
    func readGestures(_ t: TableReader?, sensed: Set<CaseSide>) -> GestureCommandMap? {
        guard let t else { return .defaults }
        var map = GestureCommandMap()
        /// Where each binding of `map.bindings` is written.
        var paths: [String] = []
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
                if let cmd = command(name, at: t.keyPath(key), issues: t.issues) {
                    map.bindings.append(GestureBinding(gesture, command: cmd))
                    paths.append(t.keyPath(key))
                }
            } else if value.table != nil, let sub = t.subtable(key) {
                if let b = readBinding(sub, gesture: gesture, sensed: sensed) {
                    map.bindings.append(b)
                    paths.append(sub.path)
                }
            } else if value.array != nil, let subs = t.tables(key) {
                for sub in subs {
                    if let b = readBinding(sub, gesture: gesture, sensed: sensed) {
                        map.bindings.append(b)
                        paths.append(sub.path)
                    }
                }
            } else {
                t.report(key, "expected a command name, { command = \"…\", sides = [...] } or an array of those, found \(TableReader.describe(value))")
            }
        }
        for shadow in ShadowedBinding.find(in: map.bindings, sensedSides: sensed) {
            let earlier = shadow.shadowedBy.map { "\(paths[$0]) (\(t.issues.location(of: paths[$0])))" }
            let sides = shadow.sides.map(\.rawValue).sorted().joined(separator: ", ")
            let gesture = map.bindings[shadow.index].gesture
            if earlier.count == 1, let only = earlier.first {
                t.issues.report(paths[shadow.index],
                                "can never fire: \(only) takes every \(gesture) on \(sides) first, with the same "
                                + "parameters and touch classes; keep one, or give them different sides or parameters")
            } else {
                let names = earlier.dropLast().joined(separator: ", ") + " and " + (earlier.last ?? "")
                t.issues.report(paths[shadow.index],
                                "can never fire: between them \(names) take every \(gesture) on \(sides) first, "
                                + "with the same parameters, on every touch class it sees; remove this one, or give "
                                + "it sides or parameters of its own")
            }
        }
        return map
    }

    func readBinding(_ t: TableReader, gesture: RecognizedGesture, sensed: Set<CaseSide>) -> GestureBinding? {
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

    func command(_ name: String, at keyPath: String, issues: IssueCollector) -> NavigationCommand? {
        if let c = NavigationCommand(configName: name) { return c }
        let names = NavigationCommand.allCases.map(\.configName)
        issues.report(keyPath, "unknown command \"\(name)\"" + Suggestion.hint(for: name, in: names)
                      + " (commands: \(names.joined(separator: ", ")))")
        return nil
    }
}
