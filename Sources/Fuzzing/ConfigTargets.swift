import BLE
import Config
import Controls
import Foundation
import Platform

/// The configuration file and the board files it names, through the loader's validation. What the
/// loader accepts, the runtime can use; what it refuses, it refuses with a place to look.
enum ConfigTargets {
    /// A board file, a NUL byte, then a configuration (without the NUL, the whole input is the
    /// configuration). The board file is offered as `board = "fuzz"` beside the shipped boards.
    static let configuration = FuzzTarget(
        name: "config",
        summary: "the TOML configuration and a board file, through validation to the values the runtime uses",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        var boardText: [UInt8] = []
        var configText = bytes
        if let nul = bytes.firstIndex(of: 0) {
            boardText = Array(bytes[..<nul])
            configText = Array(bytes[(nul + 1)...])
        }
        let scratch = Scratch.directory("boards")
        try? Data(boardText).write(to: URL(fileURLWithPath: scratch + "/fuzz.toml"))
        let loader = ConfigurationLoader.appliance(boards: BoardCatalog(directories: [scratch, Scratch.shippedBoards]))
        let text = String(decoding: configText, as: UTF8.self)
        let path = Scratch.configurationPath
        let configuration: WayfinderConfiguration
        do throws(ConfigError) {
            configuration = try loader.load(text: text, path: path)
        } catch {
            try expect(!error.issues.isEmpty, "a refused configuration with no issue")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for issue in error.issues {
                try expect(!issue.message.isEmpty, "an issue without a message at \(issue.keyPath)")
                if issue.file == path, let line = issue.line {
                    try expect(line >= 1 && line <= lines + 1, "\(issue) points at line \(line) of \(lines)")
                    if let column = issue.column { try expect(column >= 1, "\(issue) points at column \(column)") }
                }
                _ = issue.description
            }
            return
        }
        try checkUsable(configuration)
    }

    /// What the runtime does with an accepted configuration, and the promises it relies on.
    static func checkUsable(_ c: WayfinderConfiguration) throws(FuzzViolation) {
        for (table, selection) in [("belt", c.belt), ("touch_case", c.touchCase), ("pencil", c.pencil)] {
            for uuid in selection.serviceUUIDs {
                try expect(BLEUUID(string: uuid) != nil, "[devices.\(table)] accepted the UUID \"\(uuid)\", which does not convert")
            }
            if let address = selection.address {
                try expect(BluetoothAddress(string: address) != nil,
                           "[devices.\(table)] accepted the address \"\(address)\", which does not convert")
            }
            _ = selection.discoveryRule
        }
        for waypoint in c.route.waypoints {
            try expect(waypoint.coordinate.isValid, "the route has the waypoint \(waypoint.coordinate)")
        }
        _ = c.route.identity
        try expect(c.board.gpioLineCount >= 0, "board \(c.board.id) has \(c.board.gpioLineCount) GPIO lines")
        for line in c.buttons.lines {
            try expect(line >= 0 && (c.board.isSimulated || line < c.board.gpioLineCount),
                       "a button on line \(line) of a \(c.board.gpioLineCount)-line chip")
        }
        try expect(Set(c.buttons.lines).count == c.buttons.lines.count, "a line bound twice: \(c.buttons.lines)")
        if let pair = c.buttons.pairPencilLine {
            try expect(c.buttons.binding(forLine: pair) == nil, "the pair control's line GPIO\(pair) also has press commands")
            try expect(c.pencil.enabled, "a pair control accepted with the Pencil disabled")
        }
        for binding in c.gestures.bindings where binding.gesture.isContinuous {
            try expect(binding.step.isFinite && binding.step > 0, "\(binding.gesture) accepted with the step \(binding.step)")
        }
        let shadowed = ShadowedBinding.find(in: c.gestures.bindings, sensedSides: c.touchCaseSettings.sides)
        try expect(shadowed.isEmpty, "a binding that can never fire accepted: \(shadowed.map { c.gestures.bindings[$0.index] })")
        for setting in c.settings { _ = setting }
        let plan = ReloadPlan(running: c, candidate: .success(c))
        _ = plan.status
        _ = plan.logLines
        _ = c.takingLiveSettings(from: c)
    }
}

/// Files a target must hand to code that reads from disk (the board catalogue, the state stores),
/// in one directory per process.
enum Scratch {
    /// The boards shipped in the repository (`make fuzz` runs from its top), or WAYFINDER_BOARDS.
    static let shippedBoards = ProcessInfo.processInfo.environment["WAYFINDER_BOARDS"] ?? "boards"
    /// Relative paths in a configuration (the route) resolve against deploy/, as for deploy/demo.toml.
    static let configurationPath = "deploy/fuzz.toml"

    private static let root: String = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return "\(base)/wayfinder-fuzz-\(getpid())"
    }()

    /// An empty directory for `name`, emptied again on every call.
    static func directory(_ name: String) -> String {
        let path = "\(root)/\(name)"
        let files = FileManager.default
        try? files.removeItem(atPath: path)
        // Private: the state stores write only into a directory that group and others cannot enter.
        try? files.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }
}
