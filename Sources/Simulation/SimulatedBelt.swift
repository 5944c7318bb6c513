import Belt
import Navigation

/// A naviBelt above the byte level: keeps mode, default intensity and the vibration channels,
/// records every command it receives, and answers with the events a belt would send.
///
/// Commands a belt would refuse (bad intensity, a motor that does not exist, vibration outside app
/// mode) are recorded as violations, so a test can fail on any.
package struct SimulatedBelt: Sendable {
    package struct Record: Sendable, Hashable {
        package var at: Duration
        package var command: BeltCommand
        /// Why the belt refused or ignored it, if it did.
        package var problem: String?
    }

    package struct ActiveChannel: Sendable, Hashable {
        package var configuration: ChannelConfiguration
        package var since: Duration
    }

    package static let motorCount = 16

    package private(set) var mode: BeltMode = .wait
    package private(set) var defaultIntensity = 50
    package private(set) var channels: [UInt8: ActiveChannel] = [:]
    package private(set) var orientationNotifications = false
    package private(set) var compassAccuracySignal = (enabled: true, persistent: false)
    package private(set) var batteryPercent = 96.0
    /// Where the power comes from: on battery until a script plugs the belt in.
    package private(set) var powerStatus: BeltPowerStatus = .onBattery
    package private(set) var records: [Record] = []
    package private(set) var systemSignals: [(at: Duration, signal: BeltSystemSignal)] = []

    package init() {}

    package var violations: [Record] { records.filter { $0.problem != nil && !($0.problem!.hasPrefix("ignored")) } }

    /// Applies a command; returns the notifications the belt sends back.
    package mutating func receive(_ command: BeltCommand, at now: Duration) -> [BeltEvent] {
        var problem: String?
        var events: [BeltEvent] = []
        switch command {
        case .changeMode(let newMode):
            if newMode == .unknown {
                problem = "mode 0xFF is not a belt mode"
            } else {
                mode = newMode
                if newMode != .app { channels.removeAll() }
                events.append(.modeChanged(newMode))
            }
        case .setDefaultIntensity(let value, _):
            if (5...100).contains(value) { defaultIntensity = value } else { problem = "default intensity \(value) outside 5–100" }
        case .configureChannel(let c):
            problem = Self.check(c)
            if problem == nil {
                // Outside app mode only a bounded channel-0 signal that clears nothing is played
                // (FSLib-iOS docs/README.md, "Vibration-channel configuration"). An exclusive channel
                // suspends the others while it plays (`navigationMotor`); only clearing removes them.
                if mode != .app, c.channel != 0 || c.iterations == 0 || c.clearOtherChannels {
                    problem = "ignored: vibration while in \(mode) mode"
                } else {
                    if c.clearOtherChannels { channels.removeAll() }
                    channels[c.channel] = ActiveChannel(configuration: c, since: now)
                }
            }
        case .stop(let channel):
            if let channel { channels[channel] = nil } else { channels.removeAll() }
        case .systemSignal(let signal):
            systemSignals.append((now, signal))
            if signal == .batteryLevel { events.append(.battery(batteryStatus)) }
        case .setOrientationNotifications(let on):
            orientationNotifications = on
        case .setCompassAccuracySignal(let enabled, let persistent):
            compassAccuracySignal = (enabled, persistent)
            events.append(.compassAccuracySignal(enabled ? .everywhere : []))
        case .requestCompassAccuracySignalState:
            break
        case .requestBatteryStatus:
            events.append(.battery(batteryStatus))
        case .requestParameter(.mode):
            events.append(.modeChanged(mode))
        case .setHeadingOffset(let degrees):
            if !(0..<360).contains(degrees) { problem = "heading offset \(degrees) outside 0–359" }
        case .requestParameter, .requestAdvancedParameter, .setAdvancedParameter, .setNameSuffix, .applyFrontRangePatch,
             .reset, .pulse, .answerKeepAlive, .playSound, .setBatteryNotifications, .requestFirmwareVersion,
             .requestErrorLog:
            // Recorded only; the byte-level simulator (`BeltPeripheral`) answers these.
            break
        }
        records.append(Record(at: now, command: command, problem: problem))
        return events
    }

    /// Firmware-side checks of a channel configuration (the ranges the libraries check).
    static func check(_ c: ChannelConfiguration) -> String? {
        if c.channel > 5 { return "channel \(c.channel) does not exist" }
        if let i = c.intensity, !(0...100).contains(i) { return "intensity \(i) outside 0–100" }
        switch c.orientation {
        case .motorIndex(let m) where m >= motorCount: return "motor \(m) does not exist"
        case .angle(let a) where !(0..<360).contains(a): return "angle \(a) outside 0–359"
        case .magneticBearing(let b) where !(0..<360).contains(b): return "bearing \(b) outside 0–359"
        default: break
        }
        if c.periodMilliseconds == 0 && c.pattern != .noVibration { return "period 0 ms" }
        return nil
    }

    /// When the first channel with a set number of iterations plays out; nil while none will.
    package var nextChannelEnd: Duration? {
        channels.values.compactMap { active -> Duration? in
            let c = active.configuration
            guard c.iterations > 0 else { return nil }
            return active.since + .milliseconds(Int(c.periodMilliseconds) * Int(c.iterations))
        }.min()
    }

    /// The battery's drain in percent per second: more while a channel vibrates.
    package var drainPerSecond: Double { channels.isEmpty ? 0.0008 : 0.004 }
    /// The charge gained per second on a charger: full from empty in about 80 minutes (a number for
    /// the simulation, not a measurement).
    package static let chargePerSecond = 0.02

    /// How fast the charge moves, percent per second, either way: draining on battery, rising on a
    /// charger, still on external power (full) or when the belt cannot tell.
    package var chargeRatePerSecond: Double {
        switch powerStatus {
        case .onBattery: drainPerSecond
        case .charging: Self.chargePerSecond
        case .external, .unknown: 0
        }
    }

    /// What FE09 carries: time to empty on battery and time to full while charging, from the rates
    /// above; 0 on external power.
    package var batteryStatus: BeltBatteryStatus {
        let vibrating = !channels.isEmpty
        let seconds: Double
        let current: Int
        switch powerStatus {
        case .onBattery:
            seconds = batteryPercent / drainPerSecond
            current = vibrating ? -180 : -40
        case .charging:
            seconds = (100 - batteryPercent) / Self.chargePerSecond
            current = 500
        case .external, .unknown:
            seconds = 0
            current = 0
        }
        return BeltBatteryStatus(powerStatus: powerStatus, percent: batteryPercent, seconds: seconds,
                                 currentMilliamperes: current, voltageMillivolts: 3400 + Int(batteryPercent * 8))
    }

    /// Drops channels whose iterations have played out and drains the battery a little.
    package mutating func advance(to now: Duration, dt: Double) {
        channels = channels.filter { _, active in
            let c = active.configuration
            guard c.iterations > 0 else { return true }
            let length = Duration.milliseconds(Int(c.periodMilliseconds) * Int(c.iterations))
            return now - active.since < length
        }
        // About 7 hours from full while vibrating: a number for the demo, not a measurement.
        switch powerStatus {
        case .onBattery:
            batteryPercent = max(0, batteryPercent - dt * drainPerSecond)
        case .charging:
            batteryPercent = min(100, batteryPercent + dt * Self.chargePerSecond)
            // Full on the charger: the belt then reports external power (FSLib-iOS `FSPowerStatus`).
            if batteryPercent >= 100 { powerStatus = .external }
        case .external, .unknown:
            break
        }
    }

    /// Scripted: the belt is plugged in (charging, external) or unplugged (battery); it tells the
    /// central on FE09.
    package mutating func setPower(_ power: BeltPowerStatus) -> [BeltEvent] {
        powerStatus = power == .charging && batteryPercent >= 100 ? .external : power
        return [.battery(batteryStatus)]
    }

    /// Scripted: the wearer sets the default intensity on the belt's buttons (in pause mode, home
    /// raises and compass lowers it, FSLib-iOS docs/README.md); the belt reports it on FE06.
    package mutating func setIntensityOnButtons(_ intensity: Int) -> [BeltEvent] {
        defaultIntensity = min(max(intensity, 5), 100)
        return [.defaultIntensity(defaultIntensity)]
    }

    /// One press of home or compass in pause mode changes the intensity by this much. The step is
    /// not documented by feelSpace; 10 is assumed, as `intensity-up`/`-down` step.
    package static let intensityButtonStep = 10

    /// Scripted: the battery's charge jumps (0–100 %).
    package mutating func setBattery(percent: Double) {
        batteryPercent = min(100, max(0, percent))
    }

    /// An unexpected link loss: the belt falls back from app (or our pause) to wait (FSLib-iOS docs/README.md).
    package mutating func linkLost() {
        if mode == .app || mode == .pause { mode = .wait }
        channels.removeAll()
    }

    /// The motor the navigation channel drives, given what the belt's own compass reads.
    /// nil when the navigation channel is silent.
    package func navigationMotor(compassHeading magnetic: Double) -> Int? {
        guard mode == .app, let active = channels[ChannelConfiguration.navigationChannel] else { return nil }
        // Suspended while an exclusive signal on another channel plays; it resumes after by itself.
        if channels.contains(where: { $0.key != ChannelConfiguration.navigationChannel && $0.value.configuration.exclusive }) {
            return nil
        }
        let c = active.configuration
        guard c.pattern != .noVibration else { return nil }
        let relative: Double
        switch c.orientation {
        case .magneticBearing(let b): relative = Double(b) - magnetic
        case .angle(let a): relative = Double(a)
        case .motorIndex(let m): return Int(m)
        case .binaryMask: return nil
        }
        let step = 360.0 / Double(Self.motorCount)
        let index = Int((Bearing.normalized(relative) / step).rounded()) % Self.motorCount
        return index
    }

    /// What the firmware does when one of its buttons is pressed, as the app sees it.
    /// The exact firmware rules are unknown; this follows what the libraries' handling implies:
    /// in app mode pause and home are reported without a mode change for the app to decide; in
    /// pause mode home raises and compass lowers the default intensity (FSLib-iOS docs/README.md,
    /// "Belt buttons and modes"), reported on FE06 after the press.
    package mutating func press(_ button: BeltButton, _ press: BeltPressType, at now: Duration) -> [BeltEvent] {
        let previous = mode
        if mode == .standby {
            // "In standby, all components of the belt, including Bluetooth, are switched-off. The belt
            // only reacts to a long press on the power button that starts the belt and put it in wait
            // mode" (FSLib-iOS docs/README.md). Nobody is connected to be told.
            if button == .power, press == .long { mode = .wait }
            return []
        }
        if mode == .pause, button == .home || button == .compass {
            let step = button == .home ? Self.intensityButtonStep : -Self.intensityButtonStep
            return [.buttonPressed(button, press, previousMode: previous, newMode: mode)]
                + setIntensityOnButtons(defaultIntensity + step)
        }
        switch (button, press, mode) {
        case (.pause, _, .app), (.pause, _, .pause), (.home, _, _):
            break
        case (.pause, _, .wait), (.pause, _, .compass), (.pause, _, .crossing):
            // "From the wait, compass and app modes, the pause mode is obtained by a press on the
            // pause button" (FSLib-iOS docs/README.md); from app mode the app decides, above.
            mode = .pause
        case (.pause, _, _):
            break
        case (.compass, .short, _):
            mode = mode == .compass ? .wait : .compass
        case (.compass, .long, _):
            mode = .calibration
        case (.power, .short, _):
            systemSignals.append((now, .batteryLevel))
        case (.power, .long, _):
            mode = .standby
        }
        if mode != .app { channels.removeAll() }
        return [.buttonPressed(button, press, previousMode: previous, newMode: mode)]
    }
}
