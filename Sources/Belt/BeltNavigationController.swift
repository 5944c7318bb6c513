/// FSNavigationController's semantics as a pure state machine (FSLib-iOS `FSNavigationController.swift`
/// and its docs/README.md).
///
/// Fed actions, belt events and the current time; returns the writes to make and the state changes
/// to report. It keeps the navigation parameters while the belt is away, so that on (re)connection the
/// belt is brought back to match the controller — the latest state wins.
///
/// Decisions where the FSLib ports differ:
/// - "no vibration" stops only the navigation channel (Android's `30 02`), not every channel
///   (iOS's `30 FF`), so a direction notification playing on channel 0 is not cut short;
/// - destination reached plays the belt's own system signal (iOS), which needs no channel;
/// - updates are sent only while navigating (iOS);
/// - on every connection the default intensity is written again (not in FSLib's on-connection
///   sequence), because a belt that rebooted has forgotten it: the configured value, or the one the
///   wearer chose since, on the appliance or on the belt's own buttons (which the belt reports on
///   FE06, and which the controller follows);
/// - in pause mode the home and compass buttons change the belt's intensity (FSLib-iOS docs/README.md,
///   "Belt buttons and modes" and "Belt button press"), so home there does not resume the walk; the
///   pause button does;
/// - the compass accuracy signal is set, where asked, at each connection in which the belt reports
///   it otherwise (`compassAccuracySignalWanted`): for the current power cycle only, in app mode only
///   (the compass-mode bit stays as the wearer has it);
/// - the belt's heading reports are not started on connection (FSLib's sequence starts them): nothing
///   here reads them, and `BeltSession.setReportsOrientation` asks for them when something does.
package struct BeltNavigationController: Sendable {
    /// FSLib throttles vibration commands to one per 100 ms (`scheduleOrSendVibrationCommand`).
    package static let minimumVibrationInterval: Duration = .milliseconds(100)

    package private(set) var state: NavigationState = .stopped
    package private(set) var direction: Int = 0
    package private(set) var isMagneticBearing: Bool = true
    /// nil means "silent while navigating".
    package private(set) var signal: BeltVibrationSignal? = .navigation
    package private(set) var isConnected = false
    package private(set) var beltMode: BeltMode = .unknown
    package private(set) var defaultIntensity: Int?
    /// The intensities written and not yet echoed by the belt (it answers each write with FE06
    /// `01 02 i`), oldest first: an echo is not the wearer's doing, and an old echo must not undo a
    /// newer value.
    private var intensityEchoes: [Int] = []
    /// Whether the belt's compass accuracy signal should play in app mode; nil leaves it as the belt has it.
    package private(set) var compassAccuracySignalWanted: Bool?
    /// What the belt last reported of its compass accuracy signal; nil until it has in this connection.
    package private(set) var compassAccuracySignal: CompassAccuracySignalState?
    /// The firmware the belt reported in this connection's handshake.
    package private(set) var firmware: BeltFirmwareInfo?
    /// The compass accuracy signal has been brought in line in this connection.
    private var compassAccuracySignalSettled = false
    /// Set when the belt reports pause while we are paused: the belt's pause is ours, so stop returns it to wait.
    private var isPauseModeForNavigation = false
    private var lastVibrationSentAt: Duration?
    /// When a deferred vibration update is due; `poll(now:)` sends it.
    package private(set) var pendingVibrationDeadline: Duration?

    package init() {}

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case signalNotRepeated(BeltVibrationSignal)
        case intensityOutOfRange(Int)

        package var description: String {
            switch self {
            case .signalNotRepeated(let s): "\(s) is not a repeated signal and cannot be a navigation signal"
            case .intensityOutOfRange(let i): "default intensity \(i) is outside 5–100"
            }
        }
    }

    // MARK: Public actions

    package mutating func startNavigation(direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?,
                                         now: Duration) throws(Failure) -> [BeltNavigationOutput] {
        if let signal, !signal.isRepeated { throw .signalNotRepeated(signal) }
        if state == .navigating {
            return try updateNavigationSignal(direction: direction, isMagneticBearing: isMagneticBearing,
                                              signal: signal, now: now)
        }
        store(direction: direction, isMagneticBearing: isMagneticBearing, signal: signal)
        state = .navigating
        var out: [BeltNavigationOutput] = []
        if isConnected {
            if beltMode == .app {
                out += sendNavigationSignalThrottled(now: now)
            } else {
                out.append(.send(.changeMode(.app)))
            }
        }
        out.append(.stateChanged(.navigating))
        return out
    }

    package mutating func updateNavigationSignal(direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?,
                                                now: Duration) throws(Failure) -> [BeltNavigationOutput] {
        if let signal, !signal.isRepeated { throw .signalNotRepeated(signal) }
        guard state == .navigating else { return [] }
        store(direction: direction, isMagneticBearing: isMagneticBearing, signal: signal)
        return sendNavigationSignalThrottled(now: now)
    }

    package mutating func pauseNavigation() -> [BeltNavigationOutput] {
        guard state == .navigating else { return [] }
        state = .paused
        pendingVibrationDeadline = nil
        var out: [BeltNavigationOutput] = []
        if isConnected && beltMode == .app { out.append(.send(.changeMode(.pause))) }
        out.append(.stateChanged(.paused))
        return out
    }

    package mutating func stopNavigation() -> [BeltNavigationOutput] {
        guard state != .stopped else { return [] }
        state = .stopped
        pendingVibrationDeadline = nil
        var out: [BeltNavigationOutput] = []
        if isConnected && (beltMode == .app || (beltMode == .pause && isPauseModeForNavigation)) {
            out.append(.send(.changeMode(.wait)))
        }
        out.append(.stateChanged(.stopped))
        return out
    }

    package mutating func notifyDestinationReached(shouldStopNavigation: Bool) -> [BeltNavigationOutput] {
        var out = shouldStopNavigation ? stopNavigation() : []
        if isConnected { out.append(.send(.systemSignal(.destinationReached))) }
        return out
    }

    /// A one-second pulse toward a direction on channel 0, leaving the navigation signal as it is.
    package func notifyDirection(_ direction: Int, isMagneticBearing: Bool) -> [BeltNavigationOutput] {
        guard isConnected else { return [] }
        let config = ChannelConfiguration(
            channel: 0, pattern: .continuous,
            orientation: isMagneticBearing ? .magneticBearing(direction) : .angle(direction),
            iterations: 1, periodMilliseconds: 1000)
        return [.send(.configureChannel(config))]
    }

    /// The two warnings of FSLib's `notifyWarning`, with their exact parameters.
    package func notifyWarning(critical: Bool) -> [BeltNavigationOutput] {
        isConnected ? [.send(Self.warningCommand(critical: critical))] : []
    }

    /// FSLib's `notifyWarning` write: critical, or the operation warning.
    package static func warningCommand(critical: Bool) -> BeltCommand {
        let config = critical
            ? ChannelConfiguration(channel: 0, pattern: .singleLong, orientation: .binaryMask(0x1111),
                                   iterations: 3, periodMilliseconds: 700, exclusive: true)
            : ChannelConfiguration(channel: 0, pattern: .warning, intensity: 25, orientation: .motorIndex(0),
                                   iterations: 2, periodMilliseconds: 500, exclusive: true)
        return .configureChannel(config)
    }

    /// A state of the appliance, felt by the wearer (`WearerSignal.beltCommand`). Played in any mode
    /// and state, and leaves the navigation channel as it is.
    package func notifyState(_ signal: WearerSignal) -> [BeltNavigationOutput] {
        isConnected ? [.send(signal.beltCommand)] : []
    }

    package func notifyBeltBatteryLevel() -> [BeltNavigationOutput] {
        isConnected ? [.send(.systemSignal(.batteryLevel))] : []
    }

    package mutating func changeDefaultIntensity(_ intensity: Int, feedback: Bool = true) throws(Failure) -> [BeltNavigationOutput] {
        guard (5...100).contains(intensity) else { throw .intensityOutOfRange(intensity) }
        defaultIntensity = intensity
        return isConnected ? [sendIntensity(intensity, feedback: feedback)] : []
    }

    private mutating func sendIntensity(_ intensity: Int, feedback: Bool) -> BeltNavigationOutput {
        intensityEchoes.append(intensity)
        return .send(.setDefaultIntensity(intensity, feedback: feedback))
    }

    package func setCompassAccuracySignal(enabled: Bool, persistent: Bool) -> [BeltNavigationOutput] {
        isConnected ? [.send(.setCompassAccuracySignal(enabled: enabled, persistent: persistent))] : []
    }

    /// Whether the compass accuracy signal should play in app mode (nil: as the belt has it). Applied
    /// at once when connected and the belt reports otherwise, and at each connection after.
    package mutating func setCompassAccuracySignalWanted(_ wanted: Bool?) -> [BeltNavigationOutput] {
        compassAccuracySignalWanted = wanted
        compassAccuracySignalSettled = false
        return isConnected ? settleCompassAccuracySignal() : []
    }

    /// The write that brings the app-mode bit in line with `compassAccuracySignalWanted`, once per
    /// connection and only once the belt's state is known. Temporary (`persistent` off): the belt
    /// forgets it when switched off, so nothing of ours outlives the appliance. The compass-mode bit
    /// is kept as the belt had it; a state with both bits or neither is written in FSLib's form
    /// (`setCompassAccuracySignal`, `11 03 00 03` / `11 03 00 00`).
    private mutating func settleCompassAccuracySignal() -> [BeltNavigationOutput] {
        guard let wanted = compassAccuracySignalWanted, !compassAccuracySignalSettled,
              let state = compassAccuracySignal else { return [] }
        compassAccuracySignalSettled = true
        guard state.contains(.inAppMode) != wanted else { return [] }
        var target = state
        if wanted { target.insert(.inAppMode) } else { target.remove(.inAppMode) }
        if target == .everywhere || target.isEmpty {
            return [.send(.setCompassAccuracySignal(enabled: wanted, persistent: false))]
        }
        return [.send(.setAdvancedParameter(.compassAccuracySignal(target), persistent: false))]
    }

    /// What to write before we let go of the belt (shutdown): silence it and hand it back to wait mode.
    /// Compass, crossing and calibration vibrate too, so they end as well: a belt left behind by a
    /// stopped appliance must be quiet.
    package func shutdownCommands() -> [BeltCommand] {
        guard isConnected else { return [] }
        var commands: [BeltCommand] = [.stop(channel: nil)]
        if beltMode != .wait && beltMode != .standby { commands.append(.changeMode(.wait)) }
        return commands
    }

    /// Sends a deferred vibration update once its 100 ms are up.
    package mutating func poll(now: Duration) -> [BeltNavigationOutput] {
        guard let deadline = pendingVibrationDeadline, now >= deadline else { return [] }
        pendingVibrationDeadline = nil
        return sendNavigationSignalNow(now: now)
    }

    // MARK: Belt events

    package mutating func handle(_ event: BeltEvent, now: Duration) -> [BeltNavigationOutput] {
        switch event {
        case .connected:
            isConnected = true
            lastVibrationSentAt = nil
            compassAccuracySignalSettled = false
            // FSLib asks for the compass accuracy state on connection; the handshake usually has it.
            var out: [BeltNavigationOutput] = compassAccuracySignal == nil
                ? [.send(.requestCompassAccuracySignalState)] : settleCompassAccuracySignal()
            if let defaultIntensity { out.append(sendIntensity(defaultIntensity, feedback: false)) }
            if state == .navigating {
                out += beltMode == .app ? sendNavigationSignalNow(now: now) : [.send(.changeMode(.app))]
            }
            return out
        case .disconnected, .switchedOff:
            isConnected = false
            beltMode = .unknown
            pendingVibrationDeadline = nil
            intensityEchoes = []
            compassAccuracySignal = nil
            firmware = nil
            return []
        case .modeChanged(let mode):
            // The link reports a mode only when the belt announces one (FE06) or a keep-alive shows a
            // different mode than the cached one, so every report is acted on.
            beltMode = mode
            isPauseModeForNavigation = false
            // During the handshake the mode is only recorded; `.connected` then brings the belt in line.
            guard isConnected else { return [] }
            return reactToMode(mode, now: now)
        case .buttonPressed(let button, _, let previousMode, let newMode):
            beltMode = newMode
            return reactToButton(button, previous: previousMode, new: newMode, now: now)
        case .battery:
            return []
        case .firmware(let info):
            firmware = info
            return []
        case .compassAccuracySignal(let state):
            compassAccuracySignal = state
            return isConnected ? settleCompassAccuracySignal() : []
        case .defaultIntensity(let intensity):
            return beltReported(intensity: intensity)
        }
    }

    /// The belt reported its default intensity: the echo of one of our writes, or its own change.
    private mutating func beltReported(intensity: Int) -> [BeltNavigationOutput] {
        if let echoed = intensityEchoes.firstIndex(of: intensity) {
            intensityEchoes.removeFirst(echoed + 1)
            return []
        }
        // A write is answered in order; a value no write of ours asked for is the belt's own. Below 5
        // the belt plays 5 (pybelt `set_default_intensity`), and 5 is what a reconnection may write back.
        intensityEchoes = []
        let intensity = min(max(intensity, 5), 100)
        guard intensity != defaultIntensity else { return [] }
        defaultIntensity = intensity
        return [.intensityChanged(intensity)]
    }

    private mutating func reactToMode(_ mode: BeltMode, now: Duration) -> [BeltNavigationOutput] {
        switch mode {
        case .standby, .unknown:
            return []
        case .wait:
            return state != .stopped ? stopNavigation() : []
        case .compass, .calibration, .crossing:
            return state == .navigating ? pauseNavigation() : []
        case .app:
            switch state {
            case .navigating: return sendNavigationSignalNow(now: now)
            case .stopped: return [.send(.changeMode(.wait))]
            case .paused: return [.send(.changeMode(.pause))]
            }
        case .pause:
            if state != .paused { return pauseNavigation() }
            isPauseModeForNavigation = true
            return []
        }
    }

    private mutating func reactToButton(_ button: BeltButton, previous: BeltMode, new: BeltMode,
                                        now: Duration) -> [BeltNavigationOutput] {
        isPauseModeForNavigation = false
        if button == .home && previous == new && new == .pause {
            // The belt raised its intensity and reports it on FE06 (`beltReported(intensity:)`).
            return []
        }
        if button == .home && previous == new {
            switch state {
            case .stopped:
                return new == .app ? [.send(.changeMode(.wait))] : [.homeButtonPressed(navigating: false)]
            case .paused:
                return resume(now: now)
            case .navigating:
                return new != .app ? [.send(.changeMode(.app))] : [.homeButtonPressed(navigating: true)]
            }
        }
        if button == .pause && previous == new {
            switch (new, state) {
            case (.app, .stopped), (.pause, .stopped): return [.send(.changeMode(.wait))]
            case (.app, .paused): return [.send(.changeMode(.pause))]
            case (.app, .navigating): return pauseNavigation()
            case (.pause, .paused): return resume(now: now)
            case (.pause, .navigating): return [.send(.changeMode(.app))]
            default: return []
            }
        }
        // Standby is the belt switching off: the walk is kept as it is, and the connection that
        // follows the wearer switching it on again brings the belt back to it.
        if new == .standby { return [] }
        if new != .app && state == .navigating { return pauseNavigation() }
        return []
    }

    /// Resume with the stored parameters (FSLib calls `startNavigation` with them).
    private mutating func resume(now: Duration) -> [BeltNavigationOutput] {
        (try? startNavigation(direction: direction, isMagneticBearing: isMagneticBearing, signal: signal, now: now)) ?? []
    }

    // MARK: Sending the navigation signal with the 100 ms throttle

    private mutating func store(direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?) {
        self.direction = ((direction % 360) + 360) % 360
        self.isMagneticBearing = isMagneticBearing
        self.signal = signal == .noVibration ? nil : signal
    }

    private mutating func sendNavigationSignalThrottled(now: Duration) -> [BeltNavigationOutput] {
        if let last = lastVibrationSentAt, now - last < Self.minimumVibrationInterval {
            if pendingVibrationDeadline == nil { pendingVibrationDeadline = now + Self.minimumVibrationInterval }
            return []
        }
        return sendNavigationSignalNow(now: now)
    }

    private mutating func sendNavigationSignalNow(now: Duration) -> [BeltNavigationOutput] {
        guard isConnected, beltMode == .app, state == .navigating else { return [] }
        lastVibrationSentAt = now
        pendingVibrationDeadline = nil
        guard let signal,
              let config = signal.channelConfiguration(direction: direction, isMagneticBearing: isMagneticBearing)
        else { return [.send(.stop(channel: ChannelConfiguration.navigationChannel))] }
        return [.send(.configureChannel(config))]
    }
}

extension BeltNavigationController {
    /// Carries out one app-side request. Invalid requests (a non-repeated signal, intensity out of
    /// range) are refused with the reason, and nothing is sent.
    package mutating func handle(_ request: BeltRequest, now: Duration) throws(Failure) -> [BeltNavigationOutput] {
        switch request {
        case .startNavigation(let d, let m, let s):
            return try startNavigation(direction: d, isMagneticBearing: m, signal: s, now: now)
        case .updateNavigation(let d, let m, let s):
            return try updateNavigationSignal(direction: d, isMagneticBearing: m, signal: s, now: now)
        case .pauseNavigation:
            return pauseNavigation()
        case .stopNavigation:
            return stopNavigation()
        case .notifyDestinationReached(let stop):
            return notifyDestinationReached(shouldStopNavigation: stop)
        case .notifyDirection(let d, let m):
            return notifyDirection(d, isMagneticBearing: m)
        case .notifyWarning(let critical):
            return notifyWarning(critical: critical)
        case .notifyBatteryLevel:
            return notifyBeltBatteryLevel()
        case .notifyState(let signal):
            return notifyState(signal)
        case .changeDefaultIntensity(let i):
            return try changeDefaultIntensity(i)
        case .mirrorButton(let button, let press):
            return mirror(button, press)
        }
    }

    /// What the belt's own compass and power buttons do (FSLib-iOS docs/README.md, "Belt button press"):
    /// compass enters compass mode (long: calibration), which pauses navigation when the belt reports
    /// it; power plays the battery signal (long: switches the belt off).
    private func mirror(_ button: BeltButton, _ press: BeltPressType) -> [BeltNavigationOutput] {
        guard isConnected else { return [] }
        switch (button, press) {
        case (.compass, .short): return [.send(.changeMode(.compass))]
        case (.compass, .long): return [.send(.changeMode(.calibration))]
        case (.power, .short): return notifyBeltBatteryLevel()
        case (.power, .long): return [.send(.changeMode(.standby))]
        case (.home, _), (.pause, _): return []
        }
    }
}
