import Vocabulary
import TOMLKit

/// The reader of `[buttons]`.
extension ConfigurationLoader {
    func readButtons(_ t: TableReader?, board: BoardDefinition?) -> ButtonConfiguration? {
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
                if config.binding(forLine: line) != nil || config.pairPencilLine == line || seenLines.contains(line) {
                    map.report(key, "GPIO \(line) is bound twice; keep one entry for it")
                    continue
                }
                seenLines.insert(line)
                guard let value = map.value(key) else { continue }
                var binding = ButtonBinding(line: line, press: nil)
                if value.string == ButtonConfiguration.pairPencil {
                    if let other = config.pairPencilLine {
                        map.report(key, "GPIO \(other) is already the pair control; one line is enough")
                    } else {
                        config.pairPencilLine = line
                    }
                } else if let name = value.string {
                    binding.press = command(name, at: map.keyPath(key), issues: map.issues)
                } else if let table = value.table {
                    let sub = TableReader(table: table, path: map.keyPath(key), issues: map.issues)
                    func pressCommand(_ field: String) -> NavigationCommand? {
                        guard let name = sub.string(field) else { return nil }
                        if name == ButtonConfiguration.pairPencil {
                            sub.report(field, "\"pair-pencil\" takes the whole line, since the line is the pairing spot for as long as it is held: write \(key) = \"pair-pencil\"")
                            return nil
                        }
                        return command(name, at: sub.keyPath(field), issues: sub.issues)
                    }
                    binding.press = pressCommand("press")
                    binding.longPress = pressCommand("long_press")
                    binding.doublePress = pressCommand("double_press")
                    if !sub.has("press") && !sub.has("long_press") && !sub.has("double_press") {
                        sub.report("", "expected one or more of press = \"…\", long_press = \"…\", double_press = \"…\"")
                    }
                    sub.rejectUnknownKeys()
                } else {
                    map.report(key, "expected a command name, \"pair-pencil\" or { press = \"…\", long_press = \"…\", double_press = \"…\" }, found \(TableReader.describe(value))")
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
}
