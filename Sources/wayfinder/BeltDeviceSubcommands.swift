import ArgumentParser
import Belt
import Gestures

/// `wayfinder belt vibrate`: point the belt somewhere for a few seconds (a hardware check on a Pi).
struct BeltVibrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vibrate",
        abstract: "Vibrate toward a direction for a few seconds, then stop.",
        usage: """
            wayfinder belt vibrate <direction> [--angle] [--intensity <intensity>]
                                   [--duration <seconds>] [--simulated]
                                   [--config <config>] [--address <address>]
                                   [--address-type <address-type>]
                                   [--adapter <adapter>] [--verbose]
            """,
        discussion: """
        The belt goes to app mode, vibrates continuously toward the direction (FSLib-iOS vibrateAtMagneticBearing, \
        or vibrateAtAngle with --angle), stops, and returns to the mode it was in.
          wayfinder belt vibrate 90              east, by the belt's compass
          wayfinder belt vibrate --angle 0 -d 5  the front motor, 5 seconds
          wayfinder belt vibrate 180 --simulated try it without a belt
        """)

    @OptionGroup var belt: BeltDeviceOptions

    @Argument(help: "The direction in degrees: a magnetic bearing (0 = north), or with --angle, clockwise from the front.")
    var direction: Int

    @Flag(help: "The direction is an angle relative to the belt's front, not a magnetic bearing.")
    var angle = false

    @Option(help: "Intensity in percent, 5–100 (default: the belt's default intensity).")
    var intensity: Int?

    @Option(name: [.customShort("d"), .customLong("duration")],
            help: ArgumentHelp("How long to vibrate, in seconds, at most 600 (default: 3).", valueName: "seconds"))
    var duration: Double?

    // The same length under the name scripts use, and left out of the help so that the help names
    // each setting once. --seconds means a length wherever it is taken; calibrate compass refuses it
    // and points to --timeout for its give-up time.
    @Option(name: [.customShort("s", allowingJoined: false), .customLong("seconds")], help: .hidden)
    var seconds: Double?

    /// The length asked for, under either spelling.
    var length: Double { duration ?? seconds ?? 3 }

    func validate() throws {
        guard (0...359).contains(direction) else { throw ValidationError("the direction must be 0–359°") }
        if let intensity, !(5...100).contains(intensity) { throw ValidationError("--intensity must be 5–100 (FSLib's range)") }
        if duration != nil, seconds != nil {
            throw ValidationError("give the length once: --duration (-s/--seconds is its older spelling)")
        }
        guard length > 0, length <= 600 else { throw ValidationError("--duration must be more than 0 and at most 600 seconds") }
    }

    func run() async throws {
        var request: [String: JSONValue] = [
            "cmd": .string(angle ? "vibrateAtAngle" : "vibrateAtMagneticBearing"),
            angle ? "angle" : "direction": .int(direction),
        ]
        if let intensity { request["intensity"] = .int(intensity) }
        let command = try FSLibCommandNames.command(from: request)
        try await BeltDoor.withBelt(belt) { belt in
            try await belt.send([.changeMode(.app), command])
            print("vibrating toward \(direction)°\(angle ? " from the front" : " magnetic") for \(length) s")
            try await Task.sleep(for: .seconds(length))
            let back = [.app, .unknown].contains(belt.initialMode) ? BeltMode.wait : belt.initialMode
            try await belt.send([.stop(channel: nil), .changeMode(back)])
            print("stopped; belt back in \(back) mode")
        }
    }
}

/// `wayfinder belt signal`: play one of the belt's system signals.
struct BeltSignal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signal",
        abstract: "Play a system signal: warning, goalReached or battery (FSLib-iOS signal types).",
        usage: """
            wayfinder belt signal <signal> [--simulated] [--config <config>]
                                  [--address <address>]
                                  [--address-type <address-type>]
                                  [--adapter <adapter>] [--verbose]
            """)

    @OptionGroup var belt: BeltDeviceOptions

    @Argument(help: "warning, goalReached or battery.")
    var signal: String

    func validate() throws {
        do {
            _ = try FSLibCommandNames.command(from: ["cmd": .string("signal"), "signalType": .string(signal)])
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() async throws {
        let command = try FSLibCommandNames.command(from: ["cmd": .string("signal"), "signalType": .string(signal)])
        try await BeltDoor.withBelt(belt) { belt in
            try await belt.send([command])
            print("played \(signal)")
        }
    }
}

/// `wayfinder belt battery`: the belt's charge.
struct BeltBattery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "battery",
        abstract: "Print the belt's battery charge.",
        usage: """
            wayfinder belt battery [--json] [--simulated] [--config <config>]
                                   [--address <address>]
                                   [--address-type <address-type>]
                                   [--adapter <adapter>] [--verbose]
            """)

    @OptionGroup var belt: BeltDeviceOptions

    @Flag(help: "Print {\"battery\":N} instead of text.")
    var json = false

    func run() async throws {
        let percent = try await BeltDoor.withBelt(belt) { belt in
            let seen = await belt.events.count
            try await belt.send([.requestBatteryStatus])
            // Asked now; if the belt does not answer in time, a battery status it notified on its own
            // since the handshake switched FE09's notifications on will do.
            let fresh = try? await belt.next(after: seen, within: .seconds(3), "the battery status") { event -> Int? in
                if case .battery(let s) = event { return s.levelPercent } else { return nil }
            }
            if let fresh { return fresh }
            return try await belt.next(after: 0, within: .seconds(2), "the battery status") { event -> Int? in
                if case .battery(let s) = event { return s.levelPercent } else { return nil }
            }
        }
        print(json ? JSONText.encode(JSONValue.object(["battery": .int(percent)])) : "battery: \(percent)%")
    }
}

/// `wayfinder belt mode`: print or change the belt's mode.
struct BeltModeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mode",
        abstract: "Print the belt's mode, or change it (standby, wait, compass, app, pause, calibration, crossing).",
        usage: """
            wayfinder belt mode [<mode>] [--json] [--simulated] [--config <config>]
                                [--address <address>] [--address-type <address-type>]
                                [--adapter <adapter>] [--verbose]
            """,
        discussion: "standby switches the belt off: it then closes the link.")

    @OptionGroup var belt: BeltDeviceOptions

    @Argument(help: "The mode to change to; without it, the current mode is printed.")
    var mode: String?

    @Flag(help: "Print {\"mode\":\"…\"} instead of text.")
    var json = false

    private var target: BeltMode? {
        guard let mode, case .changeMode(let m) = try? FSLibCommandNames.command(from: ["cmd": .string("changeMode"), "mode": .string(mode)])
        else { return nil }
        return m
    }

    func validate() throws {
        if let mode, target == nil {
            throw ValidationError("\"\(mode)\" is not a mode: standby, wait, compass, app, pause, calibration, crossing")
        }
    }

    func run() async throws {
        let target = self.target
        try await BeltDoor.withBelt(belt) { belt in
            guard let target else {
                show(belt.initialMode)
                return
            }
            let seen = await belt.events.count
            try await belt.send([.changeMode(target)])
            let now = try await belt.next(after: seen, within: .seconds(5), "the belt confirming mode \(target)") { event -> BeltMode? in
                if case .modeChanged(let m) = event, m == target { return m } else { return nil }
            }
            show(now)
        }
    }

    private func show(_ mode: BeltMode) {
        print(json ? JSONText.encode(JSONValue.object(["mode": .string("\(mode)")])) : "mode: \(mode)")
    }
}

/// `wayfinder belt compass-signal`: print or set where the belt plays its compass-inaccurate signal.
struct BeltCompassSignal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compass-signal",
        abstract: "Print the belt's compass accuracy signal, or switch it on or off.",
        usage: """
            wayfinder belt compass-signal [on|off] [--persistent] [--json]
                                          [--simulated] [--config <config>]
                                          [--address <address>]
                                          [--address-type <address-type>]
                                          [--adapter <adapter>] [--verbose]
            """,
        discussion: """
        The belt vibrates three pulses on both sides when its own compass is inaccurate. on and off \
        set it in app mode and compass mode together, as FSLib-iOS setCompassAccuracySignal does, \
        until the belt is switched off; with --persistent the belt keeps it (firmware 41 and later).
        The appliance sets it at each connection from [devices.belt] compass_accuracy_signal.
          wayfinder belt compass-signal          where it plays now
          wayfinder belt compass-signal off      off until the belt is switched off
        """)

    @OptionGroup var belt: BeltDeviceOptions

    @Argument(help: ArgumentHelp("on or off; without it, the state is printed.", valueName: "on|off"))
    var state: String?

    @Flag(help: "Save the setting on the belt (firmware 41 and later).")
    var persistent = false

    @Flag(help: "Print {\"app_mode\":…,\"compass_mode\":…} instead of text.")
    var json = false

    func validate() throws {
        if let state, !["on", "off"].contains(state) {
            throw ValidationError("\"\(state)\" is neither on nor off")
        }
        if persistent, state == nil { throw ValidationError("--persistent needs on or off") }
    }

    func run() async throws {
        let wanted = state.map { $0 == "on" }
        let (persistent, json) = (self.persistent, self.json)
        try await BeltDoor.withBelt(belt) { belt in
            let reported = await belt.events.first(after: 0) { event -> CompassAccuracySignalState? in
                if case .compassAccuracySignal(let s) = event { s } else { nil }
            }
            guard let wanted else {
                guard let reported else {
                    printError("wayfinder: the belt did not report its compass accuracy signal")
                    throw ExitCode(69)
                }
                show(reported, json: json)
                return
            }
            if persistent {
                let firmware = await belt.events.first(after: 0) { event -> BeltFirmwareInfo? in
                    if case .firmware(let f) = event { f } else { nil }
                }
                // FSLib-Android `BeltCommunicationInterface.java`: the persistent flag needs firmware 41.
                guard let firmware, firmware.supportsPersistentParameters else {
                    printError("wayfinder: this belt (\(firmware.map { "\($0)" } ?? "firmware unknown")) cannot keep the setting; "
                               + "firmware 41 or later can. Leave out --persistent to set it until the belt is switched off.")
                    throw ExitCode(65)
                }
            }
            let seen = await belt.events.count
            try await belt.send([.setCompassAccuracySignal(enabled: wanted, persistent: persistent)])
            let now = try await belt.next(after: seen, within: .seconds(5), "the belt confirming its compass accuracy signal") {
                event -> CompassAccuracySignalState? in
                if case .compassAccuracySignal(let s) = event, s.contains(.inAppMode) == wanted { s } else { nil }
            }
            show(now, json: json)
        }
    }

    private func show(_ state: CompassAccuracySignalState, json: Bool) {
        let app = state.contains(.inAppMode), compass = state.contains(.inCompassMode)
        if json {
            print(JSONText.encode(JSONValue.object(["app_mode": .bool(app), "compass_mode": .bool(compass)])))
        } else {
            print("compass accuracy signal: \(app ? "on" : "off") in app mode, \(compass ? "on" : "off") in compass mode")
        }
    }
}
