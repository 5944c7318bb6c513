import Belt
import Platform

/// The belt's GATT server side, pure: written bytes, CCCD writes, reads and time in; notification
/// bytes out. It wraps `SimulatedBelt`, which keeps the belt's state above the
/// byte level, so every byte a central writes goes through the same decoder the protocol tests check.
///
/// Bytes that do not decode are protocol violations: recorded (a test fails on any) and answered with
/// nothing, as the real belt would most likely stay silent (no library knows of an error message).
package struct BeltPeripheral: Sendable {
    /// A write, CCCD write or read the belt could not make sense of.
    package struct Violation: Sendable, Hashable, CustomStringConvertible {
        package var at: Duration
        /// The short name (`fe03`) or, for an attribute the belt does not have, the UUID written to.
        package var characteristic: String
        package var kind: BeltWrite.Kind
        package var hex: String
        package var reason: String

        package var description: String {
            "\(at.clockString) \(characteristic)\(kind == .clientConfiguration ? " CCCD" : "") [\(hex)]: \(reason)"
        }
    }

    /// `[version, 0, variant]`, readable by every library; 52 is pybelt's newest version.
    package static let firmware = BeltFirmwareInfo(version: 52, variant: 1)
    /// The keep-alive period is unknown; 2 s keeps every library's supervision timer happy.
    package static let keepAliveInterval: Duration = .seconds(2)
    /// The documented nominal orientation rate (FSLib-iOS and -Android docs/README.md).
    package static let defaultOrientationInterval: Duration = .milliseconds(500)
    package static let name = "naviGuertelSim"

    /// The GATT table the libraries need: service → characteristics.
    package static let services: [BeltService: [BeltCharacteristic]] = [
        .control: [.fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe07, .fe09],
        .sensor: [.fe0a, .fe0b, .fe0c],
        .debug: [.fe13, .fe14],
    ]

    /// The belt above the byte level. Internal setter: the world's above-byte link still drives it directly.
    package internal(set) var belt: SimulatedBelt
    /// Characteristics whose CCCD the central switched on in this connection.
    package private(set) var subscriptions: Set<BeltCharacteristic> = []
    package private(set) var violations: [Violation] = []
    package private(set) var headingOffset = 0
    package private(set) var compassAccuracyState: CompassAccuracySignalState = .everywhere
    package private(set) var orientationInterval = BeltPeripheral.defaultOrientationInterval
    package private(set) var pairingRequired = false
    /// Keep-alive answers received, to check the central answers them.
    package private(set) var keepAliveAnswers = 0
    /// When a host last advanced the belt on its own clock (`advance(to:)`), for the battery's drain.
    private var lastAdvance: Duration = .zero
    /// What the belt's own compass reads (magnetic degrees); injected by the world.
    package var magneticHeading = 0.0

    private var nextKeepAliveAt: Duration?
    private var nextOrientationAt: Duration?
    /// The charge last reported on FE09; the next report goes out one whole percent away from it,
    /// or when the power status changes (full on the charger).
    private var lastBatteryPercent: Double
    private var lastPowerStatus: BeltPowerStatus

    package init(belt: SimulatedBelt = SimulatedBelt()) {
        self.belt = belt
        lastBatteryPercent = belt.batteryPercent
        lastPowerStatus = belt.powerStatus
    }

    // MARK: What the belt is doing

    package var mode: BeltMode { belt.mode }
    package var defaultIntensity: Int { belt.defaultIntensity }
    /// The active channels: pattern, intensity (nil = default) and orientation in each configuration.
    package var activeChannels: [UInt8: SimulatedBelt.ActiveChannel] { belt.channels }

    /// Time to empty or to full from the rates of `SimulatedBelt.advance`.
    package var batteryStatus: BeltBatteryStatus { belt.batteryStatus }

    // MARK: Link

    /// A central connected: CCCDs start switched off (the belt does not bond).
    package mutating func connect(at now: Duration) {
        subscriptions.removeAll()
        nextKeepAliveAt = nil
        nextOrientationAt = nil
    }

    /// The central closed the link.
    package mutating func disconnect() {
        subscriptions.removeAll()
        nextKeepAliveAt = nil
        nextOrientationAt = nil
    }

    /// The link dropped: the belt also falls back to wait mode (FSLib-iOS docs/README.md).
    package mutating func linkLost() {
        disconnect()
        belt.linkLost()
    }

    // MARK: Central operations

    /// A value write (with or without response). Returns the notifications it causes.
    package mutating func write(_ characteristic: BeltCharacteristic, _ bytes: [UInt8], at now: Duration) -> [BeltWrite] {
        let command: BeltCommand
        do {
            command = try BeltCommandDecoder.decode(BeltWrite(characteristic: characteristic, bytes: bytes))
        } catch {
            refuse(characteristic.rawValue, bytes, kind: .value, reason: "\(error.reason)", at: now)
            return []
        }
        return apply(command, at: now)
    }

    /// A CCCD write: `01 00` subscribes, `00 00` unsubscribes (Core Spec Vol 3 Part G §3.3.3.3).
    package mutating func writeClientConfiguration(_ characteristic: BeltCharacteristic, _ bytes: [UInt8],
                                                  at now: Duration) -> [BeltWrite] {
        guard characteristic.notifies else {
            refuse(characteristic.rawValue, bytes, kind: .clientConfiguration, reason: "has no CCCD", at: now)
            return []
        }
        let on: Bool
        switch bytes {
        case BeltWrite.notificationsOn: on = true
        case BeltWrite.notificationsOff: on = false
        default:
            refuse(characteristic.rawValue, bytes, kind: .clientConfiguration, reason: "not a CCCD value", at: now)
            return []
        }
        if on { subscriptions.insert(characteristic) } else { subscriptions.remove(characteristic) }
        switch characteristic {
        case .fe02: nextKeepAliveAt = on ? now + Self.keepAliveInterval : nil
        case .fe0c: nextOrientationAt = on ? now + orientationInterval : nil
        case .fe09:
            lastBatteryPercent = belt.batteryPercent
            lastPowerStatus = belt.powerStatus
        default: break
        }
        // FE0C and FE09 switches are commands in their own right: let the belt record them.
        if characteristic == .fe0c || characteristic == .fe09,
           let command = try? BeltCommandDecoder.decode(.notifications(characteristic, enabled: on)) {
            return apply(command, at: now)
        }
        return []
    }

    /// A CCCD write by flag, as the GATT client API has it.
    package mutating func setNotifications(_ characteristic: BeltCharacteristic, enabled: Bool, at now: Duration) -> [BeltWrite] {
        writeClientConfiguration(characteristic, enabled ? BeltWrite.notificationsOn : BeltWrite.notificationsOff, at: now)
    }

    /// A read; nil (and a violation) for a characteristic that is not readable.
    package mutating func read(_ characteristic: BeltCharacteristic, at now: Duration) -> [UInt8]? {
        let command: BeltCommand
        do {
            command = try BeltCommandDecoder.decode(.read(characteristic))
        } catch {
            refuse(characteristic.rawValue, [], kind: .readRequest, reason: "\(error.reason)", at: now)
            return nil
        }
        // Recorded, but the answer is the read value, not a notification.
        _ = belt.receive(command, at: now)
        switch command {
        case .requestFirmwareVersion: return BeltNotification.firmwareInfo(Self.firmware).encoded().bytes
        default: return BeltNotification.batteryStatus(batteryStatus).encoded().bytes
        }
    }

    /// A request the belt's GATT server refused (a write to a read-only characteristic, a bad CCCD
    /// value, a malformed PDU): the central broke the table's rules, which is a violation too.
    package mutating func recordRefusedRequest(_ why: String, at now: Duration) {
        refuse("ATT", [], kind: .value, reason: why, at: now)
    }

    // MARK: Time and buttons

    /// Moves the belt on: drains the battery, expires channels, and emits the periodic notifications.
    package mutating func advance(to now: Duration, dt: Double) -> [BeltWrite] {
        belt.advance(to: now, dt: dt)
        var out: [BeltWrite] = []
        while let t = nextKeepAliveAt, t <= now {
            out.append(BeltNotification.keepAlive(mode: belt.mode).encoded())
            nextKeepAliveAt = t + Self.keepAliveInterval
        }
        while let t = nextOrientationAt, t <= now {
            out.append(orientationNotification())
            nextOrientationAt = t + orientationInterval
        }
        if subscriptions.contains(.fe09),
           abs(belt.batteryPercent - lastBatteryPercent) >= 1 || belt.powerStatus != lastPowerStatus {
            lastBatteryPercent = belt.batteryPercent
            lastPowerStatus = belt.powerStatus
            out.append(BeltNotification.batteryStatus(batteryStatus).encoded())
        }
        return out
    }

    /// When `advance` next has something to do: a keep-alive or orientation notification, a battery
    /// report one whole percent away from the last, or a timed vibration ending; nil while nothing is
    /// due. The simulated board's world wakes by it.
    package func nextDue(after now: Duration) -> Duration? {
        var due = [nextKeepAliveAt, nextOrientationAt, belt.nextChannelEnd].compactMap { $0 }
        let rate = belt.chargeRatePerSecond
        let moving = belt.powerStatus == .charging ? belt.batteryPercent < 100 : belt.batteryPercent > 0
        if subscriptions.contains(.fe09), rate > 0, moving {
            let left = max(0, 1 - abs(belt.batteryPercent - lastBatteryPercent))
            // Rounded up to the millisecond: waking a hair early would find the percent not yet gone.
            due.append(now + .milliseconds(Int((left / rate * 1000).rounded(.up)) + 1))
        }
        return due.map { max($0, now) }.min()
    }

    /// Moves the belt on by the time since the last call, as a host that owns the clock does.
    package mutating func advanceOnOwnClock(to now: Duration) -> [BeltWrite] {
        let dt = (now - lastAdvance).inSeconds
        lastAdvance = now
        return advance(to: now, dt: dt)
    }

    /// A press on one of the belt's buttons: FE04 `[button, press, 0, prev, new]`.
    package mutating func press(_ button: BeltButton, _ press: BeltPressType, at now: Duration) -> [BeltWrite] {
        notifications(for: belt.press(button, press, at: now))
    }

    /// The notifications, on subscribed characteristics, that carry the given belt events.
    package func notifications(for events: [BeltEvent]) -> [BeltWrite] {
        events.compactMap { event -> BeltWrite? in
            let n: BeltNotification
            switch event {
            case .modeChanged(let m): n = .mode(m)
            case .battery: n = .batteryStatus(batteryStatus)
            case .buttonPressed(let b, let p, let prev, let new): n = .buttonPressed(b, p, previousMode: prev, newMode: new)
            case .defaultIntensity(let i): n = .defaultIntensity(i)
            // Answered by `apply` in the form the write came in.
            case .compassAccuracySignal: return nil
            case .connected, .disconnected, .switchedOff, .firmware: return nil
            }
            return subscriptions.contains(n.characteristic) ? n.encoded() : nil
        }
    }

    // MARK: Private

    private mutating func refuse(_ characteristic: String, _ bytes: [UInt8], kind: BeltWrite.Kind, reason: String, at now: Duration) {
        violations.append(Violation(at: now, characteristic: characteristic, kind: kind, hex: BeltHex.format(bytes), reason: reason))
    }

    private func orientationNotification() -> BeltWrite {
        let heading = Int((magneticHeading.truncatingRemainder(dividingBy: 360) + 360).rounded()) % 360
        return BeltNotification.orientation(BeltOrientationReport(beltHeading: Int16(heading), boxHeading: Int16(heading))).encoded()
    }

    /// Applies a decoded command; parameter requests and writes are answered on FE06.
    private mutating func apply(_ command: BeltCommand, at now: Duration) -> [BeltWrite] {
        var answers: [BeltNotification] = []
        var applied = command
        switch command {
        case .requestParameter(.defaultIntensity):
            answers.append(.defaultIntensity(belt.defaultIntensity))
        case .requestParameter(.headingOffset):
            answers.append(.headingOffset(headingOffset))
        case .setHeadingOffset(let d):
            if (0..<360).contains(d) { headingOffset = d }
            answers.append(.headingOffset(headingOffset))
        case .requestParameter(.bleName):
            answers.append(.bleName(Self.name))
        case .requestCompassAccuracySignalState:
            answers.append(.advancedParameter(.compassAccuracySignal(compassAccuracyState)))
        case .setCompassAccuracySignal(let enabled, _):
            compassAccuracyState = enabled ? .everywhere : []
            answers.append(.advancedParameter(.compassAccuracySignal(compassAccuracyState)))
        case .requestAdvancedParameter(let p):
            if let v = advancedValue(p) { answers.append(.advancedParameter(v)) }
        case .setAdvancedParameter(let v, _):
            switch v {
            // Recorded as the basic command it amounts to, so the belt model keeps one intensity.
            case .defaultIntensity(let i): applied = .setDefaultIntensity(i, feedback: false)
            case .headingOffset(let d): headingOffset = d
            case .compassAccuracySignal(let s): compassAccuracyState = s
            case .orientationNotificationPeriod(let ms): orientationInterval = .milliseconds(Int(ms))
            case .pairingRequired(let r): pairingRequired = r
            }
            if v.parameter != .defaultIntensity, let value = advancedValue(v.parameter) { answers.append(.advancedParameter(value)) }
        case .answerKeepAlive:
            keepAliveAnswers += 1
        default:
            break
        }
        let events = belt.receive(applied, at: now)
        // An intensity write is answered after the belt applied (or refused) it, in the form it came in.
        if case .setDefaultIntensity = applied {
            if case .setAdvancedParameter = command {
                answers.append(.advancedParameter(.defaultIntensity(belt.defaultIntensity)))
            } else {
                answers.append(.defaultIntensity(belt.defaultIntensity))
            }
        }
        return notifications(for: events) + answers.filter { subscriptions.contains($0.characteristic) }.map { $0.encoded() }
    }

    private func advancedValue(_ p: BeltAdvancedParameter) -> BeltAdvancedParameterValue? {
        switch p {
        case .defaultIntensity: .defaultIntensity(belt.defaultIntensity)
        case .headingOffset: .headingOffset(headingOffset)
        case .compassAccuracySignal: .compassAccuracySignal(compassAccuracyState)
        case .orientationNotificationPeriod:
            .orientationNotificationPeriod(milliseconds: UInt16(orientationInterval.components.seconds * 1000
                                                                + orientationInterval.components.attoseconds / 1_000_000_000_000_000))
        case .pairingRequirement: .pairingRequired(pairingRequired)
        // Layouts unknown: the belt stays silent, as for any value it cannot report.
        case .buzzerActive, .frontRange: nil
        }
    }
}

extension BeltPeripheral {
    /// Scripted: the battery's charge jumps; a subscribed central hears of it on the next step.
    package mutating func setBattery(percent: Double) {
        belt.setBattery(percent: percent)
    }

    /// Scripted: the belt is plugged in or unplugged; the FE09 notification it sends at once (to a
    /// subscribed central).
    package mutating func setPower(_ power: BeltPowerStatus) -> [BeltWrite] {
        let events = belt.setPower(power)
        lastBatteryPercent = belt.batteryPercent
        lastPowerStatus = belt.powerStatus
        return notifications(for: events)
    }

    /// Scripted: the wearer sets the intensity on the belt's buttons; the FE06 `01 02 i` it sends.
    package mutating func setIntensityOnButtons(_ intensity: Int) -> [BeltWrite] {
        notifications(for: belt.setIntensityOnButtons(intensity))
    }
}
